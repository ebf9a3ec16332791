import { describe, expect, it } from 'vitest';
import { PageAnchorCache } from './page-anchors';

interface Anchors {
  total: number;
  anchors: string[][];
  weight: number;
}
const anchors = (n: number): Anchors => ({
  total: n * 10,
  anchors: Array.from({ length: n }, (_, i) => [String(i)]),
  weight: n,
});

describe('PageAnchorCache', () => {
  it('computes once per key, also for concurrent misses', async () => {
    const cache = new PageAnchorCache<Anchors>();
    let calls = 0;
    const compute = async () => {
      calls++;
      return anchors(2);
    };
    const [a, b] = await Promise.all([cache.get(1, 'l', compute), cache.get(1, 'l', compute)]);
    expect(a).toBe(b);
    await cache.get(1, 'l', compute);
    expect(calls).toBe(1);
    await cache.get(1, 'other', compute);
    await cache.get(2, 'l', compute);
    expect(calls).toBe(3);
  });

  it('replaces an entry with a newer computation (a refresh), keeping the others', async () => {
    const cache = new PageAnchorCache<Anchors>();
    const first = await cache.get(1, 'a', async () => anchors(1));
    await cache.get(1, 'b', async () => anchors(1));
    const newer = anchors(2);
    await cache.replace(1, 'a', Promise.resolve(newer));
    expect(cache.size).toBe(2);
    const again = await cache.get(1, 'a', async () => anchors(3));
    expect(again).toBe(newer);
    expect(again).not.toBe(first);
  });

  it('evicts the least recently used beyond its entry and anchor bounds', async () => {
    const cache = new PageAnchorCache<Anchors>({ maxEntries: 2, maxAnchors: 100 });
    let calls = 0;
    const compute = (n: number) => async () => {
      calls++;
      return anchors(n);
    };
    await cache.get(1, 'a', compute(1));
    await cache.get(1, 'b', compute(1));
    await cache.get(1, 'a', compute(1)); // a is now the most recent
    await cache.get(1, 'c', compute(1)); // evicts b
    expect(cache.size).toBe(2);
    await cache.get(1, 'a', compute(1));
    expect(calls).toBe(3);
    await cache.get(1, 'big', compute(150)); // over the anchor bound: only it stays
    await Promise.resolve();
    expect(cache.size).toBe(1);
  });

  it('forgets a failed computation', async () => {
    const cache = new PageAnchorCache<Anchors>();
    await expect(
      cache.get(1, 'a', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow('db down');
    await Promise.resolve();
    expect(await cache.get(1, 'a', async () => anchors(1))).toEqual(anchors(1));
  });
});
