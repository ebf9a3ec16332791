import { describe, expect, it } from 'vitest';

import { characterCountAnnouncement, characterCountText, isOverLimit } from './character-count';

describe('characterCountText', () => {
  it("reads '{n} / {max}'", () => {
    expect(characterCountText(0, 3000)).toBe('0 / 3000');
    expect(characterCountText(12, 3000)).toBe('12 / 3000');
    expect(characterCountText(3000, 3000)).toBe('3000 / 3000');
  });
});

describe('isOverLimit', () => {
  it('is true only past the limit', () => {
    expect(isOverLimit(2999, 3000)).toBe(false);
    expect(isOverLimit(3000, 3000)).toBe(false);
    expect(isOverLimit(3001, 3000)).toBe(true);
  });

  it('is false without a limit', () => {
    expect(isOverLimit(1_000_000, undefined)).toBe(false);
  });
});

describe('characterCountAnnouncement', () => {
  it("reads '{n} of {max} characters', never the visible '{n} / {max}'", () => {
    expect(characterCountAnnouncement(12, 3000)).toBe('12 of 3000 characters');
    expect(characterCountAnnouncement(12, 3000)).not.toMatch(/\d+ \/ 3000/);
  });
});
