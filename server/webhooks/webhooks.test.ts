/**
 * Webhook events end to end: a real HTTP receiver verifies every delivery with the Standard
 * Webhooks package (`standardwebhooks`), as any customer's endpoint would; the queue runs the
 * deliveries (retries on the schedule, a restart in between), and the delivery log answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WebhookEvent } from '@contract/webhook-events';
import { createApp } from '../app';
import { JobQueue } from '../queue/queue';
import { TEST_SCRYPT_PARAMS } from '../auth/passwords';
import { captureLogger, createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { WEBHOOK_DELIVERY_MESSAGES } from './routes';
import { openAlert, openAlerts } from '../alerts/open-alert';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface Delivery {
  id: string;
  event: WebhookEvent;
}

/** A receiver that verifies each request with the organization's secret; `plan` sets answers. */
async function startReceiver() {
  let secret = '';
  const verified: Delivery[] = [];
  const unverified: string[] = [];
  /** Status codes to answer next (then 200). */
  const plan: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified.push({
          id: req.headers['webhook-id'] as string,
          event: WebhookEvent.parse(payload),
        });
      } catch (error) {
        unverified.push(error instanceof Error ? error.message : String(error));
      }
      res.writeHead(plan.shift() ?? 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    verified,
    unverified,
    plan,
    useSecret(next: string) {
      secret = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A detection of the scan `scan_webhook_created_1`. */
const SAME_SCAN = (deviceId: number, scanTime: Date) => ({
  scanId: 'scan_webhook_created_1',
  deviceId,
  alertName: 'Malicious app',
  alertDescription: JSON.stringify([{ threat: 'Trojan.Test' }]),
  severity: 'HIGH',
  scanTime,
});

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** Example: the organization whose endpoint receives the events (its administrator's session). */
let example: TestOrg;
let exampleAdmin: string;

async function saveEndpoint(app: TestApp, cookie: string) {
  const secret = await app.call('GET', '/api/orgs/webhook-secret', { cookie });
  receiver.useSecret(secret.data.secret);
  const saved = await app.call('POST', '/api/orgs/webhook', {
    cookie,
    json: { url: receiver.url },
  });
  expect(saved.status, saved.text).toBe(200);
}

const deliveries = async (cookie = exampleAdmin) => {
  const r = await t.call('GET', '/api/orgs/webhook/deliveries', { cookie });
  expect(r.status, r.text).toBe(200);
  return r.data as {
    deliveries: Array<{ id: string; eventType: string; status: string; attempts: number }>;
    disabledAt: string | null;
  };
};

/** Runs every job, retries included. */
const deliverAll = () => t.queue.drain({ includeScheduled: true, timeoutMs: 30_000 });

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ retrySchedule: [1, 1, 1] });
  // Open alerts to close (two tests close two each; every third made alert is closed already),
  // on devices with members. The endpoint is saved through the API: its check is a delivery.
  example = await makeOrg(t, { name: 'Example', members: 4, devices: 6, alerts: 12 });
  exampleAdmin = example.cookie;
  await saveEndpoint(t, exampleAdmin);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await deliverAll();
  receiver.verified.length = 0;
  receiver.plan.length = 0;
});

async function openAlertIds(count: number): Promise<string[]> {
  const r = await t.call('GET', '/api/alerts?status=open&page=1&pageSize=50', {
    cookie: exampleAdmin,
  });
  expect(r.status, r.text).toBe(200);
  const ids = (r.data.alerts as Array<{ scanId: string }>).map((a) => a.scanId).slice(0, count);
  expect(ids).toHaveLength(count);
  return ids;
}

