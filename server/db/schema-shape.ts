/**
 * The shape of a database schema as PostgreSQL's catalogs describe it, and the DDL of what
 * Drizzle's table objects (schema.ts) declare: what the schema-drift test needs.
 *
 * The test migrates an empty database, builds the tables schema.ts declares in a scratch schema of
 * the same database (`declaredDdl`), reads both schemas with the same catalog queries
 * (`readSchemaShape`) and lists every difference (`compareShapes`). PostgreSQL itself turns both
 * sides into one canonical text (`status IN ('Open', 'Closed')` and
 * `(status = ANY (ARRAY['Open'::text, 'Closed'::text]))` read back the same), so the comparison
 * needs no SQL parser of its own and every expression (CHECK bodies, index expressions and
 * predicates, defaults, generated columns) is compared exactly.
 *
 * `declaredDdl` renders what it knows and throws on any Drizzle feature it does not (enums, views,
 * policies, ...): nothing declared is silently left out of the comparison.
 */
import { is, sql, SQL } from 'drizzle-orm';
import {
  getTableConfig,
  IndexedColumn,
  isPgEnum,
  isPgSequence,
  PgDialect,
  PgEnumColumn,
  PgMaterializedView,
  PgTable,
  PgView,
  uniqueKeyName,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import type { MigrationExecutor } from './migrate';

export interface ColumnShape {
  /** `format_type`: 'integer', 'timestamp with time zone', 'integer[]', ... */
  type: string;
  notNull: boolean;
  /** The default expression as PostgreSQL prints it; null: none (or a generated column). */
  default: string | null;
  /** The expression of a STORED generated column; null: an ordinary column. */
  generated: string | null;
  /** 'always' / 'by default' for identity columns; null: not an identity column. */
  identity: string | null;
  /** A collation other than the type's default; null: the default. */
  collation: string | null;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  /** Constraint name → `pg_get_constraintdef` (PRIMARY KEY, UNIQUE, FOREIGN KEY, CHECK, ...). */
  constraints: Record<string, string>;
  /** Index name → `pg_get_indexdef`, for indexes that do not back a constraint. */
  indexes: Record<string, string>;
  /** Trigger name → `pg_get_triggerdef`. */
  triggers: Record<string, string>;
}

export interface SchemaShape {
  tables: Record<string, TableShape>;
  /** Function name → its identity arguments and result (`name(args) returns type`). */
  functions: Record<string, string>;
  /** Objects the comparison does not cover (views, enums, free sequences, rules, ...). */
  others: string[];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Reads the shape of `schema` through `q`. Sets the transaction's search_path to `schema` only,
 * so names print unqualified and two schemas of one database read back alike: call it inside a
 * transaction (SET LOCAL).
 */
export async function readSchemaShape(q: MigrationExecutor, schema: string): Promise<SchemaShape> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`unexpected schema name ${schema}`);
  await q.exec(`SET LOCAL search_path TO "${schema}"`);
  const ns = await q.query<{ oid: number }>('SELECT oid FROM pg_namespace WHERE nspname = $1', [
    schema,
  ]);
  const nsOid = ns[0]?.oid;
  if (nsOid === undefined) throw new Error(`no schema ${schema}`);

  const tables: Record<string, TableShape> = {};
  const relations = await q.query<{ oid: number; relname: string; relkind: string; rls: boolean }>(
    `SELECT oid, relname, relkind::text AS relkind, relrowsecurity AS rls FROM pg_class
     WHERE relnamespace = $1 ORDER BY relname`,
    [nsOid],
  );
  const others: string[] = [];
  for (const r of relations) {
    if (r.relkind === 'r') {
      tables[r.relname] = { columns: {}, constraints: {}, indexes: {}, triggers: {} };
      if (r.rls) others.push(`row level security on table ${r.relname}`);
    } else if (r.relkind !== 'i' && r.relkind !== 'S') {
      const kinds: Record<string, string> = {
        v: 'view',
        m: 'materialized view',
        c: 'composite type',
        f: 'foreign table',
        p: 'partitioned table',
        I: 'partitioned index',
      };
      others.push(`${kinds[r.relkind] ?? `relation of kind ${r.relkind}`} ${r.relname}`);
    }
  }
  const table = (name: string): TableShape => {
    const found = tables[name];
    if (!found) throw new Error(`catalog row of unknown table ${name}`);
    return found;
  };

  const columns = await q.query<{
    relname: string;
    attname: string;
    type: string;
    notnull: boolean;
    expr: string | null;
    generated: string;
    identity: string;
    collation: string | null;
  }>(
    `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS notnull, pg_get_expr(d.adbin, d.adrelid) AS expr,
            a.attgenerated::text AS generated, a.attidentity::text AS identity,
            CASE WHEN a.attcollation <> t.typcollation THEN co.collname::text END AS collation
     FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_type t ON t.oid = a.atttypid
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     LEFT JOIN pg_collation co ON co.oid = a.attcollation
     WHERE c.relnamespace = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
    [nsOid],
  );
  for (const c of columns) {
    const isGenerated = c.generated !== '';
    table(c.relname).columns[c.attname] = {
      type: c.type,
      notNull: c.notnull,
      default: isGenerated ? null : c.expr,
      generated: isGenerated ? c.expr : null,
      identity: c.identity === 'a' ? 'always' : c.identity === 'd' ? 'by default' : null,
      collation: c.collation,
    };
  }

  // NOT NULL constraints (contype 'n', PostgreSQL 18) are already the columns' notNull.
  const constraints = await q.query<{ relname: string; conname: string; def: string }>(
    `SELECT c.relname, k.conname, pg_get_constraintdef(k.oid) AS def
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE c.relnamespace = $1 AND c.relkind = 'r' AND k.contype <> 'n'
     ORDER BY c.relname, k.conname`,
    [nsOid],
  );
  for (const k of constraints) table(k.relname).constraints[k.conname] = unorderedLists(k.def);

  const indexes = await q.query<{ relname: string; indexname: string; def: string }>(
    `SELECT c.relname, i.relname AS indexname, pg_get_indexdef(x.indexrelid) AS def
     FROM pg_index x
     JOIN pg_class c ON c.oid = x.indrelid
     JOIN pg_class i ON i.oid = x.indexrelid
     WHERE c.relnamespace = $1 AND c.relkind = 'r'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid
                       AND k.conrelid = x.indrelid)
     ORDER BY c.relname, i.relname`,
    [nsOid],
  );
  // pg_get_indexdef names the table with its schema whatever the search_path: drop it, so the
  // indexes of two schemas read back alike.
  const qualified = ` ON ${schema}.`;
  const qualifiedOnly = ` ON ONLY ${schema}.`;
  for (const i of indexes) {
    table(i.relname).indexes[i.indexname] = i.def
      .replace(qualified, ' ON ')
      .replace(qualifiedOnly, ' ON ONLY ');
  }

  const triggers = await q.query<{ relname: string; tgname: string; def: string }>(
    `SELECT c.relname, t.tgname, pg_get_triggerdef(t.oid) AS def
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = $1 AND NOT t.tgisinternal
     ORDER BY c.relname, t.tgname`,
    [nsOid],
  );
  for (const t of triggers) {
    const def = t.def.replace(qualified, ' ON ');
    if (tables[t.relname]) tables[t.relname]!.triggers[t.tgname] = def;
    else others.push(`trigger ${t.tgname} on ${t.relname}`);
  }

  const functions: Record<string, string> = {};
  const procs = await q.query<{ proname: string; args: string; result: string }>(
    `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS args,
            pg_get_function_result(p.oid) AS result
     FROM pg_proc p WHERE p.pronamespace = $1 ORDER BY p.proname, args`,
    [nsOid],
  );
  for (const p of procs) {
    const signature = `${p.proname}(${p.args}) returns ${p.result}`;
    if (p.proname in functions) others.push(`overloaded function ${signature}`);
    else functions[p.proname] = signature;
  }

  // Sequences not owned by a column (serial and identity columns own theirs).
  const sequences = await q.query<{ relname: string }>(
    `SELECT s.relname FROM pg_class s
     WHERE s.relnamespace = $1 AND s.relkind = 'S' AND NOT EXISTS (
       SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = s.oid
         AND d.refobjsubid > 0 AND d.deptype IN ('a', 'i'))
     ORDER BY s.relname`,
    [nsOid],
  );
  for (const s of sequences) others.push(`sequence ${s.relname} (not owned by a column)`);

  // Enums, domains, range and multirange types (a table's or array's own type is not listed).
  const types = await q.query<{ typname: string; typtype: string }>(
    `SELECT typname, typtype::text AS typtype FROM pg_type
     WHERE typnamespace = $1 AND typtype IN ('e', 'd', 'r', 'm') ORDER BY typname`,
    [nsOid],
  );
  const typeKinds: Record<string, string> = { e: 'enum', d: 'domain', r: 'range', m: 'multirange' };
  for (const t of types) others.push(`${typeKinds[t.typtype]} type ${t.typname}`);

  const rules = await q.query<{ relname: string; rulename: string }>(
    `SELECT c.relname, r.rulename FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class
     WHERE c.relnamespace = $1 AND c.relkind = 'r' ORDER BY c.relname, r.rulename`,
    [nsOid],
  );
  for (const r of rules) others.push(`rule ${r.rulename} on ${r.relname}`);

  return { tables, functions, others };
}

/** Every Drizzle table exported by a schema module; throws on exports the DDL can't render. */
export function tablesOf(schemaModule: Record<string, unknown>): PgTable[] {
  const tables: PgTable[] = [];
  for (const [name, value] of Object.entries(schemaModule)) {
    if (is(value, PgTable)) tables.push(value);
    else if (is(value, PgView) || is(value, PgMaterializedView) || isPgEnum(value)) {
      throw unsupported(`the export ${name} (a view or enum)`);
    } else if (isPgSequence(value)) throw unsupported(`the export ${name} (a sequence)`);
  }
  return tables;
}

function unsupported(what: string): Error {
  return new Error(
    `schema-shape.ts cannot render ${what} yet: teach declaredDdl (and readSchemaShape) about it ` +
      'so the drift test compares it, rather than leaving it out.',
  );
}

export interface DdlOptions {
  /**
   * Columns (`table.column`) that schema.ts declares `generatedAlwaysAs` only so that Drizzle
   * never writes them, while the database fills them by trigger: rendered as ordinary columns.
   */
  writeGuarded?: ReadonlySet<string>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const dialect = new PgDialect();
/**
 * An expression as SQL text: parameters written inline, columns unqualified (valid in CHECK,
 * DEFAULT, GENERATED, index and WHERE alike). Wrapped, so schema.ts's own objects stay as they are.
 */
const expression = (value: SQL) => dialect.sqlToQuery(sql`${value}`.inlineParams(), 'indexes').sql;

function literal(value: unknown, column: string): string {
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw unsupported(`the default of ${column} (${typeof value})`);
}

/**
 * The DDL (one statement per entry) that creates `tables` as Drizzle declares them, for a schema
 * named by the search_path: tables with their columns, keys and checks, then foreign keys, then
 * indexes. Constraints Drizzle names by default (`.unique()`, `.primaryKey()`, `.references()`)
 * are left unnamed, so PostgreSQL names them as it names those of the migrations' SQL.
 */
export function declaredDdl(tables: PgTable[], options: DdlOptions = {}): string[] {
  const writeGuarded = new Set(options.writeGuarded ?? []);
  const creates: string[] = [];
  const foreignKeys: string[] = [];
  const indexes: string[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    const name = config.name;
    if (config.schema && config.schema !== 'public') throw unsupported(`schema ${config.schema}`);
    if (config.policies.length > 0 || config.enableRLS) throw unsupported(`policies of ${name}`);
    const parts: string[] = [];
    const constraints: string[] = [];
    const primary: PgColumn[] = [];
    for (const column of config.columns) {
      const where = `${name}.${column.name}`;
      if (is(column, PgEnumColumn)) throw unsupported(`the pgEnum column ${where}`);
      let text = `${quote(column.name)} ${column.getSQLType()}`;
      if (column.generated && writeGuarded.has(where)) {
        writeGuarded.delete(where);
      } else if (column.generated) {
        if (column.generated.mode === 'virtual') throw unsupported(`virtual column ${where}`);
        const as = column.generated.as;
        const sqlAs = is(as, SQL) ? as : typeof as === 'function' ? (as as () => SQL)() : null;
        if (!sqlAs) throw unsupported(`the generated value of ${where} (not SQL)`);
        text += ` GENERATED ALWAYS AS (${expression(sqlAs)}) STORED`;
      }
      if (column.generatedIdentity) {
        if (column.generatedIdentity.sequenceName || column.generatedIdentity.sequenceOptions) {
          throw unsupported(`the identity sequence options of ${where}`);
        }
        text += ` GENERATED ${column.generatedIdentity.type === 'always' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`;
      }
      if (column.default !== undefined) {
        text += ` DEFAULT ${is(column.default, SQL) ? expression(column.default) : literal(column.default, where)}`;
      }
      if (column.notNull) text += ' NOT NULL';
      parts.push(text);
      if (column.primary) primary.push(column);
      if (column.isUnique) {
        const nulls = column.uniqueType === 'not distinct' ? ' NULLS NOT DISTINCT' : '';
        const named = column.uniqueName !== uniqueKeyName(table, [column.name]);
        constraints.push(
          `${named ? `CONSTRAINT ${quote(column.uniqueName!)} ` : ''}UNIQUE${nulls} (${quote(column.name)})`,
        );
      }
    }
    parts.push(...constraints);
    if (primary.length > 0)
      parts.push(`PRIMARY KEY (${primary.map((c) => quote(c.name)).join(', ')})`);
    for (const pk of config.primaryKeys) {
      const named = pk.name ? `CONSTRAINT ${quote(pk.name)} ` : '';
      parts.push(`${named}PRIMARY KEY (${pk.columns.map((c) => quote(c.name)).join(', ')})`);
    }
    for (const unique of config.uniqueConstraints) {
      const columns = unique.columns.map((c) => c.name);
      const named = unique.name !== uniqueKeyName(table, columns);
      const nulls = unique.nullsNotDistinct ? ' NULLS NOT DISTINCT' : '';
      parts.push(
        `${named ? `CONSTRAINT ${quote(unique.name!)} ` : ''}UNIQUE${nulls} (${columns.map(quote).join(', ')})`,
      );
    }
    for (const check of config.checks) {
      parts.push(`CONSTRAINT ${quote(check.name)} CHECK (${expression(check.value)})`);
    }
    creates.push(`CREATE TABLE ${quote(name)} (\n  ${parts.join(',\n  ')}\n)`);

    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const foreign = getTableConfig(ref.foreignTable).name;
      const named = ref.name ? `CONSTRAINT ${quote(ref.name)} ` : '';
      foreignKeys.push(
        `ALTER TABLE ${quote(name)} ADD ${named}FOREIGN KEY (${ref.columns.map((c) => quote(c.name)).join(', ')}) ` +
          `REFERENCES ${quote(foreign)} (${ref.foreignColumns.map((c) => quote(c.name)).join(', ')}) ` +
          `ON DELETE ${(fk.onDelete ?? 'no action').toUpperCase()} ON UPDATE ${(fk.onUpdate ?? 'no action').toUpperCase()}`,
      );
    }

    for (const index of config.indexes) {
      const c = index.config;
      if (!c.name)
        throw new Error(`an index of ${name} has no name: name every index in schema.ts`);
      const items = c.columns.map((item) => {
        if (is(item, SQL)) return expression(item);
        if (!is(item, IndexedColumn) || !item.name) throw unsupported(`an index item of ${c.name}`);
        const { order, nulls, opClass } = item.indexConfig ?? {};
        // Drizzle's defaults, as drizzle-kit renders them: ascending, NULLS LAST. A `.desc()`
        // column is therefore DESC NULLS LAST; write `.desc().nullsFirst()` for SQL's plain DESC.
        return [
          quote(item.name),
          opClass ?? '',
          (order ?? 'asc').toUpperCase(),
          `NULLS ${(nulls ?? 'last').toUpperCase()}`,
        ]
          .filter(Boolean)
          .join(' ');
      });
      const withParams =
        c.with && Object.keys(c.with).length > 0
          ? ` WITH (${Object.entries(c.with)
              .map(([k, v]) => `${k} = ${String(v)}`)
              .join(', ')})`
          : '';
      indexes.push(
        `CREATE ${c.unique ? 'UNIQUE ' : ''}INDEX ${quote(c.name)} ON ${c.only ? 'ONLY ' : ''}${quote(name)} ` +
          `USING ${c.method ?? 'btree'} (${items.join(', ')})${withParams}` +
          (c.where ? ` WHERE ${expression(c.where)}` : ''),
      );
    }
  }
  if (writeGuarded.size > 0) {
    throw new Error(
      `listed as write-guarded but not declared generatedAlwaysAs in schema.ts: ${[...writeGuarded].join(', ')}`,
    );
  }
  return [...creates, ...foreignKeys, ...indexes];
}

/** What the migrations may hold that schema.ts does not declare, each with the reason. */
export interface Allowances {
  /** Tables only the migrations create: name → why. */
  tables?: Readonly<Record<string, string>>;
  /** Triggers (`table.trigger`) → why. */
  triggers?: Readonly<Record<string, string>>;
  /** Functions (by name) → why. */
  functions?: Readonly<Record<string, string>>;
}

/**
 * Every difference between the migrated schema and the declared one, as sentences naming the
 * table, the object and both sides; empty when they agree. Allow-list entries that no longer
 * match anything are differences too (so the list cannot go stale).
 */
export function compareShapes(
  migrated: SchemaShape,
  declared: SchemaShape,
  allow: Allowances = {},
): string[] {
  const out: string[] = [];
  const M = 'the migrations';
  const D = 'schema.ts';
  const allowedTables = allow.tables ?? {};

  for (const other of migrated.others) {
    out.push(
      `${other}: in ${M}, and the drift test does not compare it yet (extend schema-shape.ts)`,
    );
  }
  for (const other of declared.others) out.push(`${other}: declared in ${D}, not compared`);

  const names = [
    ...new Set([...Object.keys(migrated.tables), ...Object.keys(declared.tables)]),
  ].sort();
  for (const name of names) {
    const m = migrated.tables[name];
    const d = declared.tables[name];
    if (m && !d) {
      if (!(name in allowedTables))
        out.push(`table ${name}: created by ${M}, not declared in ${D}`);
      continue;
    }
    if (!m && d) {
      out.push(`table ${name}: declared in ${D}, not created by ${M}`);
      continue;
    }
    if (!m || !d) continue;
    if (name in allowedTables) {
      out.push(`table ${name}: declared in ${D} and also allow-listed as not declared`);
    }
    compareTable(name, m, d, out);
  }
  for (const name of Object.keys(allowedTables)) {
    if (!migrated.tables[name]) out.push(`allow-listed table ${name}: not created by ${M}`);
  }

  const allowedTriggers = allow.triggers ?? {};
  const seenTriggers = new Set<string>();
  for (const [table, shape] of Object.entries(migrated.tables)) {
    for (const [trigger, def] of Object.entries(shape.triggers)) {
      const key = `${table}.${trigger}`;
      seenTriggers.add(key);
      if (!(key in allowedTriggers)) {
        out.push(
          `trigger ${key}: created by ${M}, not in the drift test's trigger allow-list (${def})`,
        );
      }
    }
  }
  for (const key of Object.keys(allowedTriggers)) {
    if (!seenTriggers.has(key)) out.push(`allow-listed trigger ${key}: not created by ${M}`);
  }
  const allowedFunctions = allow.functions ?? {};
  for (const [name, signature] of Object.entries(migrated.functions)) {
    if (!(name in allowedFunctions)) {
      out.push(
        `function ${signature}: created by ${M}, not in the drift test's function allow-list`,
      );
    }
  }
  for (const name of Object.keys(allowedFunctions)) {
    if (!(name in migrated.functions))
      out.push(`allow-listed function ${name}: not created by ${M}`);
  }
  for (const signature of Object.values(declared.functions)) {
    out.push(`function ${signature}: declared in ${D}, not compared`);
  }
  return out;
}

