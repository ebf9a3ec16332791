/**
 * Conditional access acting on devices and the scan reminders (server/policies/;
 * docs/decisions/053-policies-and-reminders.md), on organizations the tests make, with the test
 * clock: quarantine and release with their audit events, the newest OS version per organization,
 * the periodic job over several organizations, deactivation and removal, the reminders.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { UpdatePolicyBody } from '@contract/conditional-access';
import {
  alerts,
  auditEvents,
  devices,
  jobs,
  members,
  osVersionsSeen,
  outbox,
  scanReminders,
} from '../db/schema';
import { createTestApp } from '../test-support';
import { makeOrg, type OrgOptions, type TestOrg } from '../test-support/factories';
import { evaluateMemberAccess } from './evaluate';
import {
  evaluateOrganization,
  POLICY_EVALUATION_JOB,
  POLICY_EVALUATION_ORG_JOB,
  schedulePolicyEvaluation,
  scheduleScanReminders,
} from './jobs';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ integrations: { conditionalAccessRemovalDelayMs: 0 } });
});
afterEach(async () => {
  await t.close();
});

const ACTIVE = {
  active: true,
  provider: 'azure' as const,
  tenant: 'contoso.onmicrosoft.com',
  clientId: 'client',
  clientSecret: 'secret',
  userExtension: 'ext',
  groupId: 'group',
};

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

/** An organization with `n` members, each with one enrolled Android device scanned just now. */
async function orgWithDevices(
  name: string,
  n: number,
  policy: Partial<UpdatePolicyBody> | null,
  extra: Partial<OrgOptions> = {},
): Promise<TestOrg> {
  const org = await makeOrg(t, {
    name,
    members: n,
    devices: Array.from({ length: n }, (_, i) => ({
      member: i,
      model: `Pixel ${i}`,
      platform: 'android' as const,
      osVersion: '15',
      enrolled: true,
      severity: 'secure' as const,
      lastScanAt: ago(HOUR),
    })),
    ...(policy ? { conditionalAccess: { ...ACTIVE, ...policy } } : {}),
    ...extra,
  });
  await t.db
    .update(devices)
    .set({ screenLock: true, lastSeenAt: ago(HOUR) })
    .where(eq(devices.orgId, org.id));
  return org;
}

async function memberState(id: number) {
  const [m] = await t.db
    .select({ caBlocked: members.caBlocked, reason: members.caReason, since: members.caBlockedAt })
    .from(members)
    .where(eq(members.id, id));
  return m;
}

async function events(orgId: number) {
  return t.db
    .select({
      action: auditEvents.action,
      actor: auditEvents.actorType,
      actorId: auditEvents.actorId,
      target: auditEvents.targetId,
      changes: auditEvents.changes,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId)))
    .orderBy(asc(auditEvents.seq));
}

const policyEvents = async (orgId: number) =>
  (await events(orgId)).filter((e) => e.action.startsWith('member.'));

async function setDevice(deviceId: number, set: Partial<typeof devices.$inferInsert>) {
  await t.db.update(devices).set(set).where(eq(devices.id, deviceId));
}

