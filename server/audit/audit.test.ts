/**
 * The audit log through the app: events recorded with their calls, the list's filters and pages,
 * the exports, the actors, the retention setting (docs/decisions/018-audit-log.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@contract/audit';
import { REDACTED } from '@domain/audit';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';

let t: Awaited<ReturnType<typeof createTestApp>>;
let org: TestOrg;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.test' });
  org = await makeOrg(t, { name: 'Example', alerts: 3, devices: 3 });
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function events(query = ''): Promise<AuditEvent[]> {
  const r = await t.call('GET', `/api/orgs/audit-events${query}`, { cookie: org.cookie });
  expect(r.status, r.text).toBe(200);
  return r.data.events as AuditEvent[];
}

describe('recording', () => {
  it('records a settings change with before and after, the secret redacted', async () => {
    const r = await t.call('POST', '/api/orgs/scim', {
      cookie: org.cookie,
      json: { enable: true },
    });
    expect(r.status, r.text).toBe(200);
    const [event] = await events();
    expect(event).toMatchObject({
      action: 'scim.updated',
      outcome: 'success',
      actor: { type: 'user', id: String(org.admin.id), display: org.admin.name },
      target: { type: 'scim', display: 'SCIM' },
      changes: {
        before: { enabled: false, authHeader: null },
        after: { enabled: true, authHeader: REDACTED },
      },
    });
    expect(event!.requestId).toBe(r.res.headers.get('x-request-id'));
    expect(JSON.stringify(event)).not.toContain(r.data.authHeader);
  });

  it('records closing an alert, and a refused call as a failure with its message', async () => {
    const alert = org.alerts[0]!;
    const r = await t.call('POST', '/api/update-alerts', {
      cookie: org.cookie,
      json: { alertIds: [alert.scanId], status: 'Closed' },
    });
    expect(r.status, r.text).toBe(200);
    const [closed] = await events();
    expect(closed).toMatchObject({
      action: 'alert.closed',
      target: { type: 'alert', id: alert.scanId },
    });
    const refused = await t.call('POST', '/api/orgs/webhook', {
      cookie: org.cookie,
      json: { url: 'https://hooks.example.test/x' },
    });
    expect(refused.status).toBe(409);
    const [failure] = await events();
    expect(failure).toMatchObject({
      action: 'webhook.saved',
      outcome: 'failure',
      message: refused.data.error,
    });
  });
});
