import { describe, expect, it } from 'vitest';
import { rangeText } from './range-text';

describe('the total line', () => {
  it('names the rows of this page and the whole list', () => {
    expect(rangeText(1, 50, 50, 249)).toBe('1–50 of 249 devices');
    expect(rangeText(5, 50, 49, 249)).toBe('201–249 of 249 devices');
    expect(rangeText(1, 100, 1, 1)).toBe('1–1 of 1 device');
  });

  it('stays inside the list after rows were removed from a cached page', () => {
    expect(rangeText(2, 50, 0, 60)).toBe('51–51 of 60 devices');
    expect(rangeText(3, 50, 0, 60)).toBe('60–60 of 60 devices');
  });
});