describe('evaluateMemberAccess', () => {
  it('quarantines a member whose device breaks the active policy, with the reason, and releases when it complies', async () => {
    const org = await orgWithDevices('Acme', 2, { screenLockEnabled: true });
    const [a, b] = org.members;
    const [da] = org.devices;

    await setDevice(da!.id, { screenLock: false });
    await t.db.transaction((tx) => evaluateMemberAccess(tx, org.id, [a!.id, b!.id], t.clock.now()));
    expect(await memberState(a!.id)).toEqual({
      caBlocked: true,
      reason: 'Pixel 0: No screen lock',
      since: t.clock.now(),
    });
    expect((await memberState(b!.id))?.caBlocked).toBe(false);
    expect(await policyEvents(org.id)).toEqual([
      {
        action: 'member.quarantined',
        actor: 'system',
        actorId: 'conditional-access',
        target: String(a!.id),
        changes: { reason: 'Pixel 0: No screen lock' },
      },
    ]);

    // Evaluated again unchanged: no write, no event.
    await t.db.transaction((tx) => evaluateMemberAccess(tx, org.id, [a!.id], t.clock.now()));
    expect(await policyEvents(org.id)).toHaveLength(1);

    // A second rule breaks: the reason changes (one event).
    await t.db.insert(alerts).values({
      orgId: org.id,
      scanId: 'scan-critical-1',
      deviceId: da!.id,
      deviceLabel: 'Pixel 0',
      alertName: 'Malware',
      alertDescription: '[]',
      severity: 'Critical',
      scanTime: t.clock.now(),
    });
    await t.call('PUT', '/api/orgs/conditional-access/policy', {
      cookie: org.cookie,
      json: {
        alertSeverity: 'CRITICAL_ONLY',
        outdatedOSPeriod: 'NEVER',
        deviceIntegrityPeriod: 'NEVER',
        screenLockEnabled: true,
      },
    });
    await t.db.transaction((tx) => evaluateMemberAccess(tx, org.id, [a!.id], t.clock.now()));
    expect((await memberState(a!.id))?.reason).toBe('Pixel 0: Open critical alert; No screen lock');
    const updated = (await policyEvents(org.id)).at(-1);
    expect(updated?.action).toBe('member.quarantine_updated');
    expect(updated?.changes).toEqual({
      before: 'Pixel 0: No screen lock',
      after: 'Pixel 0: Open critical alert; No screen lock',
    });

    // The device complies again (screen lock set, the alert closed): released, one event.
    t.clock.advance(HOUR);
    await setDevice(da!.id, { screenLock: true });
    await t.db.update(alerts).set({ status: 'Closed' }).where(eq(alerts.scanId, 'scan-critical-1'));
    await t.db.transaction((tx) => evaluateMemberAccess(tx, org.id, [a!.id], t.clock.now()));
    expect(await memberState(a!.id)).toEqual({ caBlocked: false, reason: null, since: null });
    const released = (await policyEvents(org.id)).at(-1);
    expect(released).toMatchObject({
      action: 'member.released',
      actor: 'system',
      target: String(a!.id),
      changes: { reason: 'Pixel 0: Open critical alert; No screen lock' },
    });
  });

  it('does nothing under an inactive policy, and never touches another organization’s members', async () => {
    const inactive = await orgWithDevices('Inactive', 1, null, {
      conditionalAccess: { ...ACTIVE, active: false, screenLockEnabled: true },
    });
    const other = await orgWithDevices('Other', 1, { screenLockEnabled: true });
    await t.db.update(devices).set({ screenLock: false });

    await t.db.transaction((tx) =>
      evaluateMemberAccess(tx, inactive.id, [inactive.members[0]!.id], t.clock.now()),
    );
    expect((await memberState(inactive.members[0]!.id))?.caBlocked).toBe(false);

    // The other organization's member id passed with the wrong organization: ignored.
    await t.db.transaction((tx) =>
      evaluateMemberAccess(tx, inactive.id, [other.members[0]!.id], t.clock.now()),
    );
    expect((await memberState(other.members[0]!.id))?.caBlocked).toBe(false);
    expect(await policyEvents(other.id)).toEqual([]);
    expect(await policyEvents(inactive.id)).toEqual([]);

    // Under its own organization it is quarantined.
    await t.db.transaction((tx) =>
      evaluateMemberAccess(tx, other.id, [other.members[0]!.id], t.clock.now()),
    );
    expect((await memberState(other.members[0]!.id))?.caBlocked).toBe(true);
  });

  it('keeps a member blocked before policies acted (no reason) until deactivation releases them', async () => {
    const org = await orgWithDevices('Legacy', 1, { screenLockEnabled: true }, {});
    await t.db.update(members).set({ caBlocked: true }).where(eq(members.id, org.members[0]!.id));
    await t.db.transaction((tx) =>
      evaluateMemberAccess(tx, org.id, [org.members[0]!.id], t.clock.now()),
    );
    expect(await memberState(org.members[0]!.id)).toEqual({
      caBlocked: true,
      reason: null,
      since: null,
    });
    expect(await policyEvents(org.id)).toEqual([]);
  });

  it('records the OS versions seen per organization and platform: outdated after the period', async () => {
    const org = await orgWithDevices('Fleet', 2, { outdatedOSPeriod: 'THREE_DAYS' });
    const other = await orgWithDevices('Elsewhere', 1, { outdatedOSPeriod: 'THREE_DAYS' });
    const [a, b] = org.members;
    const [da, db] = org.devices;
    await setDevice(da!.id, { osVersion: '14' });
    const ids = [a!.id, b!.id];
    const evaluate = () =>
      t.db.transaction((tx) => evaluateMemberAccess(tx, org.id, ids, t.clock.now()));
    const seen = async (orgId: number) =>
      (
        await t.db
          .select({ version: osVersionsSeen.version })
          .from(osVersionsSeen)
          .where(eq(osVersionsSeen.orgId, orgId))
      )
        .map((r) => r.version)
        .sort();

    await evaluate();
    expect(await seen(org.id)).toEqual(['14', '15']);
    expect(await seen(other.id)).toEqual([]);
    // Newer than 14 since now: not outdated yet.
    expect((await memberState(a!.id))?.caBlocked).toBe(false);

    t.clock.advance(3 * DAY + HOUR);
    await evaluate();
    expect(await memberState(a!.id)).toMatchObject({
      caBlocked: true,
      reason: 'Pixel 0: OS 14 outdated for more than three days (newest: 15)',
    });
    expect((await memberState(b!.id))?.caBlocked).toBe(false);

    // A newer version: 14 stays outdated (counted from 15), and its reason names the newest;
    // 15 is outdated from now on, not yet for three days.
    await setDevice(db!.id, { osVersion: '16.0' });
    await evaluate();
    expect(await seen(org.id)).toEqual(['14', '15', '16.0']);
    expect((await memberState(a!.id))?.reason).toBe(
      'Pixel 0: OS 14 outdated for more than three days (newest: 16.0)',
    );
    // '16' is the same version as '16.0': nothing new recorded.
    await setDevice(db!.id, { osVersion: '16' });
    await evaluate();
    expect(await seen(org.id)).toEqual(['14', '15', '16.0']);
    // The other organization's devices saw only their own.
    await t.db.transaction((tx) =>
      evaluateMemberAccess(tx, other.id, [other.members[0]!.id], t.clock.now()),
    );
    expect(await seen(other.id)).toEqual(['15']);
    expect((await memberState(other.members[0]!.id))?.caBlocked).toBe(false);
  });
});

