/**
 * Password hashing: scrypt (N=2^17, r=8, p=1), 16-byte random salt, 64-byte key, stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url). Verification reads the parameters from the
 * stored string, so stronger defaults later do not break existing hashes.
 */
import { availableParallelism } from 'node:os';
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

/** Thrown when a hash waited longer than its limit for a free slot: the route answers 503. */
export class HashingBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Password hashing is busy');
    this.name = 'HashingBusyError';
  }
}

export interface HashingLimits {
  /** Hashes running at once (each scrypt at N=2^17 holds 128 MiB and a libuv thread). */
  concurrency: number;
  /** How long a hash may wait for a slot before the request is answered 503. */
  maxWaitMs: number;
}

/**
 * One hash at a time per spare core (all but one, at most 4): the last core stays with the event
 * loop, so signed-in users' requests keep their pace while sign-ins queue. On this 2-core machine
 * two concurrent hashes took the device list's p95 from 25 ms to over 500 ms (scripts/bench-sign-in.ts).
 */
export const DEFAULT_HASHING_LIMITS: HashingLimits = {
  concurrency: Math.min(4, Math.max(1, availableParallelism() - 1)),
  maxWaitMs: 3_000,
};

/**
 * A small FIFO of hashing slots: bounds the memory and threads that unauthenticated sign-in
 * attempts can take (200 parallel guesses once took 1 GB and 119 s of CPU), so signed-in users'
 * requests keep their share. A waiter that times out leaves the queue and its request gets 503.
 */
export class HashingPool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limits: HashingLimits = DEFAULT_HASHING_LIMITS) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) await this.slot();
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter (running stays the same) or is freed.
      if (next) next();
      else this.running -= 1;
    }
  }

  private slot(): Promise<void> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new HashingBusyError(Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000))));
      }, this.limits.maxWaitMs);
      this.waiting.push(grant);
    });
  }

  /** Hashes running now and waiting (for tests and benchmarks). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * Verifies against the stored hash, or — when there is none (unknown user, SSO-only user, pending
 * administrator) — against a dummy hash of the same cost, so the answer takes as long either way.
 * Always false without a hash. Every hash goes through one HashingPool.
 */
export class PasswordVerifier {
  private dummy: Promise<string> | null = null;
  /** How many verifications ran (tests count the attempts that reached the password check). */
  verifications = 0;
  readonly pool: HashingPool;

  constructor(
    readonly params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
    limits: HashingLimits = DEFAULT_HASHING_LIMITS,
  ) {
    this.pool = new HashingPool(limits);
  }

  hash(password: string): Promise<string> {
    return this.pool.run(() => hashPassword(password, this.params));
  }

  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    this.verifications += 1;
    if (stored) return this.pool.run(() => verifyPassword(password, stored));
    // The dummy hash is computed outside the pool (once); its verification takes a slot like any.
    this.dummy ??= hashPassword(randomBytes(16).toString('hex'), this.params);
    const dummy = await this.dummy;
    await this.pool.run(() => verifyPassword(password, dummy));
    return false;
  }

  /** Computes the dummy hash ahead of the first unknown-user sign-in. */
  async warmUp(): Promise<void> {
    this.dummy ??= hashPassword(randomBytes(16).toString('hex'), this.params);
    await this.dummy;
  }
}
