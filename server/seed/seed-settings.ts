import { findDemoOrg, runSeedStepOnce } from './seed-step';
/**
 * Demo data of the Settings screens (server/seed/README.md), a seed step that runs once per
 * database (recorded in `seed_steps`, like the demo devices).
 *
 * Acme gets two pending administrators besides Avery Admin (accepted): 'Priya Pending'
 * (priya.pending@acme.test), invited 2 hours before the step ran, so the list shows 'Invite was
 * sent 2 hours ago' and no Resend; and 'Theo Stale' (theo.stale@acme.test), invited 3 days
 * before, so Resend shows. Unlike the rest of the demo data these two times are relative to the
 * real clock when the step runs (the resend window is about the present). Neither has a password
 * or an invitation link: Resend sends one. Acme's SCIM and MDM stay disabled. Acme (Threat Hunter
 * access) gets 2 provisioned threat hunter users with fixed demo access codes.
 */
import type { Database } from '../db';
import { threatHunterUsers, users } from '../db/schema';
import { DEMO_REFERENCE_TIME } from './seed-devices';

export const DEMO_SETTINGS_STEP = '0005_demo_settings';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const DEMO_PENDING_ADMINS = [
  { name: 'Priya Pending', email: 'priya.pending@acme.test', sentAgoMs: 2 * HOUR },
  { name: 'Theo Stale', email: 'theo.stale@acme.test', sentAgoMs: 3 * DAY },
] as const;

export const DEMO_THREAT_HUNTERS = [
  { name: 'Dana Lee', email: 'dana.lee@acme.test', accessCode: 'TH-7Q4M-2KXP', status: 'Active' },
  {
    name: 'Emeka Okafor',
    email: 'emeka.okafor@acme.test',
    accessCode: 'TH-9D3R-5WNB',
    status: 'Invited',
  },
] as const;

/** Runs the settings step unless it ran before; returns whether it ran now. */
export async function seedDemoSettings(
  db: Database,
  now: () => Date = () => new Date(),
): Promise<boolean> {
  return runSeedStepOnce(
    db,
    { name: DEMO_SETTINGS_STEP, lock: 72431006, appliedAt: new Date(DEMO_REFERENCE_TIME) },
    async (tx) => {
      const acmeId = await findDemoOrg(tx, { slug: 'acme', admin: 'admin@acme.test' });
      if (acmeId === null) return;

      const at = now().getTime();
      await tx
        .insert(users)
        .values(
          DEMO_PENDING_ADMINS.map((a) => ({
            orgId: acmeId,
            name: a.name,
            email: a.email,
            passwordHash: null,
            inviteAccepted: false,
            inviteSentAt: new Date(at - a.sentAgoMs),
          })),
        )
        .onConflictDoNothing({ target: users.email });
      await tx
        .insert(threatHunterUsers)
        .values(
          DEMO_THREAT_HUNTERS.map((u, i) => ({
            orgId: acmeId,
            name: u.name,
            email: u.email,
            accessCode: u.accessCode,
            status: u.status,
            createdAt: new Date(DEMO_REFERENCE_TIME - (10 - i) * DAY),
          })),
        )
        .onConflictDoNothing();
    },
  );
}
