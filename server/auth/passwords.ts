/**
 * Password hashing: scrypt (N=2^17, r=8, p=1), 16-byte random salt, 64-byte key, stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url). Verification reads the parameters from the
 * stored string, so stronger defaults later do not break existing hashes.
 */
import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** Production parameters. Tests inject cheaper ones through the app's dependencies. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/** Cheap parameters for tests only. */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 4, r: 8, p: 1 };

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const MAX_MEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEM };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
  // Refuse absurd parameters rather than letting a corrupted row exhaust memory.
  if (N > 2 ** 20 || r > 32 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await scrypt(password, parsed.salt, parsed);
  return candidate.length === parsed.key.length && timingSafeEqual(candidate, parsed.key);
}

/**
 * Verifies against the stored hash, or — when there is none (unknown user, SSO-only user) — against
 * a dummy hash of the same cost, so the answer takes as long either way. Always false without a hash.
 */
export class PasswordVerifier {
  private dummy: Promise<string> | null = null;

  constructor(readonly params: ScryptParams = DEFAULT_SCRYPT_PARAMS) {}

  hash(password: string): Promise<string> {
    return hashPassword(password, this.params);
  }

  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    if (stored) return verifyPassword(password, stored);
    this.dummy ??= hashPassword(randomBytes(16).toString('hex'), this.params);
    await verifyPassword(password, await this.dummy);
    return false;
  }

  /** Computes the dummy hash ahead of the first unknown-user sign-in. */
  async warmUp(): Promise<void> {
    this.dummy ??= hashPassword(randomBytes(16).toString('hex'), this.params);
    await this.dummy;
  }
}
