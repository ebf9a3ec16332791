/** Health and the development-only helpers of contract/system.ts. */
import type { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { devCreateOrg, devExpireSession, devOpenAlert, devOutbox, health } from '@contract/system';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import { deleteSession } from '../auth/sessions';
import { listOutbox } from '../mail/outbox';
import { createDevOrg } from '../orgs/dev-orgs';
import { passwordRuleError } from '../auth/password-rule';
import { openAlerts } from '../alerts/open-alert';
import { devices } from '../db/schema';

export function healthRoutes(app: Hono<AppEnv>, route: Route, isReady: () => boolean): void {
  route(app, health, () => {
    if (!isReady()) throw new HttpError(503, { error: 'Starting up' });
    return { ok: true as const };
  });
}

/** Mounted unless NODE_ENV=production. */
export function devSystemRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, devOutbox, async () => {
    // E-mails are jobs sent after their request answered: run those due, so a test that reads the
    // mailbox right after asking for a reset e-mail finds it.
    await s.tasks.idle();
    await s.queue.drain();
    const messages = await listOutbox(s.db);
    return { messages: messages.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() })) };
  });

  // Ends the caller's session row; the browser keeps its cookie, so the next call answers 401.
  route(app, devExpireSession, async ({ session }) => {
    if (session) await deleteSession(s.db, session.id);
    return { ok: true as const };
  });

  // A throw-away organization for end-to-end tests (plan active, card on file, some data).
  route(app, devCreateOrg, async ({ body }) => {
    const weak = passwordRuleError(body.password);
    if (weak) throw weak;
    const orgId = await createDevOrg(s.db, {
      name: body.name,
      slug: body.slug,
      adminName: body.adminName,
      adminEmail: body.adminEmail,
      passwordHash: await s.passwords.hash(body.password),
      now: s.now(),
    });
    return { orgId, slug: body.slug };
  });

  // An alert as a scan report opens one (development only: the live console's end-to-end test).
  route(app, devOpenAlert, async ({ body, session }) => {
    const [device] = await s.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.orgId, session.org.id))
      .orderBy(asc(devices.id))
      .limit(1);
    const scanId = `dev_${randomUUID()}`;
    const now = s.now();
    await s.db.transaction((tx) =>
      openAlerts(
        s.queue,
        tx,
        session.org.id,
        [
          {
            scanId,
            deviceId: device?.id ?? null,
            deviceLabel: 'Development device',
            alertName: body.alertName,
            alertDescription: JSON.stringify([{ threat: body.alertName }]),
            severity: body.severity,
            scanTime: now,
          },
        ],
        now,
      ),
    );
    return { scanId };
  });
}
