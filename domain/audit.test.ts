import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditActorKey,
  isAuditAction,
  parseAuditActorKey,
} from './audit';

describe('the action catalogue', () => {
  it('names each action once, dotted, in exactly one group, with a label', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) {
      expect(action).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(
        AUDIT_ACTION_GROUPS.filter((g) => (g.actions as readonly string[]).includes(action)),
      ).toHaveLength(1);
      expect(AUDIT_ACTION_LABELS[action]).toBeTruthy();
    }
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(new Set(AUDIT_ACTION_GROUPS.map((g) => g.id)).size).toBe(AUDIT_ACTION_GROUPS.length);
    expect(isAuditAction('alert.closed')).toBe(true);
    expect(isAuditAction('alert.exploded')).toBe(false);
  });

  it('reads back the actor keys it writes, and nothing else', () => {
    expect(parseAuditActorKey(auditActorKey({ type: 'user', id: '12' }))).toEqual({
      type: 'user',
      id: '12',
    });
    expect(parseAuditActorKey('system:retention')).toEqual({ type: 'system', id: 'retention' });
    expect(parseAuditActorKey('api_key:a:b')).toEqual({ type: 'api_key', id: 'a:b' });
    for (const bad of ['', 'user', 'user:', ':12', 'robot:1'])
      expect(parseAuditActorKey(bad), bad).toBeNull();
  });
});
