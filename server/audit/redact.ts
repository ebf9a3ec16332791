/**
 * Secrets never enter an event (docs/decisions/018-audit-log.md, 'Secrets'): every member whose
 * name says it holds one — the SCIM header, the MDM and API tokens, the webhook secret, client
 * secrets, passwords and password links, card data — is replaced by '[redacted]' wherever it sits
 * in `changes`, whatever its value. Names are compared without case, `_` or `-`.
 */
import { REDACTED } from '@domain/audit';

/** Member names (normalised: lower case, no `_` / `-`) whose values are secrets. */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'secret',
  'clientsecret',
  'webhooksecret',
  'signingsecret',
  'token',
  'apitoken',
  'apikey',
  'key',
  'updatekey',
  'authheader',
  'authorization',
  'scimheader',
  'mdmtoken',
  'password',
  'newpassword',
  'requesttoken',
  'cardnumber',
  'number',
  'cvc',
  'cvv',
]);

const normalise = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(normalise(key));
}

/**
 * A copy of `value` with every secret member's value replaced by '[redacted]' (a null stays null:
 * "no secret set" is not a secret). Iterative, so a deeply nested value cannot overflow the stack.
 */
export function redactSecrets<T>(value: T): T {
  const copy = (node: unknown): unknown =>
    Array.isArray(node)
      ? [...node]
      : node !== null && typeof node === 'object'
        ? { ...node }
        : node;
  const root = copy(value);
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        node[i] = copy(node[i]);
        stack.push(node[i]);
      }
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (isSecretKey(key)) {
          if (record[key] !== null && record[key] !== undefined) record[key] = REDACTED;
        } else {
          record[key] = copy(record[key]);
          stack.push(record[key]);
        }
      }
    }
  }
  return root as T;
}
