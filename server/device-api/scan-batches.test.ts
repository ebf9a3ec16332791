/**
 * The group commit of scan reports (./scan-batches.ts) as a pure scheduler: what goes in one
 * batch, how many run at once, and that a failing report fails alone.
 */
import { describe, expect, it } from 'vitest';
import { ScanBatcher } from './scan-batches';

/** One turn of the event loop (batches start on the next one). */
const turn = () => new Promise((r) => setTimeout(r, 0));

/** A controllable `apply`: records each batch and settles it when told. */
function recorder(fail: (item: string) => boolean = () => false) {
  const batches: string[][] = [];
  const pending: Array<() => void> = [];
  let running = 0;
  let most = 0;
  const apply = (items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(items);
      running++;
      most = Math.max(most, running);
      pending.push(() => {
        running--;
        if (items.some(fail)) reject(new Error(`failed: ${items.join(',')}`));
        else resolve(items.map((i) => `done ${i}`));
      });
    });
  /** Settles the batches started so far, one by one (each lets the next ones start). */
  const settle = async () => {
    await turn();
    while (pending.length > 0) {
      pending.shift()!();
      await turn();
    }
  };
  return { apply, batches, settle, most: () => most };
}

describe('ScanBatcher', () => {
  it('starts on the next turn; what arrives while a batch runs goes together in the next one', async () => {
    const r = recorder();
    const b = new ScanBatcher(r.apply, { maxInFlight: 1, maxBatch: 10 });
    const first = b.submit('d1', 'a');
    expect(r.batches).toEqual([]);
    await turn();
    expect(r.batches).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map((x, i) => b.submit(`d${i + 2}`, x));
    expect(b.waiting).toBe(3);
    await r.settle();
    expect(await first).toBe('done a');
    expect(await Promise.all(rest)).toEqual(['done b', 'done c', 'done d']);
    expect(r.batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('never puts one device twice in a batch nor in two batches at once', async () => {
    const r = recorder();
    const b = new ScanBatcher(r.apply, { maxInFlight: 3, maxBatch: 10 });
    const all = [
      b.submit('d1', 'a1'),
      b.submit('d1', 'a2'),
      b.submit('d2', 'b1'),
      b.submit('d1', 'a3'),
    ];
    // d1's first report runs; its second and third wait for it even with batches to spare.
    await turn();
    expect(r.batches).toEqual([['a1', 'b1']]);
    await r.settle();
    await r.settle();
    await r.settle();
    expect(await Promise.all(all)).toEqual(['done a1', 'done a2', 'done b1', 'done a3']);
    expect(r.batches).toEqual([['a1', 'b1'], ['a2'], ['a3']]);
  });

  it('keeps to maxBatch and maxInFlight', async () => {
    const r = recorder();
    const b = new ScanBatcher(r.apply, { maxInFlight: 2, maxBatch: 2 });
    const all = Array.from({ length: 7 }, (_, i) => b.submit(`d${i}`, `r${i}`));
    for (let i = 0; i < 5; i++) await r.settle();
    await Promise.all(all);
    expect(r.most()).toBe(2);
    expect(r.batches.every((x) => x.length <= 2)).toBe(true);
    expect(r.batches.flat().sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
  });

  it('a failed batch is retried one report at a time: only the failing report fails', async () => {
    const r = recorder((item) => item === 'bad');
    const b = new ScanBatcher(r.apply, { maxInFlight: 1, maxBatch: 10 });
    const first = b.submit('d0', 'x');
    await turn();
    const results = Promise.allSettled(['a', 'bad', 'c'].map((x, i) => b.submit(`d${i + 1}`, x)));
    for (let i = 0; i < 6; i++) await r.settle();
    expect(await first).toBe('done x');
    const settled = await results;
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(r.batches).toEqual([['x'], ['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    // The device of the failed report is free again.
    const again = b.submit('d2', 'later');
    await r.settle();
    expect(await again).toBe('done later');
  });
});
