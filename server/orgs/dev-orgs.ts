/**
 * Development only (POST /api/dev/orgs): a throw-away organization for end-to-end tests, with
 * rows in the main tables (administrator, members, devices, alerts, MDM credential, subscription,
 * card), so a test can delete it and check that its data is gone.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db';
import {
  alerts,
  devices,
  members,
  organizations,
  paymentMethods,
  subscriptions,
  users,
} from '../db/schema';
import { HttpError } from '../http/http-error';
import { newEnrollmentCodes } from '../members/codes';
import { newPaymentMethodId } from '../billing/cards';
import { BILLING_PERIOD_DAYS, daysAfter, PLAN_PRICE_CENTS } from '../billing/plan';
import { enableCredential } from '../settings/credentials-data';

export const DEV_ORG_COUNTS = { members: 5, devices: 5, alerts: 3 } as const;

const HOUR = 60 * 60 * 1000;
const SEVERITIES = ['critical', 'warning', 'secure', 'secure', null] as const;

export interface DevOrgInput {
  name: string;
  slug: string;
  adminName: string;
  adminEmail: string;
  passwordHash: string;
  now: Date;
}

/** Creates everything in one transaction; 409 when the slug or the e-mail is taken. */
export async function createDevOrg(db: Database, input: DevOrgInput): Promise<number> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: input.name, slug: input.slug, apiAccess: true })
      .onConflictDoNothing({ target: organizations.slug })
      .returning({ id: organizations.id });
    if (!org) throw new HttpError(409, { error: 'An organization with this slug exists.' });

    const [admin] = await tx
      .insert(users)
      .values({
        orgId: org.id,
        name: input.adminName,
        email: input.adminEmail.trim().toLowerCase(),
        passwordHash: input.passwordHash,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!admin) throw new HttpError(409, { error: 'This e-mail is an administrator already.' });

    await tx.insert(subscriptions).values({
      orgId: org.id,
      status: 'active',
      currentPeriodEnd: daysAfter(now, BILLING_PERIOD_DAYS),
      amountDueCents: PLAN_PRICE_CENTS,
      updatedAt: now,
    });
    await tx.insert(paymentMethods).values({
      id: newPaymentMethodId(),
      orgId: org.id,
      network: 'visa',
      lastFour: '4242',
      expMonth: 12,
      expYear: now.getUTCFullYear() + 3,
      isDefault: true,
      createdAt: now,
    });

    const codes = newEnrollmentCodes(DEV_ORG_COUNTS.members + DEV_ORG_COUNTS.devices);
    const memberRows = await tx
      .insert(members)
      .values(
        Array.from({ length: DEV_ORG_COUNTS.members }, (_, i) => ({
          orgId: org.id,
          name: `Test Member ${i + 1}`,
          email: `member${i + 1}@${input.slug}.test`,
          enrollmentCode: codes[i] ?? null,
          createdAt: now,
        })),
      )
      .returning({ id: members.id });
    const deviceRows = await tx
      .insert(devices)
      .values(
        Array.from({ length: DEV_ORG_COUNTS.devices }, (_, i) => ({
          orgId: org.id,
          memberId: memberRows[i]?.id ?? null,
          code: codes[DEV_ORG_COUNTS.members + i] as string,
          model: i % 2 === 0 ? 'iPhone 15' : 'Pixel 8',
          platform: i % 2 === 0 ? ('ios' as const) : ('android' as const),
          osVersion: i % 2 === 0 ? '17.4' : '14',
          enrolled: true,
          severity: SEVERITIES[i % SEVERITIES.length] ?? null,
          lastScanAt: new Date(now.getTime() - (i + 1) * HOUR),
        })),
      )
      .returning({ id: devices.id });
    await tx.insert(alerts).values(
      deviceRows.slice(0, DEV_ORG_COUNTS.alerts).map((device, i) => ({
        orgId: org.id,
        scanId: `scan_${randomBytes(16).toString('hex')}`,
        deviceId: device.id,
        // The trigger writes the device's label and member.
        deviceLabel: '',
        alertName: 'Malicious app detected',
        alertDescription: JSON.stringify([{ threat: 'Sideloaded app' }]),
        severity: 'High',
        status: 'Open' as const,
        scanTime: new Date(now.getTime() - (i + 1) * HOUR),
      })),
    );
    await enableCredential(tx, {
      orgId: org.id,
      kind: 'mdm',
      secret: randomBytes(32).toString('base64url'),
      now,
    });
    return org.id;
  });
}
