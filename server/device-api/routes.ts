/**
 * The device API at `/api/device/v1` (contract/device-api.ts; docs/product/device-api.md;
 * docs/decisions/051-device-api.md): what the mobile app calls.
 *
 * Called by apps, not browsers: a session cookie authenticates nothing here (it is never read),
 * and the portal's CSRF header rule does not apply (app.ts exempts the prefix). Enrolment
 * authenticates by the member's enrolment code; every other call by the device credential it
 * answered (`Authorization: Bearer …`), looked up by its hash. Each change runs in one transaction
 * with its webhook events, its audit event (enrolment, unenrolment), its live notices and the
 * policy hook, so all of them exist exactly when the change does.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import {
  DEVICE_API_BODY_LIMITS,
  DEVICE_API_ERRORS,
  deviceHeartbeat,
  enrollDevice,
  reportScan,
  unenrollSelf,
  type EnrollDeviceResponse,
} from '@contract/device-api';
import type { Endpoint, ErrorBody } from '@contract/endpoint';
import { normalizeEnrolmentCode } from '@domain/enrolment';
import type { AuditActorInput } from '../audit/data';
import { recordEvent } from '../audit/record';
import { countDeviceEnrolAttempt, giveBackDeviceEnrolAttempt } from '../auth/login-throttle';
import { hashToken, newToken } from '../auth/tokens';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import { clientIp } from '../http/client-ip';
import { HttpError } from '../http/http-error';
import { API_PREFIX, errorResponse, invalid, readJsonBody, toIssues } from '../http/route';
import { openAlerts } from '../alerts/open-alert';
import { toDevice } from '../devices/data';
import { emitWebhookEvents } from '../webhooks/events';
import { publishNotice } from '../events/notices';
import { afterDeviceReport } from './after-report';
import {
  claimPendingDevice,
  findDeviceByCredential,
  lockDeviceByCredential,
  lookUpCode,
  openAlertsOf,
  recordFindingState,
  recordReport,
  removeDevice,
  touchDevice,
  updateReportedDevice,
  type AuthenticatedDevice,
} from './data';
import { ALERT_SEVERITY_OF_FINDING, deviceSeverityOf, isNewestReport, planReport } from './report';

/** A device credential: recognisable in a leaked log or config, 256 random bits after the prefix. */
export const DEVICE_CREDENTIAL_PREFIX = 'dvc_';
const BEARER = /^bearer +([A-Za-z0-9_-]{1,200})\s*$/i;

const pathOf = (e: Endpoint) => `${API_PREFIX}${e.path}`;

/** The device API's paths, for app.ts's CSRF exemption and body caps. */
export const DEVICE_API_PREFIX = `${API_PREFIX}/device/v1/`;

/** Each path's body cap (app.ts applies them instead of the default limit). */
export const DEVICE_API_BODY_LIMIT_BY_PATH: ReadonlyMap<string, number> = new Map([
  [pathOf(enrollDevice), DEVICE_API_BODY_LIMITS.enroll],
  [pathOf(reportScan), DEVICE_API_BODY_LIMITS.scans],
  [pathOf(deviceHeartbeat), DEVICE_API_BODY_LIMITS.heartbeat],
  [pathOf(unenrollSelf), DEVICE_API_BODY_LIMITS.device],
]);

/** The device as the audit log names it when it acts. */
function deviceActor(code: string): AuditActorInput {
  return { type: 'device', id: code, display: `Device ${code}` };
}

async function parseBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await readJsonBody(c));
  if (!parsed.success) throw invalid('body', toIssues(parsed.error));
  return parsed.data as z.infer<S>;
}

const unauthorized = () =>
  new HttpError(
    401,
    { error: DEVICE_API_ERRORS.unauthorized },
    { 'WWW-Authenticate': 'Bearer realm="device"' },
  );

