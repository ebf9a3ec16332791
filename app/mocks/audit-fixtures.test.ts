import { describe, expect, it } from 'vitest';
import { AuditEventPage, AuditFilterOptions, AuditSettings } from '@contract/audit';
import {
  answerAuditList,
  auditEmptyPage,
  auditFilterOptions,
  auditPage,
  auditPageOfMany,
  auditSettingsDefault,
} from './audit-fixtures';

const list = (query: string) =>
  answerAuditList(new Request(`http://localhost/api/orgs/audit-events${query}`));

describe('the Activity stories’ example log', () => {
  it('keeps to the contract', () => {
    for (const page of [auditPage, auditPageOfMany, auditEmptyPage, list('?outcome=failure')]) {
      expect(AuditEventPage.safeParse(page).success).toBe(true);
    }
    expect(AuditFilterOptions.safeParse(auditFilterOptions).success).toBe(true);
    expect(AuditSettings.safeParse(auditSettingsDefault).success).toBe(true);
  });

  it('is newest first', () => {
    const times = auditPage.events.map((e) => e.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers filters as the server would', () => {
    expect(list('?outcome=failure').events.map((e) => e.action)).toEqual([
      'session.sign_in_failed',
    ]);
    expect(list('?actor=user:2').total).toBe(2);
    expect(list('?action=alert.closed&action=scim.updated').total).toBe(2);
    expect(list('?q=PIXEL').total).toBe(1);
    expect(list('?q=nothing').events).toEqual([]);
    expect(list('?pageSize=4&page=2')).toMatchObject({ total: 6, totalPages: 2 });
    expect(list('?pageSize=4&page=2').events).toHaveLength(2);
  });
});
