/**
 * Threat alert e-mails (docs/product/notifications.md, 'Threat alert e-mails';
 * docs/decisions/057-alert-emails-and-severity.md). `openAlerts` (./open-alert.ts) calls
 * {@link queueThreatAlertEmails} once, in the transaction that opens the alerts: the e-mail jobs
 * commit with the alerts or not at all (the outbox of server/queue/).
 *
 * - **Whom.** Per report (per device: one `openAlerts` call may hold a batch of devices' reports), each
 *   administrator of the organization who can sign in (invitation accepted, not blocked) gets one
 *   e-mail listing the report's new alerts, worst first, with the link to the open alerts; the
 *   member whose device it is (active) gets one e-mail saying what was found and what to do.
 * - **Storms.** At most {@link THREAT_ALERT_EMAILS_PER_HOUR} reports per organization and clock
 *   hour are e-mailed one by one. The next report queues the hour's summary instead (one job per
 *   organization, due at the end of the hour, `threat-alert-digest`), which counts every alert
 *   opened from there to the end of the hour and e-mails each administrator once; members get
 *   nothing more that hour (their administrators know). A simulator opening hundreds of alerts
 *   costs each administrator 10 e-mails and a summary per hour.
 * - **Disabled** ('Threat Alert Emails': Disabled, or the control not offered): nothing is queued,
 *   and an e-mail queued before the change is not sent (server/mail/jobs.ts checks again).
 * - **Cost.** Nothing opened: no statement. Disabled: the preference is cached per organization
 *   for {@link PREFERENCE_TTL_MS} and forgotten when this process saves the preferences
 *   ({@link forgetThreatAlertPreference}); other processes see a change within the TTL, and the
 *   send-time check covers it. Enabled: one statement (count, recipients, devices) and one
 *   insert of the jobs; past the hour's cap this process remembers it until the hour ends, and
 *   adds nothing to a report at all.
 */
import { sql } from 'drizzle-orm';
import type { Alert } from '@contract/alerts';
import type { Database } from '../db';
import type { Logger } from '../deps';
import { mailJob } from '../mail/jobs';
import type { ThreatAlertItem } from '../mail/threat-alerts';
import type { JobQueue, NewJob } from '../queue/queue';

/** Reports e-mailed one by one per organization and clock hour; then the hour's summary. */
export const THREAT_ALERT_EMAILS_PER_HOUR = 10;
export const THREAT_ALERT_WINDOW_MS = 60 * 60 * 1000;
/** How long a read preference is trusted without reading it again (other processes' saves). */
export const PREFERENCE_TTL_MS = 30 * 1000;
export const THREAT_ALERT_DIGEST_JOB = 'threat-alert-digest';

interface OrgState {
  /** The preference as read, until `until` (ms). */
  enabled?: { value: boolean; until: number };
  /** This process saw the hour starting at `windowStart` full: nothing more until it ends. */
  fullWindow?: number;
}

/** Per queue (one per server; tests make one app, and one queue, per database). */
const stateByQueue = new WeakMap<JobQueue, Map<number, OrgState>>();

function stateOf(queue: JobQueue, orgId: number): OrgState {
  let orgs = stateByQueue.get(queue);
  if (!orgs) {
    orgs = new Map();
    stateByQueue.set(queue, orgs);
  }
  let state = orgs.get(orgId);
  if (!state) {
    state = {};
    orgs.set(orgId, state);
  }
  return state;
}

/** Call when the organization's e-mail preferences were saved (server/notifications/routes.ts). */
export function forgetThreatAlertPreference(queue: JobQueue, orgId: number): void {
  stateByQueue.get(queue)?.delete(orgId);
}

/** Only an explicit Enabled sends: no row means the default (enabled), a null means not offered. */
async function threatAlertsEnabled(
  queue: JobQueue,
  tx: Database,
  orgId: number,
  now: Date,
): Promise<boolean> {
  const state = stateOf(queue, orgId);
  if (state.enabled && state.enabled.until > now.getTime()) return state.enabled.value;
  const row = rowsOf<{ threat_alerts: boolean | null }>(
    await tx.execute(sql`SELECT threat_alerts FROM email_preferences WHERE org_id = ${orgId}`),
  )[0];
  const value = row ? row.threat_alerts === true : true;
  state.enabled = { value, until: now.getTime() + PREFERENCE_TTL_MS };
  return value;
}

/** The rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function windowStartOf(now: Date): number {
  return Math.floor(now.getTime() / THREAT_ALERT_WINDOW_MS) * THREAT_ALERT_WINDOW_MS;
}

interface Recipient {
  name: string;
  email: string;
}

interface OpenedRow {
  id: number;
  scanId: string;
  deviceId: number | null;
  memberName: string | null;
  memberEmail: string | null;
}

/**
 * Queues the threat alert e-mails of alerts just opened (`opened`, as `openAlerts` returns them),
 * in `tx`. Returns how many e-mail jobs it queued (0 when disabled, nothing opened, or past the
 * hour's cap: then at most the summary job).
 */
