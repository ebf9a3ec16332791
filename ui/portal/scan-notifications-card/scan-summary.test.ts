import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { NOTIFICATION_FREQUENCIES, NOTIFICATION_TYPES } from '@domain/notifications';
import { PERIODS } from '@domain/periods';

import { scanReminderSummary, type ScanNotificationPreferences } from './scan-summary';

const frequencies = fc.constantFrom(...NOTIFICATION_FREQUENCIES);
const types = fc.constantFrom(...NOTIFICATION_TYPES);

describe('scanReminderSummary', () => {
  it('describes a push reminder', () => {
    expect(
      scanReminderSummary({
        deviceIntegrityPeriod: 'SEVEN_DAYS',
        notificationFrequency: 'WEEKLY',
        notificationType: 'PUSH',
      }),
    ).toBe(
      'Devices that have not scanned for 7 days get a push notification weekly until they scan.',
    );
  });

  it("describes an e-mail reminder with 'an email'", () => {
    expect(
      scanReminderSummary({
        deviceIntegrityPeriod: 'THREE_DAYS',
        notificationFrequency: 'EVERY_SECOND_DAY',
        notificationType: 'EMAIL',
      }),
    ).toBe(
      'Devices that have not scanned for 3 days get an email every second day until they scan.',
    );
    expect(
      scanReminderSummary({
        deviceIntegrityPeriod: 'TWO_WEEKS',
        notificationFrequency: 'DAILY',
        notificationType: 'EMAIL',
      }),
    ).toBe('Devices that have not scanned for 2 weeks get an email daily until they scan.');
  });

  it("says exactly 'Scan reminder is disabled' for Never, whatever the rest", () => {
    const rest = fc.record({ notificationFrequency: frequencies, notificationType: types });
    fc.assert(
      fc.property(rest, (r) => {
        expect(scanReminderSummary({ ...r, deviceIntegrityPeriod: 'NEVER' })).toBe(
          'Scan reminder is disabled',
        );
      }),
    );
  });

  it('gives a full sentence for every other combination', () => {
    const prefs: fc.Arbitrary<ScanNotificationPreferences> = fc.record({
      deviceIntegrityPeriod: fc.constantFrom(...PERIODS.filter((p) => p !== 'NEVER')),
      notificationFrequency: frequencies,
      notificationType: types,
    });
    fc.assert(
      fc.property(prefs, (p) => {
        const text = scanReminderSummary(p);
        expect(text).toMatch(
          /^Devices that have not scanned for \d+ (days|weeks) get (a push notification|an email) (daily|every second day|weekly) until they scan\.$/,
        );
        expect(text).not.toContain('undefined');
      }),
    );
  });
});
