import { createHash, randomBytes } from 'node:crypto';

/** A random 32-byte token, base64url: what goes into cookies and e-mailed links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
