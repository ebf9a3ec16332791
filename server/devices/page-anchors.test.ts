import { describe, expect, it } from 'vitest';
import { PageAnchorCache, type PageAnchors } from './page-anchors';

const anchors = (n: number): PageAnchors => ({
  total: n * 10,
  anchors: Array.from({ length: n }, (_, i) => [String(i)]),
});

describe('PageAnchorCache', () => {
  it('computes once per key, also for concurrent misses', async () => {
    const cache = new PageAnchorCache();
    let calls = 0;
    const compute = async () => {
      calls++;
      return anchors(2);
    };
    const [a, b] = await Promise.all([
      cache.get(1, 0, 'l', compute),
      cache.get(1, 0, 'l', compute),
    ]);
    expect(a).toBe(b);
    await cache.get(1, 0, 'l', compute);
    expect(calls).toBe(1);
    await cache.get(1, 0, 'other', compute);
    await cache.get(2, 0, 'l', compute);
    expect(calls).toBe(3);
  });

  it('drops an organization’s entries of older versions when a newer one shows up', async () => {
    const cache = new PageAnchorCache();
    await cache.get(1, 0, 'a', async () => anchors(1));
    await cache.get(1, 0, 'b', async () => anchors(1));
    await cache.get(2, 0, 'a', async () => anchors(1));
    expect(cache.size).toBe(3);
    await cache.get(1, 1, 'a', async () => anchors(1));
    expect(cache.size).toBe(2);
  });

  it('evicts the least recently used beyond its entry and anchor bounds', async () => {
    const cache = new PageAnchorCache({ maxEntries: 2, maxAnchors: 100 });
    let calls = 0;
    const compute = (n: number) => async () => {
      calls++;
      return anchors(n);
    };
    await cache.get(1, 0, 'a', compute(1));
    await cache.get(1, 0, 'b', compute(1));
    await cache.get(1, 0, 'a', compute(1)); // a is now the most recent
    await cache.get(1, 0, 'c', compute(1)); // evicts b
    expect(cache.size).toBe(2);
    await cache.get(1, 0, 'a', compute(1));
    expect(calls).toBe(3);
    await cache.get(1, 0, 'big', compute(150)); // over the anchor bound: only it stays
    await Promise.resolve();
    expect(cache.size).toBe(1);
  });

  it('forgets a failed computation', async () => {
    const cache = new PageAnchorCache();
    await expect(
      cache.get(1, 0, 'a', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow('db down');
    await Promise.resolve();
    expect(await cache.get(1, 0, 'a', async () => anchors(1))).toEqual(anchors(1));
  });
});