export async function queueThreatAlertEmails(
  queue: JobQueue,
  tx: Database,
  orgId: number,
  opened: readonly Alert[],
  now: Date,
  /** The device of each opened alert, by scan id (`openAlerts` knows it): one e-mail per device. */
  deviceIds: ReadonlyMap<string, number | null> = new Map(),
): Promise<number> {
  if (opened.length === 0) return 0;
  const windowStart = windowStartOf(now);
  const state = stateOf(queue, orgId);
  if (state.fullWindow === windowStart) return 0;
  if (!(await threatAlertsEnabled(queue, tx, orgId, now))) return 0;

  // One e-mail per device: scan ingestion opens the alerts of a whole batch of reports (several
  // devices) in one call (docs/decisions/056-scan-ingestion-throughput.md), so the hour's cap
  // counts devices' reports, not calls.
  const deviceKey = (a: Alert): string => {
    const id = deviceIds.get(a.scanId);
    return id != null ? `d${id}` : `l${a.device}`;
  };
  const deviceOrder = [...new Set(opened.map(deviceKey))];
  const reports = deviceOrder.length;
  const scanIds = opened.map((a) => a.scanId);
  // One statement: count these reports in the hour (the row's lock orders concurrent reports of
  // the organization until their commits), and read the recipients and the alerts' devices.
  const [row] = rowsOf<{
    emailed: number;
    org_name: string;
    admins: Recipient[];
    opened: OpenedRow[];
  }>(
    await tx.execute(sql`
    WITH ids AS (
      SELECT a.id, a.scan_id, a.device_id FROM alerts a
      WHERE a.org_id = ${orgId} AND a.scan_id IN (${sql.join(
        scanIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    ), w AS (
      INSERT INTO threat_alert_mail_windows AS w (org_id, window_start, emailed, first_alert_id)
      VALUES (${orgId}, ${new Date(windowStart).toISOString()}::timestamptz, ${reports},
              (SELECT coalesce(min(id), 0) FROM ids))
      ON CONFLICT (org_id) DO UPDATE SET
        emailed = CASE WHEN w.window_start = EXCLUDED.window_start
                       THEN w.emailed + EXCLUDED.emailed ELSE EXCLUDED.emailed END,
        first_alert_id = CASE WHEN w.window_start = EXCLUDED.window_start
                              THEN w.first_alert_id ELSE EXCLUDED.first_alert_id END,
        window_start = EXCLUDED.window_start
      RETURNING emailed
    )
    SELECT
      (SELECT emailed FROM w) AS emailed,
      (SELECT name FROM organizations WHERE id = ${orgId}) AS org_name,
      (SELECT coalesce(json_agg(json_build_object('name', u.name, 'email', u.email) ORDER BY u.id), '[]'::json)
         FROM users u
        WHERE u.org_id = ${orgId} AND u.invite_accepted AND NOT u.login_blocked) AS admins,
      (SELECT coalesce(json_agg(json_build_object(
                'id', ids.id, 'scanId', ids.scan_id, 'deviceId', ids.device_id,
                'memberName', m.name,
                'memberEmail', CASE WHEN m.deactivated_at IS NULL THEN m.email END)
              ORDER BY ids.id), '[]'::json)
         FROM ids
         LEFT JOIN devices d ON d.id = ids.device_id AND d.org_id = ${orgId}
         LEFT JOIN members m ON m.id = d.member_id AND m.org_id = ${orgId}) AS opened
  `),
  );
  if (!row) return 0;
  const emailed = Number(row.emailed);
  const before = emailed - reports;
  // The first reports up to the cap are e-mailed one by one; the rest go to the hour's summary.
  const mailed = new Set(deviceOrder.slice(0, Math.max(0, THREAT_ALERT_EMAILS_PER_HOUR - before)));
  const byScanId = new Map(row.opened.map((o) => [o.scanId, o]));

  if (emailed > THREAT_ALERT_EMAILS_PER_HOUR) {
    // Past the cap: the hour's summary (one job per organization and hour: its dedupe key), from the
    // first alert not e-mailed on; later reports of the hour add nothing in this process.
    if (before <= THREAT_ALERT_EMAILS_PER_HOUR) {
      const rest = opened.flatMap((a) => {
        const id = byScanId.get(a.scanId)?.id;
        return mailed.has(deviceKey(a)) || id === undefined ? [] : [id];
      });
      const fromAlertId = rest.length > 0 ? Math.min(...rest) : 0;
      await queue.enqueue(tx, {
        kind: THREAT_ALERT_DIGEST_JOB,
        orgId,
        dedupeKey: `${THREAT_ALERT_DIGEST_JOB}:${orgId}:${windowStart}`,
        delayMs: windowStart + THREAT_ALERT_WINDOW_MS - now.getTime(),
        payload: {
          windowStart: new Date(windowStart).toISOString(),
          fromAlertId,
          emailed: THREAT_ALERT_EMAILS_PER_HOUR,
        },
      });
    }
    state.fullWindow = windowStart;
    if (mailed.size === 0) return 0;
  }

  const groups = new Map<string, { device: string; member: OpenedRow | null; alerts: Alert[] }>();
  for (const alert of opened) {
    const key = deviceKey(alert);
    if (!mailed.has(key)) continue;
    const found = byScanId.get(alert.scanId) ?? null;
    const group = groups.get(key) ?? { device: alert.device, member: found, alerts: [] };
    group.alerts.push(alert);
    groups.set(key, group);
  }
  const jobs: NewJob[] = [];
  for (const group of groups.values()) {
    const items: ThreatAlertItem[] = group.alerts.map((a) => ({
      name: a.alertName,
      severity: a.severity,
    }));
    const memberName = group.member?.memberName ?? group.alerts[0]?.memberName ?? null;
    for (const admin of row.admins) {
      jobs.push(
        mailJob(
          'threat-alert',
          admin.email,
          {
            orgName: row.org_name,
            name: admin.name,
            device: group.device,
            memberName,
            alerts: items,
          },
          orgId,
        ),
      );
    }
    const memberEmail = group.member?.memberEmail;
    if (memberEmail && memberName) {
      jobs.push(
        mailJob(
          'member-threat-alert',
          memberEmail,
          { orgName: row.org_name, name: memberName, device: group.device, alerts: items },
          orgId,
        ),
      );
    }
  }
  if (jobs.length > 0) await queue.enqueue(tx, ...jobs);
  return jobs.length;
}

