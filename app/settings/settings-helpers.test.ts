import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { inlineFailure } from './failure';
import { relativeTime } from './relative-time';
import { parseSettingsTab, visibleTabs } from './settings-tabs';

describe('settings tab from the URL', () => {
  it('defaults to admin for a missing or unknown tab', () => {
    expect(parseSettingsTab('')).toBe('admin');
    expect(parseSettingsTab('tab=nope')).toBe('admin');
    expect(parseSettingsTab('tab=scim')).toBe('scim');
    expect(parseSettingsTab('tab=threat-hunter')).toBe('threat-hunter');
    expect(parseSettingsTab('tab=activity')).toBe('activity');
  });

  it('threat-hunter shows only with access', () => {
    expect(visibleTabs(false).map((t) => t.value)).not.toContain('threat-hunter');
    expect(visibleTabs(true).map((t) => t.value)).toContain('threat-hunter');
    expect(visibleTabs(true)).toHaveLength(10);
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

describe('what a card shows inline for a failed save', () => {
  const refused = new ApiError(400, { error: 'The webhook URL answered 404; it must answer 2xx.' });
  const serverError = new ApiError(500, { error: 'boom' });

  it('the answer’s error text', () => {
    expect(inlineFailure(refused, 'Failed to save webhook settings.')).toBe(
      'The webhook URL answered 404; it must answer 2xx.',
    );
  });

  it('what is wrong with the field, not the generic "Invalid request body"', () => {
    const invalid = new ApiError(400, {
      error: 'Invalid request body',
      issues: [{ path: 'url', message: 'Enter a valid URL starting with http:// or https://' }],
    });
    expect(inlineFailure(invalid, 'Failed to save webhook settings.')).toBe(
      'Enter a valid URL starting with http:// or https://',
    );
    // No usable issue: the error text still shows.
    const bare = new ApiError(400, { error: 'Invalid request body', issues: [{ path: 'url' }] });
    expect(inlineFailure(bare, 'x')).toBe('Invalid request body');
  });

  it('the catalogued text when the answer has none, or there was no answer', () => {
    expect(inlineFailure(new ApiError(400, {}), 'Failed to save webhook settings.')).toBe(
      'Failed to save webhook settings.',
    );
    expect(inlineFailure(new TypeError('x'), 'Failed to save webhook settings.')).toBe(
      'Failed to save webhook settings.',
    );
  });

  it('nothing for a 500 (toasted instead), unless it shows inline too (the policy)', () => {
    expect(inlineFailure(serverError, 'Failed to save webhook settings.')).toBeUndefined();
    expect(
      inlineFailure(serverError, 'Failed to update conditional access policy settings.', {
        alsoOnServerError: true,
      }),
    ).toBe('boom');
  });

  it('nothing without a failure', () => {
    expect(inlineFailure(undefined, 'Failed to save webhook settings.')).toBeUndefined();
  });
});
