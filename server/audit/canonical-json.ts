/**
 * Canonical JSON for the audit chain (docs/decisions/018-audit-log.md): the same value always
 * gives the same text, whatever the order its keys were written in or how the database stored it
 * (jsonb reorders keys). Object keys sorted by code unit, no whitespace, `undefined` members left
 * out (as JSON.stringify does), strings escaped as JSON.stringify escapes them. Numbers must be
 * finite; anything that is not JSON (a function, a bigint, a Date) is refused, so the hashed text
 * never depends on a toJSON.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonicalJson: a number must be finite');
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) {
        throw new TypeError('canonicalJson: only plain objects, arrays and primitives');
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: ${typeof value} is not JSON`);
  }
}
