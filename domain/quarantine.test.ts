import { describe, expect, it } from 'vitest';
import {
  ALERT_SEVERITY_THRESHOLDS,
  DEFAULT_CONDITIONAL_ACCESS_POLICY,
  type AlertSeverityThreshold,
  type ConditionalAccessPolicy,
} from './conditional-access';
import { PERIODS, type Period } from './periods';
import {
  alertSeverityLevel,
  compareOsKeys,
  evaluateDevice,
  osVersionKey,
  policyQuarantines,
  quarantineReason,
  QUARANTINE_REASON_MAX_LENGTH,
  outdatedSince,
  type DeviceFacts,
  type SeenOs,
} from './quarantine';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** A device that breaks nothing under any policy. */
const CLEAN: DeviceFacts = {
  platform: 'android',
  osVersion: '15',
  lastScanAt: ago(60_000),
  lastSeenAt: ago(60_000),
  screenLock: true,
  worstOpenAlertLevel: null,
};
const OFF: ConditionalAccessPolicy = DEFAULT_CONDITIONAL_ACCESS_POLICY;
const rules = (facts: DeviceFacts, policy: Partial<ConditionalAccessPolicy>, seen: SeenOs[] = []) =>
  evaluateDevice(facts, { ...OFF, ...policy }, NOW, seen).map((v) => v.rule);

describe('the policy that quarantines nobody', () => {
  it('lets the worst device through', () => {
    const worst: DeviceFacts = {
      platform: 'ios',
      osVersion: '9.3.6',
      lastScanAt: ago(400 * DAY),
      lastSeenAt: ago(400 * DAY),
      screenLock: false,
      worstOpenAlertLevel: 0,
    };
    expect(rules(worst, {}, [{ version: '18.2', since: ago(400 * DAY) }])).toEqual([]);
    expect(policyQuarantines(OFF)).toBe(false);
  });
});

describe('Quarantine on alert severity: every choice', () => {
  // [threshold, worst open alert level, breaks]
  const table: Array<[AlertSeverityThreshold, 0 | 1 | null, boolean]> = [
    ['CRITICAL_ONLY', 0, true],
    ['CRITICAL_ONLY', 1, false],
    ['CRITICAL_ONLY', null, false],
    ['HIGH_AND_CRITICAL', 0, true],
    ['HIGH_AND_CRITICAL', 1, true],
    ['HIGH_AND_CRITICAL', null, false],
    ['NONE', 0, false],
    ['NONE', 1, false],
    ['NONE', null, false],
  ];
  it('covers each dropdown value', () => {
    expect(new Set(table.map(([t]) => t))).toEqual(new Set(ALERT_SEVERITY_THRESHOLDS));
  });
  it.each(table)(
    '%s with worst open alert level %s → breaks: %s',
    (alertSeverity, level, breaks) => {
      const got = evaluateDevice(
        { ...CLEAN, worstOpenAlertLevel: level },
        { ...OFF, alertSeverity },
        NOW,
        [],
      );
      expect(got.map((v) => v.rule)).toEqual(breaks ? ['alertSeverity'] : []);
      if (breaks)
        expect(got[0]?.text).toBe(level === 0 ? 'Open critical alert' : 'Open high alert');
      expect(policyQuarantines({ ...OFF, alertSeverity })).toBe(alertSeverity !== 'NONE');
    },
  );
  it.each([
    ['Critical', 0],
    ['critical', 0],
    ['High', 1],
    ['warning', 1],
    ['Suspicious', null],
    ['Low', null],
    ['', null],
  ] as const)('the alert severity %j counts as level %s', (severity, level) => {
    expect(alertSeverityLevel(severity)).toBe(level);
  });
});

/** Each period just inside and just beyond its length; Never never breaks. */
const PERIOD_CASES: Array<[Period, number | null, string]> = [
  ['THREE_DAYS', 3 * DAY, 'three days'],
  ['SEVEN_DAYS', 7 * DAY, 'seven days'],
  ['TWO_WEEKS', 14 * DAY, 'two weeks'],
  ['NEVER', null, ''],
];

it('the period tables cover each dropdown value', () => {
  expect(PERIOD_CASES.map(([p]) => p)).toEqual([...PERIODS]);
});

