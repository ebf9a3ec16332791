import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS } from '@domain/audit';
import { labelled } from '@domain/labels';

import type { AuditActionGroup } from './audit-filter-bar';
import type { AuditLogEvent } from './audit-event-list';

/**
 * Example events and choices for the Activity widgets' stories (times around Storybook's clock,
 * 2026-11-20T14:05:00Z). The portal's own fixtures live in contract/fixtures; ui/ cannot read them.
 */
export const exampleEvents: AuditLogEvent[] = [
  {
    id: 'evt_0007',
    time: '2026-11-20T14:03:10Z',
    actor: { type: 'user', id: 'adm_1', display: 'Avery Admin' },
    action: 'alert.closed',
    target: { type: 'alert', id: 'scan_41', display: 'Malicious app on Pixel 8 (Jordan Lee)' },
    outcome: 'success',
    ip: '203.0.113.24',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    requestId: 'req_9f1c2b7e4d',
    changes: { before: { status: 'open' }, after: { status: 'closed' } },
  },
  {
    id: 'evt_0006',
    time: '2026-11-20T13:58:00Z',
    actor: { type: 'user', id: 'adm_1', display: 'Avery Admin' },
    action: 'scim.updated',
    target: { type: 'scim', id: 'org_acme', display: 'SCIM provisioning' },
    outcome: 'success',
    ip: '203.0.113.24',
    userAgent: 'Mozilla/5.0 (Macintosh) Chrome/131.0',
    requestId: 'req_5a3e81c0aa',
    changes: {
      before: { enabled: false, headerValue: '[redacted]', baseUrl: 'https://scim.acme.test/v2' },
      after: { enabled: true, headerValue: '[redacted]', baseUrl: 'https://scim.acme.test/v2' },
    },
  },
  {
    id: 'evt_0005',
    time: '2026-11-20T12:05:00Z',
    actor: { type: 'user', id: 'unknown', display: 'admin@acme.test' },
    action: 'session.sign_in_failed',
    target: { type: 'administrator', id: 'adm_1', display: 'admin@acme.test' },
    outcome: 'failure',
    message: 'Incorrect email or password.',
    ip: '198.51.100.7',
    userAgent: 'curl/8.5.0',
    requestId: 'req_0b7d4f11c3',
    changes: null,
  },
  {
    id: 'evt_0004',
    time: '2026-11-19T09:30:00Z',
    actor: { type: 'api_key', id: 'key_3', display: 'API key ending 7Q2x' },
    action: 'device.unenrolled',
    target: { type: 'device', id: 'dev_88', display: 'AB12-CD34' },
    outcome: 'success',
    ip: '192.0.2.10',
    userAgent: 'acme-mdm-sync/2.4',
    requestId: 'req_77c0e2a9b1',
    changes: { codes: ['AB12-CD34'] },
  },
  {
    id: 'evt_0003',
    time: '2026-11-12T02:00:00Z',
    actor: { type: 'system', id: 'retention', display: 'System' },
    action: 'audit.retention_applied',
    target: null,
    outcome: 'success',
    ip: null,
    userAgent: null,
    requestId: null,
    changes: null,
  },
];

/** The catalogue's labels (domain/audit.ts). */
export const exampleActionLabels: Readonly<Record<string, string>> = AUDIT_ACTION_LABELS;

/** The catalogue's groups, as the app builds them. */
export const exampleActionGroups: AuditActionGroup[] = AUDIT_ACTION_GROUPS.map((group) => ({
  id: group.id,
  label: group.label,
  options: labelled(group.actions, AUDIT_ACTION_LABELS),
}));

export const exampleActorOptions = [
  { value: 'user:adm_1', label: 'Avery Admin' },
  { value: 'user:adm_2', label: 'Robin Reviewer' },
  { value: 'api_key', label: 'API keys' },
  { value: 'scim', label: 'SCIM' },
  { value: 'system', label: 'System' },
];
