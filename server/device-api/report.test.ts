import { describe, expect, it } from 'vitest';
import type { Finding } from '@contract/device-api';
import { deviceSeverityOf, isNewestReport, planReport, type OpenAlert } from './report';

const finding = (threatId: string, severity: Finding['severity'] = 'critical'): Finding => ({
  threatId,
  name: `Threat ${threatId}`,
  severity,
  category: 'malware',
});
const open = (id: number, threatId: string | null, clearedAt: Date | null = null): OpenAlert => ({
  id,
  threatId,
  severity: 'Critical',
  findingClearedAt: clearedAt,
});
const AT = new Date('2026-11-24T08:00:00Z');

describe('planReport', () => {
  it('opens only findings no open alert of the device has, each threat once', () => {
    const plan = planReport([open(1, 'a')], [finding('a'), finding('b'), finding('b')], true);
    expect(plan.open.map((f) => f.threatId)).toEqual(['b']);
    expect(plan.cleared).toEqual([]);
  });

  it('records vanished findings as cleared and returning ones as back, on the newest report only', () => {
    const alerts = [open(1, 'a'), open(2, 'b', AT), open(3, 'c', AT), open(4, null)];
    expect(planReport(alerts, [finding('b')], true)).toEqual({
      open: [],
      cleared: [1],
      returned: [2],
    });
    // An older report arriving late says nothing about what is still found.
    expect(planReport(alerts, [finding('b'), finding('d')], false)).toEqual({
      open: [finding('d')],
      cleared: [],
      returned: [],
    });
  });

  it('never touches an alert that no report opened', () => {
    expect(planReport([open(9, null)], [], true)).toEqual({ open: [], cleared: [], returned: [] });
  });
});

describe('deviceSeverityOf', () => {
  it.each([
    [[], 'secure'],
    [['Warning'], 'warning'],
    [['High', 'Low'], 'warning'],
    [['Warning', 'Critical'], 'critical'],
    [['critical'], 'critical'],
  ] as const)('%j → %s', (severities, expected) => {
    expect(deviceSeverityOf(severities)).toBe(expected);
  });
});

describe('isNewestReport', () => {
  it('is newest when nothing was scanned before, or at or after the last scan', () => {
    expect(isNewestReport(AT, null)).toBe(true);
    expect(isNewestReport(AT, AT)).toBe(true);
    expect(isNewestReport(AT, new Date(AT.getTime() + 1))).toBe(false);
  });
});
