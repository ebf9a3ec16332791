/**
 * Calls that wait on another server (an identity provider's discovery document, a webhook URL's
 * test event, Stripe) do so in their route's `prepare` step, before the call's transaction opens
 * (docs/decisions/018-audit-log.md, 'Same transaction'). On the embedded database one open
 * transaction holds every other request; so while such a check hangs, another administrator's
 * write must still go through, and the checked call still records its event when it ends.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A server that takes a request and answers only when told to. */
async function startHeldServer() {
  let arrived!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    held.push(res);
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requested,
    answer(status: number, body = '') {
      for (const res of held.splice(0)) res.writeHead(status).end(body);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Fails instead of waiting for ever when the call is held up. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms),
    ),
  ]);
}

let t: TestApp;
let cookie: string;
let orgId: number;
let slug: string;
let held: Awaited<ReturnType<typeof startHeldServer>>;
beforeEach(async () => {
  t = await createTestApp({ integrations: { webhookTimeoutMs: 20_000 } });
  const org = await makeOrg(t, { name: 'Example' });
  cookie = org.cookie;
  orgId = org.id;
  slug = org.slug;
  held = await startHeldServer();
});
afterEach(async () => {
  await held.close();
  await t.close();
});

const eventsOf = (action: string) =>
  t.db
    .select({ outcome: auditEvents.outcome, message: auditEvents.message })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), eq(auditEvents.action, action)));

/** Another administrator's audited write, while the check hangs: it must not wait for it. */
async function writeMeanwhile() {
  const r = await within(
    5_000,
    'PUT /api/orgs/email-preferences while a check waits',
    t.call('PUT', '/api/orgs/email-preferences', { cookie, json: { weeklySummary: true } }),
  );
  expect(r.status, r.text).toBe(200);
  expect(await eventsOf('notifications.email_preferences_updated')).toHaveLength(1);
}

it('a webhook URL that is slow to answer holds no transaction; the save is recorded after it', async () => {
  expect((await t.call('GET', '/api/orgs/webhook-secret', { cookie })).status).toBe(200);
  const saving = t.call('POST', '/api/orgs/webhook', {
    cookie,
    json: { url: `${held.base}/hook` },
  });
  await within(5_000, 'the test event', held.requested);
  await writeMeanwhile();
  expect(await eventsOf('webhook.saved')).toEqual([]);

  held.answer(204);
  const saved = await saving;
  expect(saved.status, saved.text).toBe(200);
  expect(await eventsOf('webhook.saved')).toEqual([{ outcome: 'success', message: null }]);
});

it('an identity provider that is slow to answer holds no transaction; its refusal is recorded', async () => {
  const saving = t.call('POST', '/api/orgs/sso', {
    cookie,
    json: {
      clientId: 'client',
      clientSecret: 'a-client-secret',
      provider: 'okta',
      slug,
      tenant: held.base,
    },
  });
  await within(5_000, 'the discovery document request', held.requested);
  await writeMeanwhile();

  held.answer(404);
  const refused = await saving;
  expect(refused.status, refused.text).toBe(400);
  expect(refused.data.error).toMatch(/is not an OpenID Provider/);
  expect(await eventsOf('sso.configured')).toEqual([
    { outcome: 'failure', message: refused.data.error },
  ]);
});
