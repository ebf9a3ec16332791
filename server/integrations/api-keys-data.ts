/**
 * API keys (`api_keys`): one per organization. Only the key's sha256 and its display form are
 * stored; generating replaces the row (the old hash is gone, so the old key stops working at once)
 * and revoking deletes it.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { apiKeys, organizations, type Organization } from '../db/schema';
import { hashToken } from '../auth/tokens';
import { apiKeyDisplay, isApiKeyFormat } from './api-key';

export interface StoredApiKey {
  display: string;
  expiresAt: Date | null;
}

/** The organization's key as the Settings card shows it, or null when there is none. */
export async function findApiKey(db: Database, orgId: number): Promise<StoredApiKey | null> {
  const [row] = await db
    .select({ display: apiKeys.display, expiresAt: apiKeys.expiresAt })
    .from(apiKeys)
    .where(eq(apiKeys.orgId, orgId))
    .limit(1);
  return row ?? null;
}

/** Stores `key` (its hash) as the organization's only key, replacing any earlier one. */
export async function replaceApiKey(
  db: Database,
  values: { orgId: number; key: string; expiresAt: Date | null; now: Date },
): Promise<StoredApiKey> {
  const row = {
    keyHash: hashToken(values.key),
    display: apiKeyDisplay(values.key),
    expiresAt: values.expiresAt,
    createdAt: values.now,
  };
  await db
    .insert(apiKeys)
    .values({ orgId: values.orgId, ...row })
    .onConflictDoUpdate({ target: apiKeys.orgId, set: row });
  return { display: row.display, expiresAt: row.expiresAt };
}

/** Revokes the organization's key (nothing to do when there is none). */
export async function revokeApiKey(db: Database, orgId: number): Promise<void> {
  await db.delete(apiKeys).where(eq(apiKeys.orgId, orgId));
}

/**
 * The organization a presented API key belongs to, for the public API that API keys open: null for
 * a malformed, unknown, replaced, revoked or expired key, and for an organization whose API access
 * was withdrawn. Looked up by the key's sha256 (unique index); the stored and computed hashes are
 * compared once more in constant time.
 */
export async function findOrgByApiKey(
  db: Database,
  key: string,
  now: Date,
): Promise<Organization | null> {
  if (!isApiKeyFormat(key)) return null;
  const presented = hashToken(key);
  const [row] = await db
    .select({ keyHash: apiKeys.keyHash, expiresAt: apiKeys.expiresAt, org: organizations })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(eq(apiKeys.keyHash, presented))
    .limit(1);
  if (!row) return null;
  const same = timingSafeEqual(Buffer.from(row.keyHash, 'utf8'), Buffer.from(presented, 'utf8'));
  if (!same) return null;
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return null;
  if (!row.org.apiAccess) return null;
  return row.org;
}
