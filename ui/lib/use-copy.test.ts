import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  COPIED_TOOLTIP_MS,
  createCopyController,
  writeToClipboard,
  type CopyStatus,
} from './use-copy';

function setup(copy: (text: string) => Promise<void> | void, duration?: number) {
  const statuses: CopyStatus[] = [];
  const controller = createCopyController({
    copy,
    ...(duration === undefined ? {} : { duration }),
    onStatusChange: (s) => statuses.push(s),
  });
  return { controller, statuses };
}

describe('createCopyController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('copies the text, reports copied, and returns to idle after 5 seconds', async () => {
    const copy = vi.fn(async () => {});
    const { controller, statuses } = setup(copy);
    await expect(controller.copy('secret')).resolves.toBe('copied');
    expect(copy).toHaveBeenCalledWith('secret');
    expect(statuses).toEqual(['copied']);

    vi.advanceTimersByTime(COPIED_TOOLTIP_MS - 1);
    expect(statuses).toEqual(['copied']);
    vi.advanceTimersByTime(1);
    expect(statuses).toEqual(['copied', 'idle']);
  });

  it('uses 5000 ms as the default', () => {
    expect(COPIED_TOOLTIP_MS).toBe(5000);
  });

  it('reports failed when the clipboard rejects or throws, and never rejects itself', async () => {
    const rejecting = setup(() => Promise.reject(new Error('denied')), 100);
    await expect(rejecting.controller.copy('x')).resolves.toBe('failed');
    expect(rejecting.statuses).toEqual(['failed']);
    vi.advanceTimersByTime(100);
    expect(rejecting.statuses).toEqual(['failed', 'idle']);

    const throwing = setup(() => {
      throw new Error('sync');
    });
    await expect(throwing.controller.copy('x')).resolves.toBe('failed');
  });

  it('restarts the timer on a second copy', async () => {
    const { controller, statuses } = setup(async () => {}, 1000);
    await controller.copy('a');
    vi.advanceTimersByTime(800);
    await controller.copy('b');
    vi.advanceTimersByTime(800);
    expect(statuses).toEqual(['copied', 'copied']);
    vi.advanceTimersByTime(200);
    expect(statuses).toEqual(['copied', 'copied', 'idle']);
  });

  it('drops the result of an older copy that settles after a newer one', async () => {
    let resolveSlow: () => void = () => {};
    const copy = vi
      .fn<(text: string) => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((r) => (resolveSlow = r)))
      .mockImplementationOnce(() => Promise.reject(new Error('denied')));
    const { controller, statuses } = setup(copy, 1000);
    const slow = controller.copy('slow');
    await controller.copy('fast');
    resolveSlow();
    await expect(slow).resolves.toBe('copied');
    expect(statuses).toEqual(['failed']);
  });

  it('cancel clears the timer and ignores copies in flight', async () => {
    let resolveSlow: () => void = () => {};
    const { controller, statuses } = setup(() => new Promise<void>((r) => (resolveSlow = r)));
    const pending = controller.copy('x');
    controller.cancel();
    resolveSlow();
    await pending;
    vi.advanceTimersByTime(COPIED_TOOLTIP_MS);
    expect(statuses).toEqual([]);

    const done = setup(async () => {});
    await done.controller.copy('y');
    done.controller.cancel();
    vi.advanceTimersByTime(COPIED_TOOLTIP_MS);
    expect(done.statuses).toEqual(['copied']);
  });

  it('writeToClipboard uses navigator.clipboard and rejects without it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await writeToClipboard('v');
    expect(writeText).toHaveBeenCalledWith('v');

    vi.stubGlobal('navigator', {});
    await expect(writeToClipboard('v')).rejects.toThrow('Clipboard unavailable');
  });
});

describe('createCopyController per-call writer', () => {
  it('uses the writer given to copy() over the default', async () => {
    const fallback = vi.fn(async () => {});
    const using = vi.fn(async () => {});
    const controller = createCopyController({ copy: fallback, onStatusChange: () => {} });
    await controller.copy('x', using);
    expect(using).toHaveBeenCalledWith('x');
    expect(fallback).not.toHaveBeenCalled();
    await controller.copy('y');
    expect(fallback).toHaveBeenCalledWith('y');
  });
});