describe('what the console shows', () => {
  it('the dashboard and the Members page show the quarantine with its reason, per organization', async () => {
    const org = await orgWithDevices('Shown', 2, { screenLockEnabled: true });
    const other = await orgWithDevices('Unshown', 1, { screenLockEnabled: true });
    await setDevice(org.devices[0]!.id, { screenLock: false });
    await t.db.update(devices).set({ screenLock: false }).where(eq(devices.orgId, other.id));
    await evaluateOrganization(t.db, org.id, t.clock.now());

    const page = await t.call('GET', '/api/orgs?page=1&pageSize=50&sort=code', {
      cookie: org.cookie,
    });
    expect(page.status, page.text).toBe(200);
    const byCode = new Map(
      (page.data.devices as Array<{ code: string; quarantine?: string }>).map((d) => [d.code, d]),
    );
    expect(byCode.get(org.devices[0]!.code)?.quarantine).toBe('Pixel 0: No screen lock');
    expect(byCode.get(org.devices[1]!.code)).not.toHaveProperty('quarantine');

    const directory = await t.call('GET', '/api/orgs/member-directory?page=1&pageSize=50', {
      cookie: org.cookie,
    });
    expect(directory.status, directory.text).toBe(200);
    const byId = new Map(
      (directory.data.members as Array<{ id: string; quarantine?: string }>).map((m) => [m.id, m]),
    );
    expect(byId.get(String(org.members[0]!.id))?.quarantine).toBe('Pixel 0: No screen lock');
    expect(byId.get(String(org.members[1]!.id))).not.toHaveProperty('quarantine');

    // A member blocked before policies acted shows the general reason.
    await t.db.update(members).set({ caBlocked: true }).where(eq(members.id, org.members[1]!.id));
    const again = await t.call('GET', '/api/orgs/member-directory?page=1&pageSize=50', {
      cookie: org.cookie,
    });
    expect(
      (again.data.members as Array<{ id: string; quarantine?: string }>).find(
        (m) => m.id === String(org.members[1]!.id),
      )?.quarantine,
    ).toBe('Blocked by conditional access');
  });
});