describe('Quarantine when OS is outdated for: every choice', () => {
  it.each(PERIOD_CASES)('%s', (outdatedOSPeriod, length, words) => {
    const old = { ...CLEAN, osVersion: '14' };
    const newestFor = (ms: number) => [
      { version: '14', since: ago(100 * DAY) },
      { version: '15', since: ago(ms) },
    ];
    // Outdated, the newer version seen exactly as long as the period: not yet.
    expect(rules(old, { outdatedOSPeriod }, newestFor(length ?? 1000 * DAY))).toEqual([]);
    // Seen a minute longer: breaks (except Never).
    const beyond = (length ?? 1000 * DAY) + 60_000;
    const got = evaluateDevice(old, { ...OFF, outdatedOSPeriod }, NOW, newestFor(beyond));
    if (length === null) {
      expect(got).toEqual([]);
      expect(policyQuarantines({ ...OFF, outdatedOSPeriod })).toBe(false);
    } else {
      expect(got).toEqual([
        { rule: 'outdatedOS', text: `OS 14 outdated for more than ${words} (newest: 15)` },
      ]);
      expect(policyQuarantines({ ...OFF, outdatedOSPeriod })).toBe(true);
    }
    // The newest version itself, an equal one written differently, and a newer one never break.
    for (const osVersion of ['15', '15.0', '15.0.1', '16']) {
      expect(rules({ ...CLEAN, osVersion }, { outdatedOSPeriod }, newestFor(beyond))).toEqual([]);
    }
    // No newest version known, or a version that is not numbers: not outdated.
    expect(rules(old, { outdatedOSPeriod }, [])).toEqual([]);
    expect(
      rules({ ...CLEAN, osVersion: 'beta-2' }, { outdatedOSPeriod }, newestFor(beyond)),
    ).toEqual([]);
    expect(rules({ ...CLEAN, osVersion: null }, { outdatedOSPeriod }, newestFor(beyond))).toEqual(
      [],
    );
  });

  it('counts from the first newer version: a device left behind by 15 stays outdated when 16 arrives', () => {
    const seen = [
      { version: '14', since: ago(30 * DAY) },
      { version: '15', since: ago(5 * DAY) },
      { version: '16.0', since: ago(DAY) },
    ];
    expect(outdatedSince('14', seen)).toEqual({ since: ago(5 * DAY), newest: '16.0' });
    expect(outdatedSince('15', seen)).toEqual({ since: ago(DAY), newest: '16.0' });
    expect(outdatedSince('16', seen)).toBeNull();
    expect(outdatedSince('x', seen)).toBeNull();
    expect(rules({ ...CLEAN, osVersion: '14' }, { outdatedOSPeriod: 'THREE_DAYS' }, seen)).toEqual([
      'outdatedOS',
    ]);
    expect(rules({ ...CLEAN, osVersion: '15' }, { outdatedOSPeriod: 'THREE_DAYS' }, seen)).toEqual(
      [],
    );
  });

  it('compares versions by their numbers', () => {
    expect(osVersionKey('17.6.1')).toEqual([17, 6, 1]);
    expect(osVersionKey('17.0.0')).toEqual([17]);
    expect(osVersionKey('0')).toEqual([0]);
    expect(osVersionKey('17.x')).toBeNull();
    expect(osVersionKey('')).toBeNull();
    expect(compareOsKeys([9], [10])).toBeLessThan(0);
    expect(compareOsKeys([17, 6, 1], [17, 6])).toBeGreaterThan(0);
    expect(compareOsKeys([17], [17, 0])).toBe(0);
  });
});

