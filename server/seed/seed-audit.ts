/**
 * Demo activity (server/seed/README.md, 'Activity'): a few past events of Acme, so the Activity
 * tab is not empty on a fresh start. Written through the chain (appendEvent), so
 * `npm run audit:verify` passes on the demo database. A seed step that runs once per database.
 */
import { and, asc, eq } from 'drizzle-orm';
import { REDACTED } from '@domain/audit';
import type { Database } from '../db';
import { alerts, users } from '../db/schema';
import { appendEvent } from '../audit/data';
import { DEMO_REFERENCE_TIME } from './seed-devices';
import { DEMO_API_KEY } from './seed-integrations';
import { findDemoOrg, runSeedStepOnce } from './seed-step';

export const DEMO_AUDIT_STEP = '0013_demo_audit';

const ACME = { slug: 'acme', admin: 'admin@acme.test' } as const;
const HOUR = 3600 * 1000;

export async function seedDemoAudit(db: Database): Promise<boolean> {
  return runSeedStepOnce(
    db,
    { name: DEMO_AUDIT_STEP, lock: 72431013, appliedAt: new Date(DEMO_REFERENCE_TIME) },
    async (tx) => {
      const orgId = await findDemoOrg(tx, ACME);
      if (orgId === null) return;
      const [admin] = await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.orgId, orgId), eq(users.email, ACME.admin)));
      if (!admin) return;
      const [alert] = await tx
        .select({ scanId: alerts.scanId })
        .from(alerts)
        .where(and(eq(alerts.orgId, orgId), eq(alerts.status, 'Closed')))
        .orderBy(asc(alerts.id))
        .limit(1);
      const actor = {
        type: 'user' as const,
        id: String(admin.id),
        display: admin.name ?? admin.email,
      };
      const details = { ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (demo)', requestId: null };
      const base = { orgId, actor, ...details };
      const db2 = tx as unknown as Database;
      await appendEvent(db2, {
        ...base,
        time: DEMO_API_KEY.createdAt,
        action: 'api_key.generated',
        target: { type: 'api_key', id: null, display: 'API key' },
        outcome: 'success',
        changes: {
          tokenExpiration: 'ONE_YEAR',
          before: { token: null, expiresAt: null },
          after: { token: REDACTED, expiresAt: DEMO_API_KEY.expiresAt.toISOString() },
        },
      });
      await appendEvent(db2, {
        ...base,
        time: new Date(DEMO_REFERENCE_TIME - 3 * HOUR),
        action: 'session.sign_in_failed',
        target: { type: 'user', id: String(admin.id), display: actor.display },
        outcome: 'failure',
        message: 'Incorrect email or password.',
        changes: { method: 'password' },
      });
      await appendEvent(db2, {
        ...base,
        time: new Date(DEMO_REFERENCE_TIME - 3 * HOUR + 20_000),
        action: 'session.signed_in',
        target: { type: 'user', id: String(admin.id), display: actor.display },
        outcome: 'success',
        changes: { method: 'password' },
      });
      if (alert) {
        await appendEvent(db2, {
          ...base,
          time: new Date(DEMO_REFERENCE_TIME - 2 * HOUR),
          action: 'alert.closed',
          target: { type: 'alert', id: alert.scanId, display: alert.scanId },
          outcome: 'success',
          changes: { alertIds: [alert.scanId], status: 'Closed' },
        });
      }
    },
  );
}