function compareTable(table: string, m: TableShape, d: TableShape, out: string[]): void {
  const M = 'the migrations';
  const D = 'schema.ts';
  const show = (value: string | boolean | null) =>
    value === null ? 'none' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;

  for (const column of union(m.columns, d.columns)) {
    const mc = m.columns[column];
    const dc = d.columns[column];
    const where = `column ${table}.${column}`;
    if (!dc) {
      out.push(`${where}: in ${M} (${mc!.type}), not declared in ${D}`);
      continue;
    }
    if (!mc) {
      out.push(`${where}: declared in ${D} (${dc.type}), not in ${M}`);
      continue;
    }
    const fields: [string, keyof ColumnShape][] = [
      ['type', 'type'],
      ['NOT NULL', 'notNull'],
      ['default', 'default'],
      ['generated expression', 'generated'],
      ['identity', 'identity'],
      ['collation', 'collation'],
    ];
    for (const [label, key] of fields) {
      if (mc[key] !== dc[key]) {
        out.push(`${where}: ${label} differs: ${M} ${show(mc[key])}, ${D} ${show(dc[key])}`);
      }
    }
  }

  for (const [kind, mm, dd] of [
    ['constraint', m.constraints, d.constraints],
    ['index', m.indexes, d.indexes],
  ] as const) {
    for (const name of union(mm, dd)) {
      const where = `${kind} ${name} on ${table}`;
      if (!(name in dd)) out.push(`${where}: in ${M} (${mm[name]}), not declared in ${D}`);
      else if (!(name in mm)) out.push(`${where}: declared in ${D} (${dd[name]}), not in ${M}`);
      else if (mm[name] !== dd[name]) {
        out.push(`${where} differs: ${M} ${mm[name]}; ${D} ${dd[name]}`);
      }
    }
  }
}

function union(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
}

/**
 * `col = ANY (ARRAY['b'::text, 'a'::text])` with the array's items sorted: the order of a list of
 * allowed values means nothing, and domain/ keeps its lists in display order while an applied
 * migration may have spelled them in another.
 */
export function unorderedLists(definition: string): string {
  return definition.replace(
    /ARRAY\[((?:'(?:[^']|'')*'::text(?:, )?)+)\]/g,
    (_whole, items: string) => {
      const values = items.match(/'(?:[^']|'')*'::text/g) ?? [];
      return `ARRAY[${[...values].sort().join(', ')}]`;
    },
  );
}