export function deviceApiRoutes(app: Hono<AppEnv>, s: Services): void {
  /** One answer for a missing, malformed, wrong or revoked credential. */
  async function authenticate(c: Context): Promise<AuthenticatedDevice> {
    const match = BEARER.exec(c.req.header('authorization') ?? '');
    const device = match ? await findDeviceByCredential(s.db, hashToken(match[1]!)) : null;
    if (!device) throw unauthorized();
    return device;
  }

  const handle =
    (fn: (c: Context<AppEnv>) => Promise<Response>) =>
    async (c: Context<AppEnv>): Promise<Response> => {
      try {
        return await fn(c);
      } catch (error) {
        if (error instanceof HttpError) return errorResponse(c, error);
        throw error;
      }
    };

  app.post(
    pathOf(enrollDevice),
    handle(async (c) => {
      const body = await parseBody(c, enrollDevice.body);
      const ip = clientIp(c, s.trustProxy);
      const now = s.now();
      // Counted before the code is looked up and outside the enrolment's transaction: a refused
      // code rolls that back, its count stays (docs/decisions/051-device-api.md, 'Guessing').
      const decision = await countDeviceEnrolAttempt(s.db, ip, now);
      if (!decision.allowed) {
        throw new HttpError(
          429,
          { error: DEVICE_API_ERRORS.tooManyAttempts },
          { 'Retry-After': String(Math.ceil(decision.retryAfterMs / 1000)) },
        );
      }
      const code = normalizeEnrolmentCode(body.code);
      const credential = `${DEVICE_CREDENTIAL_PREFIX}${newToken()}`;
      const outcome = await s.db.transaction(async (tx) => {
        const found = await lookUpCode(tx, code);
        if (found.kind === 'unknown') return { refused: 'unknown' as const };
        const target = { type: 'device' as const, id: code, display: code };
        const refuse = async (refused: 'used' | 'deactivated') => {
          // A known organization's code refused: its administrators see the attempt.
          await recordEvent(tx, c, {
            orgId: found.orgId,
            actor: deviceActor(code),
            action: 'device.enrolled',
            target,
            outcome: 'failure',
            message:
              refused === 'used' ? DEVICE_API_ERRORS.usedCode : DEVICE_API_ERRORS.deactivatedMember,
            changes: { model: body.device.model, platform: body.device.platform },
          });
          return { refused };
        };
        if (found.kind === 'deactivated') return refuse('deactivated');
        if (found.kind === 'used') return refuse('used');
        const device = await claimPendingDevice(
          tx,
          found.deviceId,
          {
            model: body.device.model,
            platform: body.device.platform,
            osVersion: body.device.osVersion,
          },
          hashToken(credential),
          now,
        );
        // Another enrolment took the row between the look-up and the claim.
        if (!device) return refuse('used');
        await giveBackDeviceEnrolAttempt(tx, ip);
        await recordEvent(tx, c, {
          orgId: found.orgId,
          actor: deviceActor(device.code),
          action: 'device.enrolled',
          target: { type: 'device', id: device.code, display: device.memberName ?? device.code },
          outcome: 'success',
          changes: { ...body.device },
        });
        await emitWebhookEvents(s.queue, tx, found.orgId, [
          { type: 'device.enrolled', timestamp: now.toISOString(), data: device },
        ]);
        await publishNotice(tx, found.orgId, { topic: 'devices' });
        await afterDeviceReport(tx, found.orgId, [found.memberId], now);
        return { device };
      });
      if ('refused' in outcome) {
        if (outcome.refused === 'unknown') {
          throw new HttpError(404, { error: DEVICE_API_ERRORS.unknownCode });
        }
        if (outcome.refused === 'deactivated') {
          throw new HttpError(403, { error: DEVICE_API_ERRORS.deactivatedMember });
        }
        throw new HttpError(409, { error: DEVICE_API_ERRORS.usedCode });
      }
      const answer: EnrollDeviceResponse = { deviceCode: outcome.device.code, credential };
      return c.json(answer, 201);
    }),
  );

  app.post(
    pathOf(reportScan),
    handle(async (c) => {
      // The credential is looked up with the device's lock, in the report's transaction (one
      // statement); a malformed header needs no look-up.
      const match = BEARER.exec(c.req.header('authorization') ?? '');
      if (!match) throw unauthorized();
      const credentialHash = hashToken(match[1]!);
      const report = await parseBody(c, reportScan.body);
      const now = s.now();
      // A device's clock may run ahead: a report is never later than its arrival.
      const reported = new Date(report.scannedAt);
      const scannedAt = reported > now ? now : reported;
      const gone = await s.db.transaction(async (tx) => {
        // The device's row first, then the report id: reports of one device take turns, and a
        // second upload of the same id waits here and then finds the id recorded.
        const found = await lockDeviceByCredential(tx, credentialHash);
        if (!found) return true;
        const { device, row: locked } = found;
        const said = {
          scannedAt,
          osVersion: report.osVersion,
          findings: report.findings.length,
        };
        if (!(await recordReport(tx, device.id, report.reportId, now, said))) return false;
        const newest = isNewestReport(scannedAt, locked.lastScanAt);
        const open = await openAlertsOf(tx, device.id);
        const plan = planReport(open, report.findings, newest);
        const opened = await openAlerts(
          s.queue,
          tx,
          device.orgId,
          plan.open.map((finding) => ({
            scanId: randomUUID(),
            deviceId: device.id,
            alertName: finding.name,
            alertDescription: JSON.stringify([
              { threat: finding.name, category: finding.category, threatId: finding.threatId },
            ]),
            severity: ALERT_SEVERITY_OF_FINDING[finding.severity],
            scanTime: scannedAt,
            threatId: finding.threatId,
          })),
          now,
        );
        await recordFindingState(tx, plan.cleared, scannedAt);
        await recordFindingState(tx, plan.returned, null);
        const severity = deviceSeverityOf([
          ...open.map((a) => a.severity),
          ...opened.map((a) => a.severity),
        ]);
        const facts = {
          severity,
          now,
          newest: newest
            ? { osVersion: report.osVersion, screenLock: report.screenLock, scannedAt }
            : null,
        };
        // The device as the update below leaves it (the update comes last: data.ts says why).
        const updated = toDevice({
          ...locked,
          severity,
          ...(facts.newest
            ? { osVersion: facts.newest.osVersion, lastScanAt: facts.newest.scannedAt }
            : {}),
        });
        await emitWebhookEvents(s.queue, tx, device.orgId, [
          {
            type: 'scan.completed',
            timestamp: now.toISOString(),
            data: {
              device: updated,
              reportId: report.reportId,
              scannedAt: scannedAt.toISOString(),
              findings: report.findings.length,
              alertsOpened: opened.length,
            },
          },
        ]);
        await publishNotice(tx, device.orgId, { topic: 'devices' });
        if (opened.length > 0) {
          await publishNotice(tx, device.orgId, { topic: 'alerts', opened: opened.length });
        }
        await updateReportedDevice(tx, device.id, facts);
        await afterDeviceReport(
          tx,
          device.orgId,
          device.memberId === null ? [] : [device.memberId],
          now,
        );
        return false;
      });
      // A wrong credential, or one revoked by unenrolment.
      if (gone) throw unauthorized();
      return c.json({ accepted: true as const }, 202);
    }),
  );

  app.post(
    pathOf(deviceHeartbeat),
    handle(async (c) => {
      const device = await authenticate(c);
      await parseBody(c, deviceHeartbeat.body);
      const alive = await s.db.transaction(async (tx) => {
        if (!(await touchDevice(tx, device.id, s.now()))) return false;
        await publishNotice(tx, device.orgId, { topic: 'devices' });
        return true;
      });
      if (!alive) throw unauthorized();
      return c.json({ ok: true as const });
    }),
  );

  app.delete(
    pathOf(unenrollSelf),
    handle(async (c) => {
      const device = await authenticate(c);
      const now = s.now();
      const removed = await s.db.transaction(async (tx) => {
        const row = await removeDevice(tx, device.id);
        if (!row) return false;
        await recordEvent(tx, c, {
          orgId: device.orgId,
          actor: deviceActor(device.code),
          action: 'device.unenrolled',
          target: { type: 'device', id: device.code, display: row.memberName ?? device.code },
          outcome: 'success',
          changes: { codes: [device.code], by: 'device' },
        });
        await emitWebhookEvents(s.queue, tx, device.orgId, [
          { type: 'device.unenrolled', timestamp: now.toISOString(), data: row },
        ]);
        await publishNotice(tx, device.orgId, { topic: 'devices' });
        return true;
      });
      if (!removed) throw unauthorized();
      return c.json({ ok: true as const });
    }),
  );
}

/** The 413 of a device API body over its cap. */
export const deviceBodyTooLarge = (): ErrorBody => ({ error: DEVICE_API_ERRORS.tooLarge });
