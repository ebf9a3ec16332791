import { describe, expect, it } from 'vitest';
import { alertHistory, alertThreats } from './history';
import { osHistory } from '../devices/os-history';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 14, minute));

describe('alertHistory', () => {
  it('opened by the scan, then each change of status; repeats of the same status are no entry', () => {
    expect(
      alertHistory(at(0), [
        { status: 'Closed', at: at(5), by: 'Avery Admin' },
        { status: 'Closed', at: at(6), by: 'API key mdsk_…abcd' },
        { status: 'Open', at: at(7), by: 'Sam' },
        { status: 'Open', at: at(8), by: 'Sam' },
      ]),
    ).toEqual([
      { status: 'Open', at: at(0).toISOString(), by: null },
      { status: 'Closed', at: at(5).toISOString(), by: 'Avery Admin' },
      { status: 'Open', at: at(7).toISOString(), by: 'Sam' },
    ]);
  });
  it('a reopen of an open alert is no entry', () => {
    expect(alertHistory(at(0), [{ status: 'Open', at: at(1), by: 'x' }])).toHaveLength(1);
  });
});

describe('alertThreats', () => {
  const findings = [
    { name: 'A', threatId: 'a' },
    { name: 'B', threatId: 'b' },
  ];
  it('the finding that opened the alert carries its clearing', () => {
    expect(alertThreats(findings, 'b', at(3))).toEqual([
      { name: 'A', threatId: 'a' },
      { name: 'B', threatId: 'b', clearedAt: at(3).toISOString() },
    ]);
  });
  it('not cleared: none carries a time', () => {
    expect(alertThreats(findings, 'b', null)).toEqual(findings);
  });
  it('an alert of one threat without a threat id (not a report’s) takes the clearing; of several, none', () => {
    expect(alertThreats([{ name: 'A' }], null, at(1))).toEqual([
      { name: 'A', clearedAt: at(1).toISOString() },
    ]);
    expect(alertThreats([{ name: 'A' }, { name: 'B' }], null, at(1))).toEqual([
      { name: 'A' },
      { name: 'B' },
    ]);
  });
});

describe('osHistory', () => {
  it('newest first, the current version added from enrolment when no report names it, capped', () => {
    expect(
      osHistory(
        [
          { version: '14', firstSeenAt: at(10) },
          { version: '15', firstSeenAt: at(20) },
        ],
        { version: '13', since: at(0) },
        10,
      ),
    ).toEqual([
      { version: '15', firstSeenAt: at(20).toISOString() },
      { version: '14', firstSeenAt: at(10).toISOString() },
      { version: '13', firstSeenAt: at(0).toISOString() },
    ]);
    expect(
      osHistory([{ version: '15', firstSeenAt: at(20) }], { version: '15', since: at(0) }, 10),
    ).toEqual([{ version: '15', firstSeenAt: at(20).toISOString() }]);
    expect(osHistory([], { version: '15', since: null }, 10)).toEqual([]);
    expect(
      osHistory(
        [1, 2, 3].map((n) => ({ version: String(n), firstSeenAt: at(n) })),
        { version: null, since: null },
        2,
      ).map((v) => v.version),
    ).toEqual(['3', '2']);
  });
});

describe('osHistory, versions seen more than once', () => {
  it('keeps each version once, at its first sighting', () => {
    expect(
      osHistory(
        [
          { version: '14', firstSeenAt: at(10) },
          { version: '14', firstSeenAt: at(2) },
        ],
        { version: '14', since: at(0) },
        10,
      ),
    ).toEqual([{ version: '14', firstSeenAt: at(2).toISOString() }]);
  });
});
