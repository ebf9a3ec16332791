import { describe, expect, it } from 'vitest';
import { trialEndText } from './trial';

describe('trialEndText', () => {
  it('is today plus seven days, formatted like March 5th, 2025', () => {
    expect(trialEndText(new Date(2025, 1, 26, 10))).toBe('March 5th, 2025');
  });

  it('crosses month and year ends and uses ordinals', () => {
    expect(trialEndText(new Date(2026, 11, 25))).toBe('January 1st, 2027');
    expect(trialEndText(new Date(2026, 10, 15))).toBe('November 22nd, 2026');
    expect(trialEndText(new Date(2026, 10, 16))).toBe('November 23rd, 2026');
    expect(trialEndText(new Date(2026, 10, 4))).toBe('November 11th, 2026');
  });
});