describe('the periodic job', () => {
  it('applies the time-based rules across organizations, each under its own policy only', async () => {
    const strict = await orgWithDevices('Strict', 3, { deviceIntegrityPeriod: 'THREE_DAYS' });
    const loose = await orgWithDevices('Loose', 3, { deviceIntegrityPeriod: 'TWO_WEEKS' });
    const off = await orgWithDevices('Off', 3, null, {
      conditionalAccess: { ...ACTIVE, active: false, deviceIntegrityPeriod: 'THREE_DAYS' },
    });
    const none = await orgWithDevices('None', 3, null);

    const runJob = async () => {
      await schedulePolicyEvaluation(t.queue, t.db);
      await t.queue.drain();
    };
    await runJob();
    for (const org of [strict, loose, off, none]) expect(await policyEvents(org.id)).toEqual([]);

    // Four days without any report: only Strict's members are quarantined.
    t.clock.advance(4 * DAY);
    await runJob();
    const blocked = async (org: TestOrg) =>
      (
        await t.db
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.orgId, org.id), eq(members.caBlocked, true)))
      ).length;
    expect(await blocked(strict)).toBe(3);
    expect((await memberState(strict.members[0]!.id))?.reason).toBe(
      'Pixel 0: No scan for more than three days',
    );
    expect(await blocked(loose)).toBe(0);
    expect(await blocked(off)).toBe(0);
    expect(await blocked(none)).toBe(0);
    expect((await policyEvents(strict.id)).map((e) => e.action)).toEqual([
      'member.quarantined',
      'member.quarantined',
      'member.quarantined',
    ]);
    for (const org of [loose, off, none]) expect(await policyEvents(org.id)).toEqual([]);

    // The job queued its next run, an hour later (one row: its dedupe key).
    const next = await t.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, POLICY_EVALUATION_JOB), eq(jobs.status, 'queued')));
    expect(next).toHaveLength(1);

    // One of Strict's devices scans again: the next run releases its member only.
    await setDevice(strict.devices[1]!.id, { lastScanAt: t.clock.now() });
    await runJob();
    expect(await blocked(strict)).toBe(2);
    expect((await memberState(strict.members[1]!.id))?.caBlocked).toBe(false);
  });

  it('evaluates a large organization in batches', async () => {
    const org = await orgWithDevices('Big', 7, { deviceIntegrityPeriod: 'SEVEN_DAYS' });
    t.clock.advance(8 * DAY);
    const r = await evaluateOrganization(t.db, org.id, t.clock.now(), 3);
    expect(r).toEqual({ members: 7, quarantined: 7, released: 0, updated: 0 });
  });

  it('a policy change evaluates the organization at once (its own job)', async () => {
    const org = await orgWithDevices('Changed', 2, {});
    await t.db.update(devices).set({ screenLock: false }).where(eq(devices.orgId, org.id));
    const r = await t.call('PUT', '/api/orgs/conditional-access/policy', {
      cookie: org.cookie,
      json: {
        alertSeverity: 'NONE',
        outdatedOSPeriod: 'NEVER',
        deviceIntegrityPeriod: 'NEVER',
        screenLockEnabled: true,
      },
    });
    expect(r.status, r.text).toBe(200);
    const queued = await t.db
      .select({ orgId: jobs.orgId })
      .from(jobs)
      .where(eq(jobs.kind, POLICY_EVALUATION_ORG_JOB));
    expect(queued).toEqual([{ orgId: org.id }]);
    await t.settle();
    expect((await memberState(org.members[0]!.id))?.caBlocked).toBe(true);
    expect((await memberState(org.members[1]!.id))?.caBlocked).toBe(true);
  });
});

