/**
 * The relying party's data: sign-in transactions (oidc_transactions) and an organization's SSO
 * settings with their client secret (sso_configs; the secret is read here, for the provider, and
 * never answered or logged).
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { oidcTransactions, ssoConfigs, users } from '../db/schema';
import { hashToken } from '../auth/tokens';
import type { ProviderSettings } from './relying-party';

/** A sign-in must come back from the provider within this time. */
export const TRANSACTION_TTL_MS = 10 * 60 * 1000;

export interface NewTransaction {
  state: string;
  browserKey: string;
  orgId: number;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  issuer: string;
  clientId: string;
}

export interface Transaction {
  orgId: number;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  issuer: string;
  clientId: string;
  expiresAt: Date;
}

export async function insertTransaction(db: Database, t: NewTransaction, now: Date): Promise<void> {
  await db.insert(oidcTransactions).values({
    stateHash: hashToken(t.state),
    browserHash: hashToken(t.browserKey),
    orgId: t.orgId,
    nonce: t.nonce,
    codeVerifier: t.codeVerifier,
    redirectUri: t.redirectUri,
    issuer: t.issuer,
    clientId: t.clientId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TRANSACTION_TTL_MS),
  });
}

/**
 * Takes the transaction of `state` started by this browser, deleting it in the same statement:
 * a state is used once, whatever happens next. Null when there is none (never started, already
 * used, or started by another browser: that one's transaction stays for its own browser).
 * Expiry is the caller's to check (an expired row is deleted all the same).
 */
export async function takeTransaction(
  db: Database,
  state: string,
  browserKey: string,
): Promise<Transaction | null> {
  const [row] = await db
    .delete(oidcTransactions)
    .where(
      and(
        eq(oidcTransactions.stateHash, hashToken(state)),
        eq(oidcTransactions.browserHash, hashToken(browserKey)),
      ),
    )
    .returning({
      orgId: oidcTransactions.orgId,
      nonce: oidcTransactions.nonce,
      codeVerifier: oidcTransactions.codeVerifier,
      redirectUri: oidcTransactions.redirectUri,
      issuer: oidcTransactions.issuer,
      clientId: oidcTransactions.clientId,
      expiresAt: oidcTransactions.expiresAt,
    });
  return row ?? null;
}

/** Housekeeping: sign-ins that never came back. */
export async function deleteExpiredTransactions(db: Database, now: Date): Promise<void> {
  await db.delete(oidcTransactions).where(lte(oidcTransactions.expiresAt, now));
}

/** How many sign-ins are open for an organization (for tests and the log). */
export async function countTransactions(db: Database, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oidcTransactions)
    .where(eq(oidcTransactions.orgId, orgId));
  return Number(row?.n ?? 0);
}

/** The organization's provider settings with the client secret, or null without SSO. */
export async function findProviderSettings(
  db: Database,
  orgId: number,
): Promise<ProviderSettings | null> {
  const [row] = await db
    .select({
      provider: ssoConfigs.provider,
      tenant: ssoConfigs.tenant,
      clientId: ssoConfigs.clientId,
      clientSecret: ssoConfigs.clientSecret,
    })
    .from(ssoConfigs)
    .where(eq(ssoConfigs.orgId, orgId));
  return row ?? null;
}

/**
 * A pending administrator who signs in through the organization's provider has proved who they
 * are as the invitation link would have: the invitation counts as accepted.
 */
export async function acceptInvitation(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ inviteAccepted: true }).where(eq(users.id, userId));
}
