/**
 * Demo data of Integrations and Notifications (server/seed/README.md). A seed step that runs
 * once per database (`seed_steps`), on the fixed reference time, so every machine gets the same
 * rows.
 *
 * - Acme (API access): an API key generated a month before the reference time, expiring 11 months
 *   after it (the card shows 'Expires on …'). Only a hash is stored, of a text that is not a key
 *   (so no one can present it); the display form is 'mdsk_…Dm4K'. Webhooks inactive; conditional
 *   access not configured. E-mail preferences: all four. Scan reminder every 7 days, weekly push.
 * - Globex: conditional access with Okta, configured and active, policy High and Critical / Seven
 *   days / Two weeks / screen lock on; its first two members (by id) are blocked by it, so removal
 *   has someone to unblock. E-mail preferences: all four; scan reminder by e-mail.
 * - Initech: e-mail preferences with only Threat Alerts and Enrollment frequency (the other
 *   controls hide); scan reminder not saved (the defaults).
 * - Newco: the default e-mail preferences; scan reminder Never.
 *
 * No organization gets a custom enrolment e-mail template (the default text stays in use).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  UpdateEmailPreferencesBody,
  UpdateNotificationPreferencesBody,
} from '@contract/notifications';
import type {
  SaveConditionalAccessConfigBody,
  UpdatePolicyBody,
} from '@contract/conditional-access';
import type { Database } from '../db';
import { findDemoOrg, runSeedStepOnce, type SeedTransaction } from './seed-step';
import {
  apiKeys,
  conditionalAccess,
  emailPreferences,
  members,
  notificationPreferences,
} from '../db/schema';
import { hashToken } from '../auth/tokens';
import { API_KEY_PREFIX, addUtcMonths } from '../integrations/api-key';
import { DEMO_REFERENCE_TIME } from './seed-devices';

export const DEMO_INTEGRATIONS_STEP = '0008_demo_integrations';

const REFERENCE = new Date(DEMO_REFERENCE_TIME);

const ACME = { slug: 'acme', admin: 'admin@acme.test' } as const;
const GLOBEX = { slug: 'globex', admin: 'sso.admin@globex.test' } as const;
const INITECH = { slug: 'initech', admin: 'admin@initech.test' } as const;
const NEWCO = { slug: 'newco', admin: 'owner@newco.test' } as const;

export const DEMO_API_KEY = {
  display: `${API_KEY_PREFIX}…Dm4K`,
  createdAt: addUtcMonths(REFERENCE, -1),
  expiresAt: addUtcMonths(REFERENCE, 11),
} as const;

export const DEMO_GLOBEX_CONDITIONAL_ACCESS: SaveConditionalAccessConfigBody = {
  provider: 'okta',
  tenant: 'globex.okta.com',
  clientId: '0oa8demoglobexca',
  clientSecret:
    '{"kty":"RSA","kid":"globex-demo","alg":"RS256","n":"u1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0_IzW7yWR7QkrmBL7jTKEn5u-qKhbwKfBstIs-bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW_VDL5AaWTg0nLVkjRo9z-40RQzuVaE8AkAFmxZzow3x-VJYKdjykkJ0iT9wCS0DRTXu269V264Vf_3jvredZiKRkgwlL9xNAwxXFg0x_XFw005UWVRIkdgcKWTjpBP2dPwVZ4WWC-9aGVd-Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbcmw","e":"AQAB","d":"demo-only-not-a-real-private-exponent"}',
  userExtension: 'mobileSecurityBlocked',
  groupId: '00g8demoblockedgrp',
  active: true,
};

export const DEMO_GLOBEX_POLICY: UpdatePolicyBody = {
  alertSeverity: 'HIGH_AND_CRITICAL',
  outdatedOSPeriod: 'SEVEN_DAYS',
  deviceIntegrityPeriod: 'TWO_WEEKS',
  screenLockEnabled: true,
};

/** Members of Globex blocked by conditional access: the first two by id. */
export const DEMO_GLOBEX_BLOCKED_MEMBERS = 2;

export const DEMO_EMAIL_PREFERENCES: ReadonlyArray<
  readonly [{ slug: string; admin: string }, UpdateEmailPreferencesBody]
