import { describe, expect, it } from 'vitest';

import { applyTheme, resolveTheme } from './theme';

describe('resolveTheme', () => {
  it('follows the system only for the system choice', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('applyTheme', () => {
  it('sets and removes the dark class', () => {
    const root = { classList: new Set<string>() } as unknown as HTMLElement;
    const list = new Set<string>();
    (root as unknown as { classList: { toggle: (c: string, on: boolean) => void } }).classList = {
      toggle: (c: string, on: boolean) => (on ? list.add(c) : list.delete(c)),
    };
    applyTheme('dark', root);
    expect(list.has('dark')).toBe(true);
    applyTheme('light', root);
    expect(list.has('dark')).toBe(false);
  });
});