describe('webhook events', () => {
  it('the test delivery of the saved URL verified with standardwebhooks', () => {
    expect(receiver.unverified).toEqual([]);
  });

  it('closing two alerts gives two signed alert.updated deliveries', async () => {
    const ids = await openAlertIds(2);
    const r = await t.call('POST', '/api/update-alerts', {
      cookie: exampleAdmin,
      json: { alertIds: ids, status: 'Closed' },
    });
    expect(r.status, r.text).toBe(200);
    await deliverAll();
    expect(receiver.unverified).toEqual([]);
    const events = receiver.verified.map((d) => d.event);
    expect(events.map((e) => e.type)).toEqual(['alert.updated', 'alert.updated']);
    expect(events.map((e) => (e.type === 'alert.updated' ? e.data.scanId : '')).sort()).toEqual(
      [...ids].sort(),
    );
    expect(events.every((e) => e.type === 'alert.updated' && e.data.alertStatus === 'Closed')).toBe(
      true,
    );
    expect(new Set(receiver.verified.map((d) => d.id)).size).toBe(2);
    const log = await deliveries();
    expect(log.deliveries.slice(0, 2)).toMatchObject([
      { eventType: 'alert.updated', status: 'delivered', attempts: 1 },
      { eventType: 'alert.updated', status: 'delivered', attempts: 1 },
    ]);
    // Closing them again changes nothing: no event.
    await t.call('POST', '/api/update-alerts', {
      cookie: exampleAdmin,
      json: { alertIds: ids, status: 'Closed' },
    });
    await deliverAll();
    expect(receiver.verified).toHaveLength(2);
  });

  it('opening an alert gives one signed alert.created delivery with the console row', async () => {
    const device = example.devices.find((d) => d.memberId !== null) ?? example.devices[0]!;
    const scanTime = new Date(t.clock.now().getTime() - 60_000);
    const opened = await openAlert(
      t.queue,
      t.db,
      example.id,
      {
        scanId: 'scan_webhook_created_1',
        deviceId: device.id,
        alertName: 'Malicious app',
        alertDescription: JSON.stringify([{ threat: 'Trojan.Test' }]),
        severity: 'HIGH',
        scanTime,
      },
      t.clock.now(),
    );
    expect(opened).toMatchObject({ scanId: 'scan_webhook_created_1', alertStatus: 'Open' });
    await deliverAll();
    expect(receiver.unverified).toEqual([]);
    expect(receiver.verified).toHaveLength(1);
    const event = receiver.verified[0]!.event;
    expect(event.type).toBe('alert.created');
    // The same row the console lists (device label and member copied from the device).
    const listed = await t.call('GET', '/api/alerts?page=1&pageSize=50', { cookie: exampleAdmin });
    const row = (listed.data.alerts as Array<{ scanId: string }>).find(
      (a) => a.scanId === 'scan_webhook_created_1',
    );
    expect(event.data).toEqual(row);
    expect(event.timestamp).toBe(t.clock.now().toISOString());
    expect((await deliveries()).deliveries[0]).toMatchObject({
      eventType: 'alert.created',
      status: 'delivered',
    });

    // The same scan reported again opens nothing and sends nothing.
    expect(
      await openAlert(t.queue, t.db, example.id, SAME_SCAN(device.id, scanTime), t.clock.now()),
    ).toBeNull();
    await deliverAll();
    expect(receiver.verified).toHaveLength(1);
  });

  it('alerts and their events are one transaction: a rolled-back scan sends nothing', async () => {
    const device = example.devices[0]!;
    await expect(
      t.db.transaction(async (tx) => {
        await openAlerts(
          t.queue,
          tx,
          example.id,
          [{ ...SAME_SCAN(device.id, t.clock.now()), scanId: 'scan_webhook_rolled_back' }],
          t.clock.now(),
        );
        throw new Error('scan rejected');
      }),
    ).rejects.toThrow('scan rejected');
    await deliverAll();
    expect(receiver.verified).toEqual([]);
    const listed = await t.call('GET', '/api/alerts?page=1&pageSize=50', { cookie: exampleAdmin });
    expect(listed.text).not.toContain('scan_webhook_rolled_back');
  });

  it('503 twice then 200: delivered on the third attempt, with the same webhook-id', async () => {
    receiver.plan.push(503, 503);
    const sent = await t.call('POST', '/api/orgs/webhook/test-event', { cookie: exampleAdmin });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.data.success).toBe(WEBHOOK_DELIVERY_MESSAGES.testQueued);
    await t.queue.drain();
    const retrying = (await deliveries()).deliveries[0];
    expect(retrying).toMatchObject({
      id: sent.data.delivery.id,
      status: 'retrying',
      attempts: 1,
      lastStatusCode: 503,
    });
    await deliverAll();
    expect(receiver.unverified).toEqual([]);
    // Three requests reached the receiver, all verified, all the same event id.
    expect(receiver.verified.map((d) => d.id)).toEqual([
      sent.data.delivery.id,
      sent.data.delivery.id,
      sent.data.delivery.id,
    ]);
    expect((await deliveries()).deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
    });
  });

  it('a restart between attempts loses nothing and duplicates nothing that was delivered', async () => {
    const ids = await openAlertIds(2);
    receiver.plan.push(500);
    await t.call('POST', '/api/update-alerts', {
      cookie: exampleAdmin,
      json: { alertIds: ids, status: 'Closed' },
    });
    // First process: one delivered, one failed and waiting for its retry; then it stops.
    await t.queue.drain();
    expect(receiver.verified).toHaveLength(2);
    const firstIds = receiver.verified.map((d) => d.id);
    // A second process on the same database (a restart): a new queue, new workers.
    const logger = captureLogger();
    const restartedQueue = new JobQueue(t.db, { logger, retrySchedule: [1, 1, 1] });
    createApp({ db: t.db, queue: restartedQueue, scrypt: TEST_SCRYPT_PARAMS, logger });
    await restartedQueue.drain({ includeScheduled: true, timeoutMs: 30_000 });
    const ids3 = receiver.verified.map((d) => d.id);
    expect(ids3).toHaveLength(3);
    // The retried one arrived once more (its first attempt answered 500); the delivered one never.
    const delivered = firstIds.find((id) => ids3.filter((x) => x === id).length === 1);
    expect(delivered).toBeDefined();
    expect(new Set(ids3).size).toBe(2);
  });

  it('Resend sends a failed delivery again with its webhook-id; only failed ones', async () => {
    // The harness's schedule has 3 retries: 4 failures make it failed.
    receiver.plan.push(500, 500, 500, 500);
    const sent = await t.call('POST', '/api/orgs/webhook/test-event', { cookie: exampleAdmin });
    await deliverAll();
    expect((await deliveries()).deliveries[0]).toMatchObject({ status: 'failed', attempts: 4 });
    const resend = await t.call('POST', '/api/orgs/webhook/deliveries/resend', {
      cookie: exampleAdmin,
      json: { id: sent.data.delivery.id },
    });
    expect(resend.status, resend.text).toBe(200);
    expect(resend.data.delivery).toMatchObject({ status: 'pending', attempts: 0 });
    await deliverAll();
    expect((await deliveries()).deliveries[0]).toMatchObject({
      id: sent.data.delivery.id,
      status: 'delivered',
      attempts: 1,
    });
    expect(receiver.verified.at(-1)?.id).toBe(sent.data.delivery.id);
    const again = await t.call('POST', '/api/orgs/webhook/deliveries/resend', {
      cookie: exampleAdmin,
      json: { id: sent.data.delivery.id },
    });
    expect(again.status).toBe(409);
    expect(again.data.error).toBe(WEBHOOK_DELIVERY_MESSAGES.notFailed);
  });

  it('members created and invited give member.created and member.invited events', async () => {
    const r = await t.call('POST', '/api/orgs/create-members?email=true', {
      cookie: exampleAdmin,
      json: { members: [{ name: 'Hook Member', email: 'hook.member@example.test' }] },
    });
    expect(r.status, r.text).toBe(200);
    await deliverAll();
    // Deliveries are jobs of the queue, which runs several at once on PostgreSQL: they arrive in
    // either order (each event carries its timestamp; no order is promised to receivers).
    expect(
      receiver.verified
        .map((d) => [d.event.type, (d.event.data as { email?: string }).email])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      ['member.created', 'hook.member@example.test'],
      ['member.invited', 'hook.member@example.test'],
    ]);
  });

  it('410 Gone disables the endpoint: no retries, no further events until the URL is saved again', async () => {
    receiver.plan.push(410);
    await t.call('POST', '/api/orgs/webhook/test-event', { cookie: exampleAdmin });
    await deliverAll();
    const log = await deliveries();
    expect(log.deliveries[0]).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
    expect(log.disabledAt).not.toBeNull();
    const refused = await t.call('POST', '/api/orgs/webhook/test-event', { cookie: exampleAdmin });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(WEBHOOK_DELIVERY_MESSAGES.disabled);
    await saveEndpoint(t, exampleAdmin);
    expect((await deliveries()).disabledAt).toBeNull();
  });

  it('the log and its actions are scoped to the organization', async () => {
    const mine = (await deliveries()).deliveries;
    expect(mine.length).toBeGreaterThan(0);
    const initrode = (await makeOrg(t, { name: 'Initrode' })).cookie;
    expect((await deliveries(initrode)).deliveries).toEqual([]);
    const theirs = await t.call('POST', '/api/orgs/webhook/deliveries/resend', {
      cookie: initrode,
      json: { id: mine[0]?.id },
    });
    expect([404, 409]).toContain(theirs.status);
    expect(theirs.text).not.toContain(example.slug);
  });
});
