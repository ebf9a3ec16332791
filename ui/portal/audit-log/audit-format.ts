/**
 * Pure helpers of the Activity view's widgets (docs/product/activity.md): the exact
 * and relative times of an event and the before → after rows of its `changes`.
 */

const exactFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/** 'Nov 20, 2026, 2:05:00 PM UTC': the exact time, in UTC so every reader sees the same. */
export function formatExactTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${exactFormat.format(new Date(ms))} UTC`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** 'just now', '5 minutes ago', 'yesterday', 'last month' … of an ISO time seen at `now`. */
export function formatRelativeTime(iso: string, now: Date): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const seconds = Math.round((ms - now.getTime()) / 1000);
  // A clock a little ahead of the browser's still reads 'just now', never 'in 3 seconds'.
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(Math.round(seconds / 60), 'minute');
}

/** One line of the changes table: a field and its value before and after (absent: undefined). */
export interface ChangeRow {
  /** Dotted path of the field ('policy.minOs'); '' when the whole value is not an object. */
  field: string;
  before: unknown;
  after: unknown;
  /** False for a field shown for context whose value stayed the same. */
  changed: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    }
    return;
  }
  into.set(prefix, value);
}

/** Stable text of a value for comparing two sides (key order does not matter). */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The rows of a `changes` object: nested objects become dotted fields, in the order the fields
 * first appear (before's, then after's new ones); changed fields come first, unchanged ones after
 * them for context. A side that is null or absent (a creation, a deletion) leaves its column empty.
 */
export function changeRows(changes: { before?: unknown; after?: unknown } | null | undefined) {
  if (!changes) return [];
  const before = new Map<string, unknown>();
  const after = new Map<string, unknown>();
  if (changes.before !== undefined && changes.before !== null) flatten(changes.before, '', before);
  if (changes.after !== undefined && changes.after !== null) flatten(changes.after, '', after);
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  const rows: ChangeRow[] = fields.map((field) => {
    const b = before.get(field);
    const a = after.get(field);
    return { field, before: b, after: a, changed: !sameValue(b, a) };
  });
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}

/**
 * Whether `changes` is a setting's `{ before, after }` (shown as a diff) rather than the facts of a
 * call (`{ codes: […] }`, `{ method: 'sso' }`, shown as a list).
 */
export function isBeforeAfter(
  changes: Record<string, unknown> | null | undefined,
): changes is { before?: unknown; after?: unknown } {
  if (!changes) return false;
  const keys = Object.keys(changes);
  return keys.length > 0 && keys.every((k) => k === 'before' || k === 'after');
}

/** The facts of a call as field / value pairs (nested objects as dotted fields). */
export function factRows(changes: Record<string, unknown> | null | undefined) {
  if (!changes) return [];
  const into = new Map<string, unknown>();
  flatten(changes, '', into);
  return [...into].filter(([field]) => field !== '').map(([field, value]) => ({ field, value }));
}

/**
 * The text of one value in the changes table: strings as they are (so '[redacted]' reads as
 * itself), other values as JSON, and '—' for a field one side does not have.
 */
export function formatChangeValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}
