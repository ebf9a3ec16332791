import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isIncluded, reviewCounts, type ReviewMember } from './review-counts';

const member = (id: string, duplicate: boolean, allowedDupe: boolean): ReviewMember => ({
  id,
  name: `Name ${id}`,
  email: `${id}@example.com`,
  duplicate,
  allowedDupe,
});

describe('reviewCounts', () => {
  it('counts nothing for an empty list', () => {
    expect(reviewCounts([])).toEqual({ total: 0, duplicates: 0, excluded: 0, included: 0 });
  });

  it('sends non-duplicates and re-allowed duplicates only', () => {
    const members = [
      member('a', false, false),
      member('b', true, false),
      member('c', true, true),
      // allowedDupe means nothing on a non-duplicate.
      member('d', false, true),
    ];
    expect(reviewCounts(members)).toEqual({ total: 4, duplicates: 2, excluded: 1, included: 3 });
    expect(members.map(isIncluded)).toEqual([true, false, true, true]);
  });

  it('always splits the total into included and excluded (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.boolean())), (flags) => {
        const members = flags.map(([d, a], i) => member(String(i), d, a));
        const counts = reviewCounts(members);
        expect(counts.included + counts.excluded).toBe(counts.total);
        expect(counts.excluded).toBeLessThanOrEqual(counts.duplicates);
        expect(counts.included).toBe(members.filter(isIncluded).length);
      }),
    );
  });
});
