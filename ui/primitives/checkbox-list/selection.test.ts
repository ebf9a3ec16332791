import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { shouldLoadMore, toggleSelection } from './selection';

describe('toggleSelection', () => {
  it('adds at the end and removes in place', () => {
    expect(toggleSelection(['a', 'b'], 'c', true)).toEqual(['a', 'b', 'c']);
    expect(toggleSelection(['a', 'b', 'c'], 'b', false)).toEqual(['a', 'c']);
  });

  it('returns the same array when nothing changes', () => {
    const selected = ['a'];
    expect(toggleSelection(selected, 'a', true)).toBe(selected);
    expect(toggleSelection(selected, 'z', false)).toBe(selected);
  });

  it('keeps every other id and never duplicates (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ maxLength: 3 })),
        fc.string({ maxLength: 3 }),
        fc.boolean(),
        (selected, id, checked) => {
          const next = toggleSelection(selected, id, checked);
          expect(next.includes(id)).toBe(checked);
          expect(new Set(next).size).toBe(next.length);
          expect(next.filter((s) => s !== id)).toEqual(selected.filter((s) => s !== id));
        },
      ),
    );
  });
});

describe('shouldLoadMore', () => {
  const base = {
    visible: true,
    hasMore: true,
    loading: false,
    listKey: '40:g1',
    requestedFor: null,
  };

  it('asks once the bottom is reached', () => {
    expect(shouldLoadMore(base)).toBe(true);
  });

  it('does not ask when hidden, exhausted, loading or already asked for this list', () => {
    expect(shouldLoadMore({ ...base, visible: false })).toBe(false);
    expect(shouldLoadMore({ ...base, hasMore: false })).toBe(false);
    expect(shouldLoadMore({ ...base, loading: true })).toBe(false);
    expect(shouldLoadMore({ ...base, requestedFor: '40:g1' })).toBe(false);
  });

  it('asks again once the list has grown', () => {
    expect(shouldLoadMore({ ...base, listKey: '80:g1', requestedFor: '40:g1' })).toBe(true);
  });
});