> = [
  [
    ACME,
    {
      weeklySummary: true,
      threatAlerts: true,
      enrollmentEmailsFrequency: 'EVERY_SECOND_DAY',
      outdatedOsEmailsFrequency: 'WEEKLY',
    },
  ],
  [
    GLOBEX,
    {
      weeklySummary: false,
      threatAlerts: true,
      enrollmentEmailsFrequency: 'WEEKLY',
      outdatedOsEmailsFrequency: 'NEVER',
    },
  ],
  [INITECH, { threatAlerts: false, enrollmentEmailsFrequency: 'ONCE' }],
  // The defaults of data/notifications.ts, written out so the seed does not move with them.
  [NEWCO, { weeklySummary: true, threatAlerts: true, enrollmentEmailsFrequency: 'ONCE' }],
];

export const DEMO_NOTIFICATION_PREFERENCES: ReadonlyArray<
  readonly [{ slug: string; admin: string }, UpdateNotificationPreferencesBody]
> = [
  [
    ACME,
    {
      deviceIntegrityPeriod: 'SEVEN_DAYS',
      notificationFrequency: 'WEEKLY',
      notificationType: 'PUSH',
    },
  ],
  [
    GLOBEX,
    {
      deviceIntegrityPeriod: 'TWO_WEEKS',
      notificationFrequency: 'EVERY_SECOND_DAY',
      notificationType: 'EMAIL',
    },
  ],
  [
    NEWCO,
    { deviceIntegrityPeriod: 'NEVER', notificationFrequency: 'WEEKLY', notificationType: 'PUSH' },
  ],
];

async function seedGlobexConditionalAccess(tx: SeedTransaction, orgId: number): Promise<void> {
  await tx
    .insert(conditionalAccess)
    .values({
      orgId,
      ...DEMO_GLOBEX_CONDITIONAL_ACCESS,
      ...DEMO_GLOBEX_POLICY,
      updatedAt: REFERENCE,
    })
    .onConflictDoNothing();
  const blocked = await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.orgId, orgId))
    .orderBy(asc(members.id))
    .limit(DEMO_GLOBEX_BLOCKED_MEMBERS);
  if (blocked.length === 0) return;
  await tx
    .update(members)
    .set({ caBlocked: true })
    .where(
      and(
        eq(members.orgId, orgId),
        inArray(
          members.id,
          blocked.map((m) => m.id),
        ),
      ),
    );
}

/** Runs the integrations step unless it ran before; returns whether it ran now. */
export async function seedDemoIntegrations(db: Database): Promise<boolean> {
  return runSeedStepOnce(
    db,
    { name: DEMO_INTEGRATIONS_STEP, lock: 72431008, appliedAt: REFERENCE },
    async (tx) => {
      const acmeId = await findDemoOrg(tx, ACME);
      if (acmeId !== null) {
        await tx
          .insert(apiKeys)
          .values({
            orgId: acmeId,
            // Not a key (wrong format): no one can present a key with this hash.
            keyHash: hashToken('demo API key of Acme: never issued'),
            display: DEMO_API_KEY.display,
            expiresAt: DEMO_API_KEY.expiresAt,
            createdAt: DEMO_API_KEY.createdAt,
          })
          .onConflictDoNothing();
      }

      const globexId = await findDemoOrg(tx, GLOBEX);
      if (globexId !== null) await seedGlobexConditionalAccess(tx, globexId);

      for (const [demo, preferences] of DEMO_EMAIL_PREFERENCES) {
        const orgId = await findDemoOrg(tx, demo);
        if (orgId === null) continue;
        await tx
          .insert(emailPreferences)
          .values({ orgId, ...preferences, updatedAt: REFERENCE })
          .onConflictDoNothing();
      }
      for (const [demo, preferences] of DEMO_NOTIFICATION_PREFERENCES) {
        const orgId = await findDemoOrg(tx, demo);
        if (orgId === null) continue;
        await tx
          .insert(notificationPreferences)
          .values({ orgId, topic: 'OpenAppToScan', ...preferences, updatedAt: REFERENCE })
          .onConflictDoNothing();
      }
    },
  );
}
