/**
 * The device API (contract/device-api.ts, docs/product/device-api.md) through the real app:
 * enrolment with the member's code, the credential, scan reports and what they do to the device
 * and its alerts, heartbeats, unenrolment, and the webhook events a real receiver verifies with
 * `standardwebhooks`. Requests are sent as the mobile app sends them: no CSRF header, no cookie.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { DEVICE_API_BODY_LIMITS, DEVICE_API_ERRORS, type Finding } from '@contract/device-api';
import { WebhookEvent } from '@contract/webhook-events';
import { ENROLLMENT_CODE_ALPHABET } from '@domain/enrolment';
import { alerts, auditEvents, deviceReports, devices, members } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { SIGN_IN_POLICY } from '../auth/login-throttle';
import { createTestApp } from '../test-support';
import { deleteOldReportIds, REPORT_IDS_KEPT_MS } from './data';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { changedTables, organizationFingerprint } from '../test-support/fingerprint';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let nextCode = 0;
/** A fresh enrolment code of the real alphabet ('DVCA-AAAB', …). */
function freshCode(): string {
  const a = ENROLLMENT_CODE_ALPHABET;
  let n = nextCode++;
  let tail = '';
  for (let i = 0; i < 4; i++) {
    tail = a[n % a.length]! + tail;
    n = Math.floor(n / a.length);
  }
  return `DVCA-${tail}`;
}

let orgCounter = 0;
/** An organization whose members each have their code and their pending ('Not Enrolled') row. */
async function orgWithPendingMembers(count: number, extra: Parameters<typeof makeOrg>[1] = {}) {
  const codes = Array.from({ length: count }, freshCode);
  const org = await makeOrg(t, {
    name: `Devco ${++orgCounter}`,
    members: codes.map((code) => ({ code })),
    devices: codes.map((code, i) => ({
      member: i,
      code,
      enrolled: false,
      model: null,
      platform: null,
      osVersion: null,
      severity: null,
      lastScanAt: null,
    })),
    ...extra,
  });
  return { org, codes };
}

const DEVICE = { model: 'Pixel 8a', platform: 'android', osVersion: '14', appVersion: '5.2.0' };

