/**
 * SCIM bearer tokens and MDM tokens (`org_credentials`): one per organization and kind while the
 * integration is enabled. Enabling is idempotent (an enabled integration keeps its credential, so
 * a repeated click does not break the identity provider's or MDM's configuration); disabling
 * deletes the row, which revokes the credential.
 */
import { and, eq } from 'drizzle-orm';
import type { CredentialKind } from '@domain/credentials';
import type { Database } from '../db';
import { orgCredentials } from '../db/schema';
import { hashToken } from '../auth/tokens';

/** The organization's current credential of that kind, or null while disabled. */
export async function findCredential(
  db: Database,
  orgId: number,
  kind: CredentialKind,
): Promise<string | null> {
  const [row] = await db
    .select({ secret: orgCredentials.secret })
    .from(orgCredentials)
    .where(and(eq(orgCredentials.orgId, orgId), eq(orgCredentials.kind, kind)))
    .limit(1);
  return row?.secret ?? null;
}

/**
 * Stores `secret` unless the organization already has a credential of that kind; returns the one
 * in force (the existing one, when there was one).
 */
export async function enableCredential(
  db: Database,
  values: { orgId: number; kind: CredentialKind; secret: string; now: Date },
): Promise<string> {
  await db
    .insert(orgCredentials)
    .values({
      orgId: values.orgId,
      kind: values.kind,
      secret: values.secret,
      secretHash: hashToken(values.secret),
      createdAt: values.now,
    })
    .onConflictDoNothing({ target: [orgCredentials.orgId, orgCredentials.kind] });
  const current = await findCredential(db, values.orgId, values.kind);
  if (current === null) throw new Error(`credential ${values.kind} vanished while enabling`);
  return current;
}

/** Revokes the organization's credential of that kind (nothing to do when there is none). */
export async function revokeCredential(
  db: Database,
  orgId: number,
  kind: CredentialKind,
): Promise<void> {
  await db
    .delete(orgCredentials)
    .where(and(eq(orgCredentials.orgId, orgId), eq(orgCredentials.kind, kind)));
}

/**
 * The organization a presented credential belongs to (for the SCIM service and the MDM
 * endpoints): looked up by its sha256, so the comparison never runs over the secret itself.
 */
export async function findCredentialOrg(
  db: Database,
  kind: CredentialKind,
  presented: string,
): Promise<number | null> {
  const [row] = await db
    .select({ orgId: orgCredentials.orgId })
    .from(orgCredentials)
    .where(and(eq(orgCredentials.secretHash, hashToken(presented)), eq(orgCredentials.kind, kind)))
    .limit(1);
  return row?.orgId ?? null;
}
