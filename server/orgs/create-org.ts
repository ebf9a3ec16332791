/**
 * A real organization and its first administrator (docs/decisions/015-sign-in-security.md): what
 * `npm run org:create` does on the configured database. Production starts with no organization at
 * all (demo data is for development only), so this is the way in: the administrator gets a
 * single-use link, valid 24 hours, to choose a password; signing in then leads to the trial welcome
 * like any new organization without a plan.
 */
import { eq } from 'drizzle-orm';
import { isValidEmail, normalizeSlug } from '@domain/accounts';
import type { Database } from '../db';
import { organizations, users, type Organization, type User } from '../db/schema';
import { createPendingAdmin } from '../settings/admins-data';
import { normalizeEmail } from '../auth/users';
import { FIRST_ADMIN_TOKEN_TTL_MS, insertResetToken } from '../auth/password-resets';
import { hashToken, newToken } from '../auth/tokens';

export class CreateOrgError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateOrgError';
  }
}

export interface CreateOrgInput {
  name: string;
  adminEmail: string;
  adminName?: string;
  /** Defaults to the name as the lookup screen normalizes it (lower case, no spaces). */
  slug?: string;
}

export interface CreatedOrg {
  org: Organization;
  admin: User;
  /** The single-use token of `/update-password/{token}`; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

/** Letters, digits, dot, dash, underscore; it appears in URLs (SCIM, SSO) and is typed at lookup. */
const SLUG_SHAPE = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const MAX_NAME_LENGTH = 200;

export function validateCreateOrgInput(input: CreateOrgInput): Required<CreateOrgInput> {
  const name = input.name.trim();
  if (!name) throw new CreateOrgError('--name is required: the organization name.');
  if (name.length > MAX_NAME_LENGTH) {
    throw new CreateOrgError(`--name is longer than ${MAX_NAME_LENGTH} characters.`);
  }
  const adminEmail = normalizeEmail(input.adminEmail);
  if (!isValidEmail(adminEmail)) {
    throw new CreateOrgError(
      `--admin-email ${JSON.stringify(input.adminEmail)} is not an e-mail address.`,
    );
  }
  const slug = normalizeSlug(input.slug?.trim() || name);
  if (!SLUG_SHAPE.test(slug)) {
    throw new CreateOrgError(
      `The organization's lookup name would be ${JSON.stringify(slug)}; it may hold only letters, ` +
        'digits, ".", "-" and "_". Choose one with --slug (what administrators type on the lookup screen).',
    );
  }
  const adminName = input.adminName?.trim() || adminEmail.slice(0, adminEmail.indexOf('@'));
  if (adminName.length > MAX_NAME_LENGTH) {
    throw new CreateOrgError(`--admin-name is longer than ${MAX_NAME_LENGTH} characters.`);
  }
  return { name, adminEmail, adminName, slug };
}

/** Creates the organization, its pending first administrator and the password link, in one transaction. */
export async function createOrganization(
  db: Database,
  input: CreateOrgInput,
  now: Date,
): Promise<CreatedOrg> {
  const valid = validateCreateOrgInput(input);
  const token = newToken();
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: valid.name, slug: valid.slug, createdAt: now })
      .onConflictDoNothing({ target: organizations.slug })
      .returning();
    if (!org) {
      throw new CreateOrgError(
        `An organization with the lookup name ${JSON.stringify(valid.slug)} exists already; choose another with --slug.`,
      );
    }
    const admin = await createPendingAdmin(tx, {
      orgId: org.id,
      name: valid.adminName,
      email: valid.adminEmail,
      now,
    });
    if (!admin) {
      throw new CreateOrgError(
        `${valid.adminEmail} is already an administrator (each address administers one organization).`,
      );
    }
    await insertResetToken(tx, {
      tokenHash: hashToken(token),
      userId: admin.id,
      now,
      purpose: 'invite',
      ttlMs: FIRST_ADMIN_TOKEN_TTL_MS,
    });
    // The link is handed out now (printed, e-mailed when a mail transport is configured).
    await tx.update(users).set({ inviteSentAt: now }).where(eq(users.id, admin.id));
    return {
      org,
      admin: { ...admin, inviteSentAt: now },
      token,
      expiresAt: new Date(now.getTime() + FIRST_ADMIN_TOKEN_TTL_MS),
    };
  });
}
