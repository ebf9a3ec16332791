/**
 * A parsed SCIM filter (filter.ts) as a SQL condition, through Drizzle's `sql` template: every
 * compared value is a bound parameter, never text in the query. Each resource type names the
 * attributes it can be filtered on (the Schemas endpoint says the same); any other attribute is a
 * 400 `invalidFilter`, never a query that matches nothing by accident.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Filter } from 'scim2-parse-filter';
import { ScimHttpError } from './errors';

export type FilterTarget =
  | { type: 'string'; expr: SQL; caseExact: boolean }
  | { type: 'boolean'; expr: SQL }
  | { type: 'dateTime'; expr: SQL }
  /** A sub-attribute of a multi-valued attribute: true when some element matches. */
  | { type: 'within'; exists: (condition: SQL) => SQL; inner: FilterTarget }
  /** A multi-valued attribute itself, for `emails[type eq "work"]`: its elements' attributes. */
  | { type: 'multi'; exists: (condition: SQL) => SQL; element: FilterAttributes };

/** Attribute path (lower-cased, schema URN removed) → what it is in SQL. */
export type FilterAttributes = (path: string) => FilterTarget | null;

const CORE_URNS = [
  'urn:ietf:params:scim:schemas:core:2.0:user:',
  'urn:ietf:params:scim:schemas:core:2.0:group:',
];

/** `urn:…:User:userName` → `username`; names are case-insensitive (RFC 7643 §2.1). */
export function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  for (const urn of CORE_URNS) if (lower.startsWith(urn)) return lower.slice(urn.length);
  return lower;
}

function invalid(detail: string): never {
  throw new ScimHttpError(400, detail, 'invalidFilter');
}

export function filterToSql(filter: Filter, attributes: FilterAttributes): SQL {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((f) => filterToSql(f, attributes));
      return sql`(${sql.join(parts, filter.op === 'and' ? sql` AND ` : sql` OR `)})`;
    }
    case 'not':
      return sql`(NOT coalesce(${filterToSql(filter.filter, attributes)}, false))`;
    case '[]': {
      const target = attributes(normalizePath(filter.attrPath));
      if (target?.type !== 'multi') {
        invalid(`'${clip(filter.attrPath)}' cannot be filtered with brackets.`);
      }
      return target.exists(filterToSql(filter.valFilter, target.element));
    }
    default: {
      const target = attributes(normalizePath(filter.attrPath));
      if (!target) invalid(`The attribute '${clip(filter.attrPath)}' cannot be filtered on.`);
      return compare(target, filter.op, filter.op === 'pr' ? undefined : filter.compValue);
    }
  }
}

type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le' | 'pr';

function compare(target: FilterTarget, op: CompareOp, value: unknown): SQL {
  switch (target.type) {
    case 'multi': {
      // `emails eq "x"` / `emails pr`: the element's value.
      const inner = target.element('value');
      if (!inner) invalid('This attribute cannot be compared directly.');
      return target.exists(compare(inner, op, value));
    }
    case 'within':
      return target.exists(compare(target.inner, op, value));
    case 'boolean': {
      if (op === 'pr') return sql`(${target.expr} IS NOT NULL)`;
      const b = booleanValue(value);
      if (op === 'eq') return sql`(${target.expr} = ${b})`;
      if (op === 'ne') return sql`(${target.expr} IS DISTINCT FROM ${b})`;
      return invalid(`'${op}' does not apply to a boolean.`);
    }
    case 'dateTime': {
      if (op === 'pr') return sql`(${target.expr} IS NOT NULL)`;
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
        invalid('A dateTime is compared with a quoted date and time.');
      }
      const at = new Date(value);
      const ops: Partial<Record<CompareOp, SQL>> = {
        eq: sql`(${target.expr} = ${at})`,
        ne: sql`(${target.expr} IS DISTINCT FROM ${at})`,
        gt: sql`(${target.expr} > ${at})`,
        ge: sql`(${target.expr} >= ${at})`,
        lt: sql`(${target.expr} < ${at})`,
        le: sql`(${target.expr} <= ${at})`,
      };
      return ops[op] ?? invalid(`'${op}' does not apply to a dateTime.`);
    }
    case 'string': {
      if (op === 'pr') return sql`(${target.expr} IS NOT NULL AND ${target.expr} <> '')`;
      if (typeof value !== 'string') {
        // Booleans and numbers compared with a string attribute: as their text (Entra ID may
        // send `externalId eq 123` unquoted).
        if (typeof value === 'number' || typeof value === 'boolean') value = String(value);
        else invalid('A string attribute is compared with a quoted string.');
      }
      const e = target.caseExact ? target.expr : sql`lower(${target.expr})`;
      const v = target.caseExact ? (value as string) : (value as string).toLowerCase();
      switch (op) {
        case 'eq':
          return sql`(${e} = ${v})`;
        case 'ne':
          return sql`(${e} IS DISTINCT FROM ${v})`;
        case 'co':
          return sql`(strpos(${e}, ${v}) > 0)`;
        case 'sw':
          return sql`starts_with(${e}, ${v})`;
        case 'ew':
          return sql`(right(${e}, char_length(${v})) = ${v})`;
        case 'gt':
          return sql`(${e} > ${v} COLLATE "C")`;
        case 'ge':
          return sql`(${e} >= ${v} COLLATE "C")`;
        case 'lt':
          return sql`(${e} < ${v} COLLATE "C")`;
        case 'le':
          return sql`(${e} <= ${v} COLLATE "C")`;
      }
    }
  }
}

/** `true`/`false`, and Entra ID's "True"/"False" strings. */
function booleanValue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) {
    return value.toLowerCase() === 'true';
  }
  return invalid('A boolean attribute is compared with true or false.');
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** The attributes of one element of a jsonb array (`e`), for emails, phoneNumbers, … */
export function jsonElementAttributes(element: SQL): FilterAttributes {
  return (path) => {
    if (path === 'primary')
      return { type: 'boolean', expr: sql`(${element}->>'primary')::boolean` };
    if (['value', 'type', 'display'].includes(path)) {
      // `path` is one of the three names above, never the client's text.
      return {
        type: 'string',
        expr: sql`(${element}->>${sql.raw(`'${path}'`)})`,
        caseExact: false,
      };
    }
    return null;
  };
}
