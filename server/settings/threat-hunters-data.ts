/** Threat hunter users (`threat_hunter_users`): a provisioned list per organization. */
import { asc, eq } from 'drizzle-orm';
import type { ThreatHunterStatus } from '@domain/admins';
import type { Database } from '../db';
import { threatHunterUsers } from '../db/schema';
import { newEnrollmentCode } from '../members/codes';
import { normalizeEmail } from '../auth/users';

export interface ThreatHunterRow {
  id: number;
  name: string;
  email: string;
  accessCode: string;
  status: ThreatHunterStatus;
}

const columns = {
  id: threatHunterUsers.id,
  name: threatHunterUsers.name,
  email: threatHunterUsers.email,
  accessCode: threatHunterUsers.accessCode,
  status: threatHunterUsers.status,
};

/** 'TH-ABCD-EF23': the enrolment-code alphabet (no 0/O, 1/I) from the CSPRNG, 2^40 codes. */
export function newAccessCode(): string {
  return `TH-${newEnrollmentCode()}`;
}

/** The organization's threat hunter users, in the order they were provisioned. */
export async function listThreatHunters(db: Database, orgId: number): Promise<ThreatHunterRow[]> {
  return db
    .select(columns)
    .from(threatHunterUsers)
    .where(eq(threatHunterUsers.orgId, orgId))
    .orderBy(asc(threatHunterUsers.id));
}

/**
 * Provisions a user with status 'Invited' and a fresh access code; null when the e-mail is
 * already provisioned in the organization. A (rare) access code collision draws again.
 */
export async function createThreatHunter(
  db: Database,
  values: { orgId: number; name: string; email: string; now: Date },
  drawCode: () => string = newAccessCode,
): Promise<ThreatHunterRow | null> {
  const email = normalizeEmail(values.email);
  for (let attempt = 0; attempt < 5; attempt++) {
    const accessCode = drawCode();
    const [row] = await db
      .insert(threatHunterUsers)
      .values({ orgId: values.orgId, name: values.name, email, accessCode, createdAt: values.now })
      // Either unique index: (org_id, email) or access_code.
      .onConflictDoNothing()
      .returning(columns);
    if (row) return row;
    const [taken] = await db
      .select({ id: threatHunterUsers.id })
      .from(threatHunterUsers)
      .where(eq(threatHunterUsers.accessCode, accessCode))
      .limit(1);
    // The code was free, so the conflict was the e-mail.
    if (!taken) return null;
  }
  throw new Error('could not draw a free threat hunter access code');
}

export async function deleteThreatHunter(db: Database, id: number): Promise<void> {
  await db.delete(threatHunterUsers).where(eq(threatHunterUsers.id, id));
}