interface DigestPayload {
  windowStart: string;
  fromAlertId: number;
  emailed: number;
}

/**
 * The hour's summary: counts the alerts opened from `fromAlertId` up to the next hour's first
 * alert (or now), and queues one e-mail per administrator, unless threat alert e-mails were
 * disabled meanwhile or nothing is left to say.
 */
export async function runThreatAlertDigest(
  queue: JobQueue,
  db: Database,
  orgId: number,
  payload: DigestPayload,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [pref] = rowsOf<{ threat_alerts: boolean | null }>(
      await tx.execute(sql`SELECT threat_alerts FROM email_preferences WHERE org_id = ${orgId}`),
    );
    if (pref && pref.threat_alerts !== true) return 0;
    const [row] = rowsOf<{
      org_name: string | null;
      alerts: number;
      critical: number;
      devices: number;
      still_open: number;
      top: Array<{ device: string; memberName: string | null; alerts: number }>;
      admins: Recipient[];
    }>(
      await tx.execute(sql`
      WITH bound AS (
        SELECT CASE WHEN window_start > ${payload.windowStart}::timestamptz THEN first_alert_id END AS upto
        FROM threat_alert_mail_windows WHERE org_id = ${orgId}
      ), hour AS (
        SELECT a.* FROM alerts a
        WHERE a.org_id = ${orgId} AND a.id >= ${payload.fromAlertId}
          AND a.id < coalesce((SELECT upto FROM bound), 2147483647)
      ), per_device AS (
        SELECT device_label, member_name, count(*)::int AS n FROM hour
        GROUP BY device_id, device_label, member_name ORDER BY n DESC, device_label LIMIT 10
      )
      SELECT
        (SELECT name FROM organizations WHERE id = ${orgId}) AS org_name,
        (SELECT count(*)::int FROM hour) AS alerts,
        (SELECT count(*)::int FROM hour WHERE lower(severity) = 'critical') AS critical,
        (SELECT count(DISTINCT coalesce(device_id::text, device_label))::int FROM hour) AS devices,
        (SELECT count(*)::int FROM hour WHERE status = 'Open') AS still_open,
        (SELECT coalesce(json_agg(json_build_object('device', device_label, 'memberName', member_name, 'alerts', n)), '[]'::json)
           FROM per_device) AS top,
        (SELECT coalesce(json_agg(json_build_object('name', u.name, 'email', u.email) ORDER BY u.id), '[]'::json)
           FROM users u
          WHERE u.org_id = ${orgId} AND u.invite_accepted AND NOT u.login_blocked) AS admins
    `),
    );
    if (!row || row.org_name === null || Number(row.alerts) === 0) return 0;
    const jobs = row.admins.map((admin) =>
      mailJob(
        'threat-alert-digest',
        admin.email,
        {
          orgName: row.org_name as string,
          name: admin.name,
          windowStart: payload.windowStart,
          emailed: payload.emailed,
          alerts: Number(row.alerts),
          critical: Number(row.critical),
          devices: Number(row.devices),
          stillOpen: Number(row.still_open),
          top: row.top,
        },
        orgId,
      ),
    );
    if (jobs.length > 0) await queue.enqueue(tx, ...jobs);
    return jobs.length;
  });
}

/** Registers the summary job (createApp). */
export function defineThreatAlertJobs(queue: JobQueue, s: { db: Database; logger: Logger }): void {
  queue.define<DigestPayload>(THREAT_ALERT_DIGEST_JOB, {
    async run(job) {
      if (job.orgId === null) return undefined;
      const queued = await runThreatAlertDigest(queue, s.db, job.orgId, job.payload);
      if (queued > 0) queue.wake();
      return { queued };
    },
  });
}
