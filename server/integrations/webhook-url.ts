/**
 * Which webhook URLs the server delivers to (pure, no I/O). Rules:
 *
 * - https only; http is allowed to loopback (localhost, 127.0.0.0/8, ::1) outside production, so a
 *   developer can point the webhook at a receiver on their machine.
 * - In production the target must be a public address: a host given as an IP literal is checked
 *   here, a host name is resolved by the delivery and every address it resolves to is checked with
 *   {@link isPublicAddress} (the connection then goes to a checked address, never to a second
 *   lookup's answer).
 * - No user name or password in the URL (it is shown back on the Settings card).
 */
import { isIP } from 'node:net';

export const WEBHOOK_URL_MESSAGES = {
  invalid: 'Enter a valid URL starting with http:// or https://',
  https: 'Webhook URL must use https.',
  credentials: 'Webhook URL must not contain a user name or password.',
  privateAddress: 'Webhook URL must not point to a private network address.',
} as const;

export type WebhookUrlCheck =
  | {
      ok: true;
      url: URL;
      /** The host without IPv6 brackets. */
      host: string;
      /** The host is an IP address (no lookup happens). */
      ipLiteral: boolean;
    }
  | { ok: false; error: string };

/** The URL's host name without the brackets of an IPv6 literal. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** localhost (and its subdomains), 127.0.0.0/8 and ::1 (also as ::ffff:127.x.y.z). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const bytes = ipBytes(h);
  if (!bytes) return false;
  const v4 = embeddedIpv4(bytes);
  if (v4) return v4[0] === 127;
  return bytes.length === 16 && bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1;
}

export function checkWebhookUrl(raw: string, options: { production: boolean }): WebhookUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, error: WEBHOOK_URL_MESSAGES.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, error: WEBHOOK_URL_MESSAGES.https };
  }
  const host = bareHost(url);
  if (!host) return { ok: false, error: WEBHOOK_URL_MESSAGES.invalid };
  if (url.username || url.password) return { ok: false, error: WEBHOOK_URL_MESSAGES.credentials };
  const loopback = isLoopbackHost(host);
  if (url.protocol === 'http:' && (options.production || !loopback)) {
    return { ok: false, error: WEBHOOK_URL_MESSAGES.https };
  }
  const ipLiteral = isIP(host) !== 0;
  if (options.production && (loopback || (ipLiteral && !isPublicAddress(host)))) {
    return { ok: false, error: WEBHOOK_URL_MESSAGES.privateAddress };
  }
  return { ok: true, url, host, ipLiteral };
}

/**
 * The error for a host name's resolved addresses in production: every one must be public (a name
 * with one private address among public ones is refused too), and there must be at least one.
 */
export function checkResolvedAddresses(addresses: readonly string[]): string | null {
  if (addresses.length === 0)
    return 'Could not reach the webhook URL: the host name could not be resolved.';
  return addresses.every(isPublicAddress) ? null : WEBHOOK_URL_MESSAGES.privateAddress;
}

type Cidr = readonly [prefix: readonly number[], bits: number];

/** Not reachable on the public internet, or not meant as a destination (RFC 6890 and friends). */
const NON_PUBLIC_V4: readonly Cidr[] = [
  [[0], 8], // "this network"
  [[10], 8], // private
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (also cloud metadata services)
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved, broadcast
];

const NON_PUBLIC_V6: readonly Cidr[] = [
  [[], 96], // ::/96: unspecified, loopback, deprecated IPv4-compatible
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // 100::/64 discard
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48], // local-use NAT64
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x01, 0x00], 23], // IETF protocol assignments (Teredo, ORCHID, …)
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function matches(bytes: readonly number[], [prefix, bits]: Cidr): boolean {
  for (let i = 0; i < bits; i += 8) {
    const want = prefix[i / 8] ?? 0;
    const have = bytes[i / 8] ?? 0;
    const n = Math.min(8, bits - i);
    const mask = (0xff << (8 - n)) & 0xff;
    if ((want & mask) !== (have & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

function ipv6Bytes(text: string): number[] | null {
  let s = text.split('%')[0] ?? '';
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = ipv4Bytes(s.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    // '::ffff:1.2.3.4' → '::ffff', '::1.2.3.4' → '::'
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const group = (h: string) => (h === '' ? [] : h.split(':'));
  const head = group(halves[0] ?? '');
  const rest = halves.length === 2 ? group(halves[1] ?? '') : [];
  const groupsWanted = 8 - tail.length / 2;
  const fill = halves.length === 2 ? groupsWanted - head.length - rest.length : 0;
  if (fill < 0 || head.length + fill + rest.length !== groupsWanted) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    const v = parseInt(g, 16);
    bytes.push(v >> 8, v & 0xff);
  }
  return [...bytes, ...tail];
}

/** 4 bytes for IPv4, 16 for IPv6, null when `text` is not an IP address. */
export function ipBytes(text: string): number[] | null {
  const kind = isIP(text);
  if (kind === 4) return ipv4Bytes(text);
  if (kind === 6) return ipv6Bytes(text);
  return null;
}

/**
 * The IPv4 address an IPv6 address stands for, where it does: IPv4-mapped (::ffff:0:0/96),
 * NAT64 (64:ff9b::/96) and 6to4 (2002::/16). Plain IPv4 bytes are returned as they are.
 */
function embeddedIpv4(bytes: readonly number[]): readonly number[] | null {
  if (bytes.length === 4) return bytes;
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (
    bytes[0] === 0x00 &&
    bytes[1] === 0x64 &&
    bytes[2] === 0xff &&
    bytes[3] === 0x9b &&
    zero(4, 12)
  )
    return bytes.slice(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}

/** Whether a webhook may be delivered to this IP address in production. Not an address: false. */
export function isPublicAddress(ip: string): boolean {
  const bytes = ipBytes(ip);
  if (!bytes) return false;
  const v4 = embeddedIpv4(bytes);
  if (v4) return !NON_PUBLIC_V4.some((cidr) => matches(v4, cidr));
  return !NON_PUBLIC_V6.some((cidr) => matches(bytes, cidr));
}
