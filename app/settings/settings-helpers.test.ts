import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';
import { parseSettingsTab, visibleTabs } from './settings-tabs';

describe('settings tab from the URL', () => {
  it('defaults to admin for a missing or unknown tab', () => {
    expect(parseSettingsTab('')).toBe('admin');
    expect(parseSettingsTab('tab=nope')).toBe('admin');
    expect(parseSettingsTab('tab=scim')).toBe('scim');
    expect(parseSettingsTab('tab=threat-hunter')).toBe('threat-hunter');
  });

  it('threat-hunter shows only with access', () => {
    expect(visibleTabs(false).map((t) => t.value)).not.toContain('threat-hunter');
    expect(visibleTabs(true).map((t) => t.value)).toContain('threat-hunter');
    expect(visibleTabs(true)).toHaveLength(9);
  });
});

describe('relative time of an invite', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:50Z', 'just now'],
    ['2026-11-22T11:58:00Z', '2 minutes ago'],
    ['2026-11-22T10:00:00Z', '2 hours ago'],
    ['2026-11-21T12:00:00Z', 'yesterday'],
    ['2026-11-19T12:00:00Z', '3 days ago'],
  ])('%s → %s', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});
