/**
 * What never leaves the browser in an error report or an analytics record (decision 010): values
 * under secret-looking keys, and secret-looking values inside any text — the portal's credentials
 * (`mdsk_…` API keys, `whsec_…` webhook secrets, `Bearer …` SCIM headers), card processor client
 * secrets (`seti_…_secret_…`), the token of a password reset or invitation link
 * (`/update-password/{token}`), secrets in query strings, form and JSON bodies, credentials in
 * URLs, JWTs and card numbers.
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secrets, whatever they look like. */
export const SECRET_KEY =
  /pass(word)?|token|secret|authorization|auth[-_]?header|cookie|api[-_]?key|card|cvc|cvv|session[-_]?id|portal[-_]?session/i;

/** Key names inside text (`key=value`, `"key": "value"`) whose values are secrets. */
const KEY_IN_TEXT =
  '[\\w.-]*(?:pass(?:word)?|token|secret|authorization|auth[-_]?header|api[-_]?key|cvc|cvv|card[-_]?number|client[-_]?secret)[\\w.-]*';

const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // A reset or invitation link: the token is the rest of the path segment.
  [/(\/update-password\/)[^/?#\s"'&<>]+/gi, `$1${REDACTED}`],
  // The portal's own credentials.
  [/\b(mdsk|whsec)_[A-Za-z0-9_-]{4,}/g, `$1_${REDACTED}`],
  // Card processor client secrets (seti_…_secret_…, pi_…_secret_…) and secret keys.
  [/\b([a-z]{2,6})_[A-Za-z0-9]{4,}_secret_[A-Za-z0-9]{4,}/g, `$1_${REDACTED}`],
  [/\b(sk|rk)_(live|test)_[A-Za-z0-9]{4,}/g, `$1_$2_${REDACTED}`],
  // Bearer credentials (the SCIM header is `Bearer …`).
  [/\b(Bearer)(\s+)[A-Za-z0-9._~+/=-]{4,}/gi, `$1$2${REDACTED}`],
  // JSON Web Tokens.
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // user:password@ in a URL.
  [/(\/\/)[^/?#@\s:]+:[^/?#@\s]+@/g, `$1${REDACTED}@`],
  // "key": "value" in JSON text (a request or response body in a breadcrumb).
  [new RegExp(`("${KEY_IN_TEXT}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi'), `$1"${REDACTED}"`],
  // key=value in a query string, a form body or a cookie header.
  [new RegExp(`(^|[?&#;\\s])(${KEY_IN_TEXT}=)[^&#;\\s"']*`, 'gi'), `$1$2${REDACTED}`],
];

/** Digit runs of card-number length that pass the Luhn check (spaces or dashes allowed). */
const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The text with every secret-looking value replaced by `[redacted]`. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(CARD_CANDIDATE, (match) =>
    luhnValid(match.replace(/[ -]/g, '')) ? REDACTED : match,
  );
}

const MAX_DEPTH = 12;

/**
 * A copy of any JSON-like value with secrets removed: values under secret keys become
 * `[redacted]`, every string is passed through {@link redactText}, `[key, value]` pairs (query
 * strings as lists) are treated like keys. Deeper than the limit or circular: `[truncated]`.
 */
export function redactValue<T>(value: T, depth = 0, ancestors = new WeakSet<object>()): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH || ancestors.has(value)) return '[truncated]' as T;
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      if (value.length === 2 && typeof value[0] === 'string' && SECRET_KEY.test(value[0])) {
        return [value[0], REDACTED] as T;
      }
      return value.map((v) => redactValue(v, depth + 1, ancestors)) as T;
    }
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const secret = SECRET_KEY.test(key) && v !== null && v !== undefined;
      out[key] = secret ? REDACTED : redactValue(v, depth + 1, ancestors);
    }
    return out as T;
  } finally {
    ancestors.delete(value);
  }
}