describe('Quarantine when no scans reported for: every choice', () => {
  it.each(PERIOD_CASES)('%s', (deviceIntegrityPeriod, length, words) => {
    const at = (ms: number): DeviceFacts => ({ ...CLEAN, lastScanAt: ago(ms), lastSeenAt: ago(0) });
    const limit = length ?? 1000 * DAY;
    expect(rules(at(limit), { deviceIntegrityPeriod })).toEqual([]);
    const got = evaluateDevice(at(limit + 60_000), { ...OFF, deviceIntegrityPeriod }, NOW, []);
    if (length === null) {
      expect(got).toEqual([]);
    } else {
      expect(got).toEqual([{ rule: 'noScans', text: `No scan for more than ${words}` }]);
      // Never scanned: the clock starts when the device was last heard from (its enrolment).
      const never = { ...CLEAN, lastScanAt: null, lastSeenAt: ago(limit + 60_000) };
      expect(rules(never, { deviceIntegrityPeriod })).toEqual(['noScans']);
      expect(
        rules({ ...never, lastSeenAt: ago(limit - 60_000) }, { deviceIntegrityPeriod }),
      ).toEqual([]);
      // Nothing ever heard from it (no time to count from): not judged.
      expect(
        rules({ ...CLEAN, lastScanAt: null, lastSeenAt: null }, { deviceIntegrityPeriod }),
      ).toEqual([]);
    }
    expect(policyQuarantines({ ...OFF, deviceIntegrityPeriod })).toBe(length !== null);
  });
});

describe('Quarantine when no screen lock: every choice', () => {
  // [screenLockEnabled (Enabled / Disabled), reported screen lock, breaks]
  const table: Array<[boolean, boolean | null, boolean]> = [
    [true, false, true],
    [true, true, false],
    [true, null, false],
    [false, false, false],
    [false, true, false],
    [false, null, false],
  ];
  it.each(table)(
    'screen lock rule %s, device reports %s → breaks: %s',
    (screenLockEnabled, screenLock, breaks) => {
      expect(rules({ ...CLEAN, screenLock }, { screenLockEnabled })).toEqual(
        breaks ? ['screenLock'] : [],
      );
      expect(policyQuarantines({ ...OFF, screenLockEnabled })).toBe(screenLockEnabled);
    },
  );
});

describe('several rules and the reason', () => {
  it('lists every rule broken, in the dropdowns’ order', () => {
    const facts: DeviceFacts = {
      platform: 'ios',
      osVersion: '17.7',
      lastScanAt: ago(20 * DAY),
      lastSeenAt: ago(DAY),
      screenLock: false,
      worstOpenAlertLevel: 1,
    };
    const policy: ConditionalAccessPolicy = {
      alertSeverity: 'HIGH_AND_CRITICAL',
      outdatedOSPeriod: 'THREE_DAYS',
      deviceIntegrityPeriod: 'TWO_WEEKS',
      screenLockEnabled: true,
    };
    const got = evaluateDevice(facts, policy, NOW, [{ version: '18.2', since: ago(4 * DAY) }]);
    expect(got.map((v) => v.rule)).toEqual([
      'alertSeverity',
      'outdatedOS',
      'noScans',
      'screenLock',
    ]);
    expect(
      quarantineReason([
        { label: 'iPhone 15', violations: got },
        { label: 'Pixel 9', violations: [] },
      ]),
    ).toBe(
      'iPhone 15: Open high alert; OS 17.7 outdated for more than three days (newest: 18.2); No scan for more than two weeks; No screen lock',
    );
  });

  it('has no reason when every device complies, and keeps a long one short', () => {
    expect(quarantineReason([{ label: 'Pixel 9', violations: [] }])).toBeNull();
    expect(quarantineReason([])).toBeNull();
    const many = Array.from({ length: 40 }, (_, i) => ({
      label: `Device ${i}`,
      violations: [{ rule: 'screenLock' as const, text: 'No screen lock' }],
    }));
    const reason = quarantineReason(many) ?? '';
    expect(reason.length).toBe(QUARANTINE_REASON_MAX_LENGTH);
    expect(reason.endsWith('…')).toBe(true);
  });
});

describe('the scan reminders’ delivery line', () => {
  it('counts e-mails and undelivered pushes, and says nothing when none was sent', async () => {
    const { scanReminderDeliveryText } = await import('./notifications');
    expect(scanReminderDeliveryText({ emails: 0, pushNotDelivered: 0 })).toBeNull();
    expect(scanReminderDeliveryText({ emails: 1, pushNotDelivered: 0 })).toBe(
      'Last 30 days: 1 reminder e-mail queued.',
    );
    expect(scanReminderDeliveryText({ emails: 3, pushNotDelivered: 1 })).toBe(
      'Last 30 days: 3 reminder e-mails queued; 1 push notification not delivered: no push provider configured.',
    );
  });
});
