import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RevalidationPacer } from './pacer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that resolves when the test says. */
function fetches() {
  const calls: Array<() => void> = [];
  const run = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        calls.push(resolve);
      }),
  );
  return { run, finish: async (i: number) => (calls[i]!(), await vi.advanceTimersByTimeAsync(0)) };
}

describe('RevalidationPacer', () => {
  it('the first notice after a quiet spell fetches at once', () => {
    const { run } = fetches();
    const pacer = new RevalidationPacer(run, { minIntervalMs: 1000, now: () => Date.now() });
    pacer.notify();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('1,000 notices in a second: one fetch now, one after it, none while one is in flight', async () => {
    const { run, finish } = fetches();
    const pacer = new RevalidationPacer(run, { minIntervalMs: 1000, now: () => Date.now() });
    for (let i = 0; i < 1000; i++) {
      pacer.notify();
      await vi.advanceTimersByTimeAsync(1);
    }
    // The first fetch is still in flight: nothing else started.
    expect(run).toHaveBeenCalledTimes(1);
    await finish(0);
    // Done after 1 s: the notices meanwhile are one fetch, now.
    expect(run).toHaveBeenCalledTimes(2);
    await finish(1);
    expect(run).toHaveBeenCalledTimes(2);
    expect(pacer.waiting).toBe(false);
  });

  it('a fast fetch: later notices wait for the interval, then fold into one', async () => {
    const { run, finish } = fetches();
    const pacer = new RevalidationPacer(run, { minIntervalMs: 1000, now: () => Date.now() });
    pacer.notify();
    await finish(0);
    await vi.advanceTimersByTimeAsync(100);
    for (let i = 0; i < 50; i++) pacer.notify();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(899);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await finish(1);
    // Quiet again: after the interval, a notice fetches at once.
    await vi.advanceTimersByTimeAsync(1000);
    pacer.notify();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('a failed fetch does not stop the pacing', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(undefined);
    const pacer = new RevalidationPacer(run, { minIntervalMs: 1000, now: () => Date.now() });
    pacer.notify();
    await vi.advanceTimersByTimeAsync(0);
    pacer.notify();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('disposed: nothing more runs', async () => {
    const { run, finish } = fetches();
    const pacer = new RevalidationPacer(run, { minIntervalMs: 1000, now: () => Date.now() });
    pacer.notify();
    pacer.notify();
    pacer.dispose();
    await finish(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