describe('deactivation and removal release everyone the policy quarantined', () => {
  async function quarantined(name: string) {
    const org = await orgWithDevices(name, 2, { screenLockEnabled: true });
    await t.db.update(devices).set({ screenLock: false }).where(eq(devices.orgId, org.id));
    await evaluateOrganization(t.db, org.id, t.clock.now());
    expect((await memberState(org.members[0]!.id))?.caBlocked).toBe(true);
    expect((await memberState(org.members[1]!.id))?.caBlocked).toBe(true);
    return org;
  }

  it('removal (the removal job)', async () => {
    const org = await quarantined('Removed');
    const other = await quarantined('Kept');
    const r = await t.call('DELETE', '/api/orgs/conditional-access', { cookie: org.cookie });
    expect(r.status, r.text).toBe(200);
    await t.queue.drain({ includeScheduled: true });
    for (const m of org.members) {
      expect(await memberState(m.id)).toEqual({ caBlocked: false, reason: null, since: null });
    }
    const released = (await policyEvents(org.id)).filter((e) => e.action === 'member.released');
    expect(released.map((e) => [e.actor, e.target])).toEqual(
      org.members.map((m) => ['system', String(m.id)]),
    );
    expect(released[0]?.changes).toMatchObject({ reason: 'Pixel 0: No screen lock' });
    // The other organization keeps its quarantine; the periodic job does not quarantine again.
    for (const m of other.members) expect((await memberState(m.id))?.caBlocked).toBe(true);
    await evaluateOrganization(t.db, org.id, t.clock.now());
    for (const m of org.members) expect((await memberState(m.id))?.caBlocked).toBe(false);
  });

  it('deactivation (saving an inactive configuration)', async () => {
    const org = await quarantined('Deactivated');
    const r = await t.call('POST', '/api/orgs/conditional-access/config', {
      cookie: org.cookie,
      json: { ...ACTIVE, active: false },
    });
    expect(r.status, r.text).toBe(200);
    for (const m of org.members) expect((await memberState(m.id))?.caBlocked).toBe(false);
    expect((await policyEvents(org.id)).filter((e) => e.action === 'member.released')).toHaveLength(
      2,
    );
    // Inactive: a new evaluation quarantines nobody.
    await evaluateOrganization(t.db, org.id, t.clock.now());
    for (const m of org.members) expect((await memberState(m.id))?.caBlocked).toBe(false);
  });
});