/** A request as the app sends it: JSON, optional bearer, nothing of the portal's. */
async function send(
  method: string,
  path: string,
  options: {
    json?: unknown;
    raw?: string;
    credential?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined || options.raw !== undefined) {
    body = options.raw ?? JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (options.credential) headers.authorization = `Bearer ${options.credential}`;
  const res = await t.app.request(`/api/device/v1${path}`, { method, headers, body });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  return { res, status: res.status, data: data as Record<string, unknown>, text };
}

async function enrol(code: string, device: Record<string, unknown> = DEVICE, ip?: string) {
  return send('POST', '/enroll', {
    json: { code, device },
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
}

async function enrolled(code: string): Promise<{ credential: string; deviceCode: string }> {
  const r = await enrol(code);
  expect(r.status, r.text).toBe(201);
  return r.data as { credential: string; deviceCode: string };
}

function report(findings: Finding[] = [], extra: Record<string, unknown> = {}) {
  return {
    reportId: randomUUID(),
    scannedAt: t.clock.now().toISOString(),
    osVersion: '14',
    screenLock: true,
    findings,
    ...extra,
  };
}

const CRITICAL: Finding = {
  threatId: 'trojan.banker.1',
  name: 'Banking trojan',
  severity: 'critical',
  category: 'malware',
};
const WARNING: Finding = {
  threatId: 'os.outdated',
  name: 'Outdated OS',
  severity: 'warning',
  category: 'os',
};

async function deviceRow(code: string) {
  const [row] = await t.db.select().from(devices).where(eq(devices.code, code));
  return row;
}
async function alertsOf(deviceId: number) {
  return t.db.select().from(alerts).where(eq(alerts.deviceId, deviceId)).orderBy(alerts.id);
}

/** A receiver verifying each delivery with the organization's secret (as a customer would). */
async function startReceiver() {
  let secret = '';
  const verified: WebhookEvent[] = [];
  const unverified: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified.push(WebhookEvent.parse(payload));
      } catch (error) {
        unverified.push(error instanceof Error ? error.message : String(error));
      }
      res.writeHead(200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    verified,
    unverified,
    useSecret: (next: string) => (secret = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('POST /api/device/v1/enroll', () => {
  it('enrols the member’s pending device with the code: 201, the credential once, stored hashed', async () => {
    const { org, codes } = await orgWithPendingMembers(1);
    const code = codes[0]!;
    t.clock.advance(1000);
    // A phone types it in lower case with a space: still the code.
    const r = await enrol(`${code.toLowerCase().replace('-', ' ')}`);
    expect(r.status, r.text).toBe(201);
    const { deviceCode, credential } = r.data as { deviceCode: string; credential: string };
    expect(deviceCode).toBe(code);
    // 256 random bits, base64url, after the prefix.
    expect(credential).toMatch(/^dvc_[A-Za-z0-9_-]{43}$/);
    const row = (await deviceRow(code))!;
    expect(row).toMatchObject({
      enrolled: true,
      model: 'Pixel 8a',
      platform: 'android',
      osVersion: '14',
      memberId: org.members[0]!.id,
    });
    expect(row.credentialHash).toBe(hashToken(credential));
    expect(JSON.stringify(row)).not.toContain(credential);
    expect(row.lastSeenAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(row.enrolledAt?.toISOString()).toBe(t.clock.now().toISOString());
    // The audit log: the device enrolled itself.
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, org.id), eq(auditEvents.action, 'device.enrolled')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorType: 'device',
      actorId: code,
      outcome: 'success',
      targetType: 'device',
      targetId: code,
    });
    expect(JSON.stringify(events[0])).not.toContain(credential);
    // The dashboard shows it enrolled.
    const list = await t.call('GET', `/api/orgs?q=${code}`, { cookie: org.cookie });
    expect(list.data.devices).toEqual([
      expect.objectContaining({ code, enrolled: true, model: 'Pixel 8a', platform: 'android' }),
    ]);
  });

  it('a code enrols one device: used again, unknown, or a deactivated member’s → 4xx, nothing created', async () => {
    const { org, codes } = await orgWithPendingMembers(2);
    await enrolled(codes[0]!);
    await t.db
      .update(members)
      .set({ deactivatedAt: t.clock.now() })
      .where(eq(members.id, org.members[1]!.id));
    const before = await organizationFingerprint(t.handle, org.id);

    const again = await enrol(codes[0]!, { ...DEVICE, model: 'iPhone 15' });
    expect(again.status, again.text).toBe(409);
    expect(again.data).toEqual({ error: DEVICE_API_ERRORS.usedCode });
    const unknown = await enrol('ZZZZ-ZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ error: DEVICE_API_ERRORS.unknownCode });
    const deactivated = await enrol(codes[1]!);
    expect(deactivated.status).toBe(403);
    expect(deactivated.data).toEqual({ error: DEVICE_API_ERRORS.deactivatedMember });

    // Nothing of the organization changed but the two refusals in its audit log (and its chain).
    expect(changedTables(before, await organizationFingerprint(t.handle, org.id))).toEqual([
      'audit_events',
      'audit_logs',
    ]);
    const failures = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, org.id), eq(auditEvents.outcome, 'failure')));
    expect(failures.map((e) => e.message).sort()).toEqual(
      [DEVICE_API_ERRORS.deactivatedMember, DEVICE_API_ERRORS.usedCode].sort(),
    );
    expect((await deviceRow(codes[0]!))?.model).toBe('Pixel 8a');
  });

  it('a code whose device was unenrolled by an administrator is used up', async () => {
    const { org, codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    const r = await t.call('POST', '/api/orgs/unenroll-devices', {
      cookie: org.cookie,
      json: { codes: [codes[0]] },
    });
    expect(r.status, r.text).toBe(200);
    // Its credential died with the row.
    expect((await send('POST', '/heartbeat', { credential })).status).toBe(401);
    expect((await send('POST', '/scans', { credential, json: report() })).status).toBe(401);
    expect((await enrol(codes[0]!)).status).toBe(409);
  });

  it('two enrolments racing for one code: exactly one device', async () => {
    const { codes } = await orgWithPendingMembers(1);
    const answers = await Promise.all([enrol(codes[0]!), enrol(codes[0]!), enrol(codes[0]!)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const row = await deviceRow(codes[0]!);
    const winner = answers.find((a) => a.status === 201)!.data.credential as string;
    expect(row?.credentialHash).toBe(hashToken(winner));
  });

  it('throttles failed enrolments per client address; successes give their attempt back', async () => {
    const { codes } = await orgWithPendingMembers(3);
    const limit = SIGN_IN_POLICY.deviceEnrol.limit;
    // Successes from the guesser's address do not count.
    expect((await enrol(codes[0]!, DEVICE, '203.0.113.7')).status).toBe(201);
    for (let i = 0; i < limit; i++) {
      const r = await enrol(
        `QQQQ-${ENROLLMENT_CODE_ALPHABET.slice(i % 28, (i % 28) + 4)}`,
        DEVICE,
        '203.0.113.7',
      );
      expect(r.status, `attempt ${i + 1}`).toBe(404);
    }
    // Over the limit: refused before the code is looked up, even a good one.
    const refused = await enrol(codes[1]!, DEVICE, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({ error: DEVICE_API_ERRORS.tooManyAttempts });
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await deviceRow(codes[1]!))?.enrolled).toBe(false);
    // Another address is not affected.
    expect((await enrol(codes[1]!, DEVICE, '198.51.100.9')).status).toBe(201);
    // After the window the address may try again.
    t.clock.advance(SIGN_IN_POLICY.windowMs + 1000);
    expect((await enrol(codes[2]!, DEVICE, '203.0.113.7')).status).toBe(201);
  });

  it('refuses unknown fields, wrong types, a wrong content type and bodies over the cap', async () => {
    const { codes } = await orgWithPendingMembers(1);
    const code = codes[0]!;
    const cases: Array<[unknown, number]> = [
      [{ code, device: DEVICE, extra: 1 }, 400],
      [{ code, device: { ...DEVICE, imei: '123' } }, 400],
      [{ code, device: { ...DEVICE, platform: 'windows' } }, 400],
      [{ code, device: { ...DEVICE, model: '' } }, 400],
      [{ code, device: { ...DEVICE, model: 'x'.repeat(101) } }, 400],
      [{ code: 42, device: DEVICE }, 400],
      [{ device: DEVICE }, 400],
      [[], 400],
      [null, 400],
    ];
    for (const [json, status] of cases) {
      const r = await send('POST', '/enroll', { json });
      expect(r.status, JSON.stringify(json)).toBe(status);
      expect(typeof r.data.error).toBe('string');
    }
    expect((await send('POST', '/enroll', { raw: '{"code":' })).status).toBe(400);
    const form = await send('POST', '/enroll', {
      raw: `code=${code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const big = await send('POST', '/enroll', {
      json: { code, device: { ...DEVICE, model: 'x'.repeat(DEVICE_API_BODY_LIMITS.enroll) } },
    });
    expect(big.status).toBe(413);
    expect(big.data).toEqual({ error: DEVICE_API_ERRORS.tooLarge });
    // Nothing was enrolled by any of them.
    expect((await deviceRow(code))?.enrolled).toBe(false);
  });

  it('needs no CSRF header and ignores cookies, even a cross-site request’s', async () => {
    const { org, codes } = await orgWithPendingMembers(1);
    const r = await send('POST', '/enroll', {
      json: { code: codes[0], device: DEVICE },
      headers: {
        cookie: org.cookie,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'accept-encoding': 'gzip, deflate',
      },
    });
    expect(r.status, r.text).toBe(201);
    // The answer is a few bytes: never gzip-compressed (app.ts), whatever the app accepts.
    expect(r.res.headers.get('content-encoding')).toBeNull();
    // A session cookie is no device credential.
    const scan = await send('POST', '/scans', { json: report(), headers: { cookie: org.cookie } });
    expect(scan.status).toBe(401);
    expect(scan.res.headers.get('www-authenticate')).toBe('Bearer realm="device"');
  });
});

describe('the device credential', () => {
  it('missing, malformed, wrong or revoked → 401 with one answer; the app’s unenrolment revokes it', async () => {
    const { org, codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    const wrong = [
      undefined,
      `${credential}x`,
      credential.slice(0, -1),
      'dvc_' + 'A'.repeat(43),
      'not a token',
    ];
    for (const c of wrong) {
      for (const [method, path, json] of [
        ['POST', '/scans', report()],
        ['POST', '/heartbeat', {}],
        ['DELETE', '/device', undefined],
      ] as const) {
        const r = await send(method, path, { credential: c, json });
        expect(r.status, `${method} ${path} with ${c}`).toBe(401);
        expect(r.data).toEqual({ error: DEVICE_API_ERRORS.unauthorized });
      }
    }
    const basic = await send('POST', '/heartbeat', {
      headers: { authorization: `Basic ${credential}` },
    });
    expect(basic.status).toBe(401);
    expect((await deviceRow(codes[0]!))?.enrolled).toBe(true);

    // The app unenrols itself: the row goes (the member stays), the credential is dead.
    const gone = await send('DELETE', '/device', { credential });
    expect(gone.status, gone.text).toBe(200);
    expect(gone.data).toEqual({ ok: true });
    expect(await deviceRow(codes[0]!)).toBeUndefined();
    expect(
      await t.db.select().from(members).where(eq(members.id, org.members[0]!.id)),
    ).toHaveLength(1);
    for (const [method, path] of [
      ['POST', '/heartbeat'],
      ['POST', '/scans'],
      ['DELETE', '/device'],
    ] as const) {
      const json = path === '/scans' ? report() : undefined;
      expect((await send(method, path, { credential, json })).status).toBe(401);
    }
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, org.id), eq(auditEvents.action, 'device.unenrolled')));
    expect(event).toMatchObject({ actorType: 'device', actorId: codes[0], outcome: 'success' });
  });

  it('a heartbeat updates last seen and nothing else', async () => {
    const { codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    const before = (await deviceRow(codes[0]!))!;
    t.clock.advance(60_000);
    const r = await send('POST', '/heartbeat', { credential });
    expect(r.status, r.text).toBe(200);
    const withBody = await send('POST', '/heartbeat', { credential, json: {} });
    expect(withBody.status).toBe(200);
    expect((await send('POST', '/heartbeat', { credential, json: { battery: 5 } })).status).toBe(
      400,
    );
    const after = (await deviceRow(codes[0]!))!;
    expect(after.lastSeenAt?.getTime()).toBe(before.lastSeenAt!.getTime() + 60_000);
    expect({ ...after, lastSeenAt: null }).toEqual({ ...before, lastSeenAt: null });
  });
});

describe('POST /api/device/v1/scans', () => {
  it('updates the device, opens an alert per new finding, and answers 202', async () => {
    const { org, codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    t.clock.advance(5 * 60_000);
    const first = report([CRITICAL, WARNING], { osVersion: '14.1', screenLock: false });
    const r = await send('POST', '/scans', { credential, json: first });
    expect(r.status, r.text).toBe(202);
    expect(r.data).toEqual({ accepted: true });
    const row = (await deviceRow(codes[0]!))!;
    expect(row).toMatchObject({ osVersion: '14.1', screenLock: false, severity: 'critical' });
    expect(row.lastScanAt?.toISOString()).toBe(first.scannedAt);
    expect(row.lastSeenAt?.toISOString()).toBe(t.clock.now().toISOString());
    const opened = await alertsOf(row.id);
    expect(opened.map((a) => [a.threatId, a.alertName, a.severity, a.status])).toEqual([
      [CRITICAL.threatId, CRITICAL.name, 'Critical', 'Open'],
      [WARNING.threatId, WARNING.name, 'Warning', 'Open'],
    ]);
    // The console shows them, with the device and its member.
    const console = await t.call('GET', '/api/alerts?status=open', { cookie: org.cookie });
    expect(console.data.alerts.map((a: { alertName: string }) => a.alertName).sort()).toEqual(
      [CRITICAL.name, WARNING.name].sort(),
    );
    expect(console.data.alerts[0].memberName).toBe(org.members[0]!.name);

    // The same findings again (a new report): nothing new opens.
    t.clock.advance(60_000);
    expect(
      (await send('POST', '/scans', { credential, json: report([WARNING, CRITICAL]) })).status,
    ).toBe(202);
    expect(await alertsOf(row.id)).toHaveLength(2);
    // One new finding among old ones: one alert; a finding twice in one report: once.
    const third = { ...CRITICAL, threatId: 'spyware.2', name: 'Spyware' };
    expect(
      (await send('POST', '/scans', { credential, json: report([CRITICAL, third, third]) })).status,
    ).toBe(202);
    expect((await alertsOf(row.id)).map((a) => a.threatId)).toEqual([
      CRITICAL.threatId,
      WARNING.threatId,
      'spyware.2',
    ]);
  });

  it('the same reportId again changes nothing and answers 202 again', async () => {
    const { org, codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    const once = report([CRITICAL]);
    expect((await send('POST', '/scans', { credential, json: once })).status).toBe(202);
    const before = await organizationFingerprint(t.handle, org.id);
    t.clock.advance(60_000);
    // A retried upload (even with other contents) changes nothing at all.
    for (const body of [once, { ...once, findings: [WARNING], osVersion: '15' }]) {
      const r = await send('POST', '/scans', { credential, json: body });
      expect(r.status).toBe(202);
      expect(r.data).toEqual({ accepted: true });
    }
    expect(changedTables(before, await organizationFingerprint(t.handle, org.id))).toEqual([]);
  });

  it('the same reportId sent concurrently is processed once', async () => {
    const { codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    const body = report([CRITICAL, WARNING]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send('POST', '/scans', { credential, json: body })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(202));
    const row = (await deviceRow(codes[0]!))!;
    expect(await alertsOf(row.id)).toHaveLength(2);
    const reports = await t.db
      .select()
      .from(deviceReports)
      .where(eq(deviceReports.deviceId, row.id));
    expect(reports).toHaveLength(1);
    // Concurrent reports with the same new finding: one alert too.
    const other = { ...CRITICAL, threatId: 'adware.9', name: 'Adware' };
    await Promise.all(
      Array.from({ length: 5 }, () =>
        send('POST', '/scans', { credential, json: report([other]) }),
      ),
    );
    expect((await alertsOf(row.id)).filter((a) => a.threatId === 'adware.9')).toHaveLength(1);
  });

  it('severity is the worst open alert; a vanished finding is recorded on its alert, nothing closes', async () => {
    const { org, codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    const scan = async (findings: Finding[]) => {
      t.clock.advance(60_000);
      const r = await send('POST', '/scans', { credential, json: report(findings) });
      expect(r.status, r.text).toBe(202);
      return (await deviceRow(codes[0]!))!;
    };
    expect((await scan([])).severity).toBe('secure');
    expect((await scan([WARNING])).severity).toBe('warning');
    expect((await scan([WARNING, CRITICAL])).severity).toBe('critical');
    // Both findings gone: the alerts stay open (recorded as cleared), the device stays critical.
    const cleared = await scan([]);
    expect(cleared.severity).toBe('critical');
    const open = await alertsOf(cleared.id);
    expect(open.map((a) => a.status)).toEqual(['Open', 'Open']);
    expect(open.map((a) => a.findingClearedAt?.toISOString())).toEqual([
      cleared.lastScanAt!.toISOString(),
      cleared.lastScanAt!.toISOString(),
    ]);
    // The warning is back: its alert's finding is no longer cleared, no second alert.
    await scan([WARNING]);
    const back = await alertsOf(cleared.id);
    expect(back.map((a) => [a.threatId, a.findingClearedAt === null])).toEqual([
      [WARNING.threatId, true],
      [CRITICAL.threatId, false],
    ]);
    // An administrator closes the critical alert: the next report counts the warning only.
    const critical = back.find((a) => a.threatId === CRITICAL.threatId)!;
    const closed = await t.call('POST', '/api/update-alerts', {
      cookie: org.cookie,
      json: { alertIds: [critical.scanId], status: 'Closed' },
    });
    expect(closed.status, closed.text).toBe(200);
    expect((await scan([WARNING])).severity).toBe('warning');
    // The critical finding again, its alert closed: a new alert opens.
    const again = await scan([CRITICAL]);
    expect(again.severity).toBe('critical');
    expect((await alertsOf(again.id)).filter((a) => a.threatId === CRITICAL.threatId)).toHaveLength(
      2,
    );
  });

  it('a late older report opens its new findings but changes neither the facts nor what is cleared', async () => {
    const { codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    t.clock.advance(60 * 60_000);
    const newer = report([CRITICAL], { osVersion: '15' });
    expect((await send('POST', '/scans', { credential, json: newer })).status).toBe(202);
    const older = report([WARNING], {
      osVersion: '13',
      screenLock: false,
      scannedAt: new Date(t.clock.now().getTime() - 30 * 60_000).toISOString(),
    });
    expect((await send('POST', '/scans', { credential, json: older })).status).toBe(202);
    const row = (await deviceRow(codes[0]!))!;
    expect(row).toMatchObject({ osVersion: '15', screenLock: true, severity: 'critical' });
    expect(row.lastScanAt?.toISOString()).toBe(newer.scannedAt);
    const list = await alertsOf(row.id);
    expect(list.map((a) => [a.threatId, a.findingClearedAt])).toEqual([
      [CRITICAL.threatId, null],
      [WARNING.threatId, null],
    ]);
    // A report from the future counts as arriving now.
    const future = report([], {
      scannedAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect((await send('POST', '/scans', { credential, json: future })).status).toBe(202);
    expect((await deviceRow(codes[0]!))!.lastScanAt?.toISOString()).toBe(
      t.clock.now().toISOString(),
    );
  });

  it('refuses unknown fields, wrong values and bodies over the cap, changing nothing', async () => {
    const { org, codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    const before = await organizationFingerprint(t.handle, org.id);
    const bad: unknown[] = [
      { ...report(), extra: true },
      report([{ ...CRITICAL, extra: 'x' } as Finding]),
      report([{ ...CRITICAL, severity: 'info' } as unknown as Finding]),
      { ...report(), reportId: 'not-a-uuid' },
      { ...report(), scannedAt: 'yesterday' },
      { ...report(), screenLock: 'yes' },
      { ...report(), findings: undefined },
      report(Array.from({ length: 201 }, (_, i) => ({ ...CRITICAL, threatId: `t${i}` }))),
      report([{ ...CRITICAL, name: 'a\u0000b' }]),
    ];
    for (const json of bad) {
      const r = await send('POST', '/scans', { credential, json });
      expect(r.status, JSON.stringify(json).slice(0, 200)).toBe(400);
    }
    const huge = report([{ ...CRITICAL, name: 'x'.repeat(DEVICE_API_BODY_LIMITS.scans) }]);
    const r = await send('POST', '/scans', { credential, json: huge });
    expect(r.status).toBe(413);
    expect(changedTables(before, await organizationFingerprint(t.handle, org.id))).toEqual([]);
  });
});

describe('many devices at once, and the report ids’ retry window', () => {
  it('reports of many devices sent at once are each processed once, with their own facts and alerts', async () => {
    const { codes } = await orgWithPendingMembers(12);
    const credentials: string[] = [];
    for (const code of codes) credentials.push((await enrolled(code)).credential);
    t.clock.advance(60_000);
    // Every device at once, some twice with one report (a retry racing its original), one with a
    // revoked credential: they share batches (./scan-batches.ts) and must not share outcomes.
    const bodies = credentials.map((_, i) =>
      report(i % 3 === 0 ? [CRITICAL] : i % 3 === 1 ? [WARNING] : [], {
        osVersion: `14.${i}`,
      }),
    );
    const answers = await Promise.all([
      ...credentials.map((credential, i) =>
        send('POST', '/scans', { credential, json: bodies[i] }),
      ),
      ...credentials
        .slice(0, 4)
        .map((credential, i) => send('POST', '/scans', { credential, json: bodies[i] })),
      send('POST', '/scans', { credential: 'dvc_revoked', json: report([CRITICAL]) }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...Array(16).fill(202), 401]);
    for (const [i, code] of codes.entries()) {
      const row = (await deviceRow(code))!;
      expect(row).toMatchObject({
        osVersion: `14.${i}`,
        severity: i % 3 === 0 ? 'critical' : i % 3 === 1 ? 'warning' : 'secure',
      });
      expect((await alertsOf(row.id)).map((a) => a.threatId)).toEqual(
        i % 3 === 0 ? [CRITICAL.threatId] : i % 3 === 1 ? [WARNING.threatId] : [],
      );
      const recorded = await t.db
        .select()
        .from(deviceReports)
        .where(eq(deviceReports.deviceId, row.id));
      // The enrolment records no report: exactly the one sent (the retries found it recorded).
      expect(recorded.map((r) => r.reportId)).toEqual([bodies[i]!.reportId]);
    }
  });

  it('housekeeping deletes report ids past the retry window; a retry after it is a late report', async () => {
    const { codes } = await orgWithPendingMembers(1);
    const { credential } = await enrolled(codes[0]!);
    const row = (await deviceRow(codes[0]!))!;
    const old = report([CRITICAL], { osVersion: '13' });
    expect((await send('POST', '/scans', { credential, json: old })).status).toBe(202);
    t.clock.advance(REPORT_IDS_KEPT_MS - 60 * 60_000);
    const recent = report([CRITICAL], { osVersion: '14' });
    expect((await send('POST', '/scans', { credential, json: recent })).status).toBe(202);
    const kept = async () =>
      (
        await t.db
          .select({ reportId: deviceReports.reportId })
          .from(deviceReports)
          .where(eq(deviceReports.deviceId, row.id))
      ).map((r) => r.reportId);
    // Within the window nothing of this device goes (other tests' older ids may).
    await deleteOldReportIds(t.db, t.clock.now());
    expect((await kept()).sort()).toEqual([old.reportId, recent.reportId].sort());
    t.clock.advance(2 * 60 * 60_000);
    expect(await deleteOldReportIds(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await kept()).toEqual([recent.reportId]);

    // The retry of the pruned report is processed as a late report: its id is recorded again,
    // the device keeps the newest report's facts, and its finding, open already, opens nothing.
    const r = await send('POST', '/scans', { credential, json: old });
    expect(r.status).toBe(202);
    expect((await kept()).sort()).toEqual([old.reportId, recent.reportId].sort());
    expect(await deviceRow(codes[0]!)).toMatchObject({ osVersion: '14', severity: 'critical' });
    expect(await alertsOf(row.id)).toHaveLength(1);
  });

  it('deletes in batches until none is left past the window', async () => {
    const { codes } = await orgWithPendingMembers(1);
    await enrolled(codes[0]!);
    const row = (await deviceRow(codes[0]!))!;
    const long = new Date(t.clock.now().getTime() - REPORT_IDS_KEPT_MS - 1000);
    await t.db.insert(deviceReports).values(
      Array.from({ length: 7 }, () => ({
        deviceId: row.id,
        reportId: randomUUID(),
        receivedAt: long,
      })),
    );
    expect(await deleteOldReportIds(t.db, t.clock.now(), 3)).toBe(7);
    const left = await t.db.select().from(deviceReports).where(eq(deviceReports.deviceId, row.id));
    expect(left).toEqual([]);
  });
});

describe('webhook events', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let org: TestOrg;
  let codes: string[];
  beforeAll(async () => {
    receiver = await startReceiver();
    ({ org, codes } = await orgWithPendingMembers(1));
    const secret = await t.call('GET', '/api/orgs/webhook-secret', { cookie: org.cookie });
    receiver.useSecret(secret.data.secret);
    const saved = await t.call('POST', '/api/orgs/webhook', {
      cookie: org.cookie,
      json: { url: receiver.url },
    });
    expect(saved.status, saved.text).toBe(200);
    await t.settle();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('device.enrolled, alert.created per new alert, scan.completed per processed report', async () => {
    receiver.verified.length = 0;
    const { credential } = await enrolled(codes[0]!);
    const body = report([CRITICAL]);
    expect((await send('POST', '/scans', { credential, json: body })).status).toBe(202);
    // Sent again: no second scan.completed, no second alert.created.
    expect((await send('POST', '/scans', { credential, json: body })).status).toBe(202);
    await t.settle();
    expect(receiver.unverified).toEqual([]);
    const types = receiver.verified.map((e) => e.type);
    expect(types.filter((x) => x !== 'webhook.test').sort()).toEqual(
      ['alert.created', 'device.enrolled', 'scan.completed'].sort(),
    );
    const enrolledEvent = receiver.verified.find((e) => e.type === 'device.enrolled')!;
    expect(enrolledEvent.data).toMatchObject({ code: codes[0], enrolled: true, model: 'Pixel 8a' });
    const alert = receiver.verified.find((e) => e.type === 'alert.created')!;
    expect(alert.data).toMatchObject({ alertName: CRITICAL.name, severity: 'Critical' });
    const completed = receiver.verified.find((e) => e.type === 'scan.completed')!;
    expect(completed.data).toMatchObject({
      reportId: body.reportId,
      findings: 1,
      alertsOpened: 1,
      device: { code: codes[0], severity: 'critical' },
    });
    // Unenrolled by the app: device.unenrolled.
    expect((await send('DELETE', '/device', { credential })).status).toBe(200);
    await t.settle();
    expect(receiver.verified.at(-1)).toMatchObject({
      type: 'device.unenrolled',
      data: { code: codes[0] },
    });
  });
});

describe('conditional access acts on reports', () => {
  // The policy of the Integrations tab, active: critical alerts and a missing screen lock
  // quarantine (docs/decisions/053-policies-and-reminders.md).
  const POLICY = {
    active: true,
    provider: 'azure' as const,
    tenant: 'contoso.onmicrosoft.com',
    clientId: 'client',
    clientSecret: 'secret',
    userExtension: 'ext',
    groupId: 'group',
    alertSeverity: 'CRITICAL_ONLY' as const,
    screenLockEnabled: true,
  };
  const memberOf = async (id: number) =>
    (
      await t.db
        .select({ blocked: members.caBlocked, reason: members.caReason })
        .from(members)
        .where(eq(members.id, id))
    )[0];

  it('a report that breaks the policy quarantines its member in its own transaction, with the event', async () => {
    const { org, codes } = await orgWithPendingMembers(2, { conditionalAccess: POLICY });
    const { credential } = await enrolled(codes[0]!);
    const member = org.members[0]!;
    expect(await memberOf(member.id)).toMatchObject({ blocked: false });

    expect((await send('POST', '/scans', { credential, json: report([CRITICAL]) })).status).toBe(
      202,
    );
    expect(await memberOf(member.id)).toMatchObject({
      blocked: true,
      reason: expect.stringContaining('critical'),
    });
    const events = await t.db
      .select({ action: auditEvents.action, actorType: auditEvents.actorType })
      .from(auditEvents)
      .where(and(eq(auditEvents.orgId, org.id), eq(auditEvents.action, 'member.quarantined')));
    expect(events).toEqual([{ action: 'member.quarantined', actorType: 'system' }]);

    // A report without a screen lock keeps the quarantine (another reason joins).
    expect(
      (await send('POST', '/scans', { credential, json: report([], { screenLock: false }) }))
        .status,
    ).toBe(202);
    expect((await memberOf(member.id))?.blocked).toBe(true);
    // The other member, not enrolled, is untouched.
    expect((await memberOf(org.members[1]!.id))?.blocked).toBe(false);
  });

  it('without an active policy a critical finding quarantines nobody', async () => {
    const { org, codes } = await orgWithPendingMembers(1, {
      conditionalAccess: { ...POLICY, active: false },
    });
    const { credential } = await enrolled(codes[0]!);
    expect((await send('POST', '/scans', { credential, json: report([CRITICAL]) })).status).toBe(
      202,
    );
    expect((await memberOf(org.members[0]!.id))?.blocked).toBe(false);
  });
});