describe('scan reminders', () => {
  const reminderMails = async (to?: string) =>
    (
      await t.db
        .select({
          to: outbox.toAddress,
          subject: outbox.subject,
          text: outbox.text,
          html: outbox.html,
        })
        .from(outbox)
    )
      .filter((m) => m.subject === 'Open the app to scan your device')
      .filter((m) => to === undefined || m.to === to);
  const run = async () => {
    await scheduleScanReminders(t.queue, t.db);
    await t.settle();
  };

  it('e-mails members whose devices have not scanned within the interval, once per frequency', async () => {
    const org = await orgWithDevices('Remind', 4, null, {
      notificationPreferences: {
        notificationType: 'EMAIL',
        deviceIntegrityPeriod: 'THREE_DAYS',
        notificationFrequency: 'WEEKLY',
      },
    });
    const [stale, scanning, deactivated, never] = org.members;
    const [ds, , dd, dn] = org.devices;
    await setDevice(ds!.id, { lastScanAt: ago(4 * DAY) });
    await setDevice(dd!.id, { lastScanAt: ago(4 * DAY) });
    await t.db
      .update(members)
      .set({ deactivatedAt: t.clock.now() })
      .where(eq(members.id, deactivated!.id));
    // Enrolled two days ago, never scanned: not due yet.
    await setDevice(dn!.id, { lastScanAt: null, lastSeenAt: ago(2 * DAY) });

    await run();
    const first = await reminderMails();
    expect(first.map((m) => m.to)).toEqual([stale!.email]);
    expect(first[0]?.text).toContain('Pixel 0');
    expect(first[0]?.text).toContain('3 days');
    // Text and HTML, like every e-mail (the shared layout).
    expect(first[0]?.html).toContain('Pixel 0');
    expect(first[0]?.html).toContain('Open the mobile security app');
    expect(scanning).toBeDefined();

    // Again the same day, and six days later: nothing new (weekly). The scanning member keeps
    // scanning.
    await run();
    t.clock.advance(6 * DAY);
    await setDevice(org.devices[1]!.id, { lastScanAt: t.clock.now() });
    await run();
    // Six days on, the never-scanned device is due too.
    expect((await reminderMails()).map((m) => m.to).sort()).toEqual(
      [stale!.email, never!.email].sort(),
    );
    // A week after the first: the stale member once more.
    t.clock.advance(DAY + HOUR);
    await setDevice(org.devices[1]!.id, { lastScanAt: t.clock.now() });
    await run();
    expect((await reminderMails(stale!.email)).length).toBe(2);
    expect((await reminderMails(scanning!.email)).length).toBe(0);
    expect((await reminderMails(deactivated!.email)).length).toBe(0);

    const rows = await t.db
      .select({ channel: scanReminders.channel, status: scanReminders.status })
      .from(scanReminders)
      .where(eq(scanReminders.orgId, org.id));
    expect(rows.every((r) => r.channel === 'EMAIL' && r.status === 'queued')).toBe(true);
    expect(rows).toHaveLength(3);
  });

  it('push: recorded as not delivered (no push provider), and the e-mail goes instead', async () => {
    const org = await orgWithDevices('Push', 1, null, {
      notificationPreferences: {
        notificationType: 'PUSH',
        deviceIntegrityPeriod: 'SEVEN_DAYS',
        notificationFrequency: 'DAILY',
      },
    });
    t.clock.advance(8 * DAY);
    await run();
    const rows = await t.db
      .select({ channel: scanReminders.channel, status: scanReminders.status })
      .from(scanReminders)
      .where(eq(scanReminders.orgId, org.id))
      .orderBy(scanReminders.id);
    expect(rows).toEqual([
      { channel: 'PUSH', status: 'not_delivered' },
      { channel: 'EMAIL', status: 'queued' },
    ]);
    expect(await reminderMails(org.members[0]!.email)).toHaveLength(1);
    // The Device Scan Notifications card's counts, for this organization only.
    const other = await makeOrg(t, { name: 'Quiet' });
    const read = async (cookie: string) =>
      (await t.call('GET', '/api/orgs/notifications-preferences?topic=OpenAppToScan', { cookie }))
        .data.reminders;
    // (Eight days on: new sessions.)
    expect(await read(await org.session())).toEqual({ emails: 1, pushNotDelivered: 1 });
    expect(await read(await other.session())).toEqual({ emails: 0, pushNotDelivered: 0 });
    // Daily: the next day again.
    t.clock.advance(DAY + HOUR);
    await run();
    expect(await reminderMails(org.members[0]!.email)).toHaveLength(2);
  });

  it('never reminds about a device that is not enrolled', async () => {
    const org = await orgWithDevices('Unenrolled', 1, null, {
      notificationPreferences: {
        notificationType: 'EMAIL',
        deviceIntegrityPeriod: 'THREE_DAYS',
        notificationFrequency: 'DAILY',
      },
    });
    await setDevice(org.devices[0]!.id, { enrolled: false });
    t.clock.advance(10 * DAY);
    await run();
    expect(await reminderMails(org.members[0]!.email)).toEqual([]);
  });

  it('is off at Never, and without preferences', async () => {
    const never = await orgWithDevices('Never', 1, null, {
      notificationPreferences: {
        notificationType: 'EMAIL',
        deviceIntegrityPeriod: 'NEVER',
        notificationFrequency: 'DAILY',
      },
    });
    const unset = await orgWithDevices('Unset', 1, null);
    t.clock.advance(30 * DAY);
    await run();
    expect(await reminderMails(never.members[0]!.email)).toEqual([]);
    expect(await reminderMails(unset.members[0]!.email)).toEqual([]);
  });
});
