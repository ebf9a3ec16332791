/**
 * schema.ts and the SQL migrations describe one database: this test migrates an empty database,
 * builds what schema.ts declares next to it (a scratch schema in the same database), reads both
 * from PostgreSQL's catalogs and fails on any difference: tables, columns (type, NOT NULL,
 * default, generated expression), primary keys, foreign keys (with ON DELETE / ON UPDATE), unique
 * and CHECK constraints, and indexes (unique, partial, expression, collation, order), each named.
 * How it works: schema-shape.ts. The workflow for a new column, table, index or CHECK:
 * server/README.md, "Changing the schema".
 *
 * What SQL has and Drizzle cannot declare (triggers, their functions, the migrator's own table,
 * trigger-maintained columns) is listed below with its reason; anything new of that kind fails the
 * test until it is listed, and an entry that no longer matches fails it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bigserial,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import * as schema from './schema';
import type { DatabaseHandle } from '.';
import { loadMigrations, migrate } from './migrate';
import {
  compareShapes,
  declaredDdl,
  readSchemaShape,
  tablesOf,
  type Allowances,
} from './schema-shape';
import { openEmptyTestDatabase } from '../test-support';

/** Tables the migrations create that schema.ts does not declare. */
const TABLES: Allowances['tables'] = {
  // The migrator's own record of applied files (migrate.ts creates it); no query of ours reads it.
  schema_migrations: 'bookkeeping of server/db/migrate.ts',
};

/** Triggers (`table.trigger`): Drizzle has no way to declare them. */
const TRIGGERS: Allowances['triggers'] = {
  // 0002_devices.sql: devices.member_name / member_email copy the member's (a sort key with its
  // own index; the device list needs no join), and devices_version bumps on any device change.
  'devices.devices_copy_member': 'sets the member copies when member_id or org_id is written',
  'members.members_refresh_device_copies': "a member's new name or e-mail reaches the copies",
  'devices.devices_bump_version_insert': 'bumps organizations.devices_version (page anchors)',
  'devices.devices_bump_version_update': 'bumps organizations.devices_version (page anchors)',
  'devices.devices_bump_version_delete': 'bumps organizations.devices_version (page anchors)',
  // 0023_lists_under_change.sql: the Members page's cache key (server/members/directory.ts).
  'members.members_bump_version_insert': 'bumps organizations.members_version (list cache)',
  'members.members_bump_version_update': 'bumps organizations.members_version (list cache)',
  'members.members_bump_version_delete': 'bumps organizations.members_version (list cache)',
  'devices.devices_bump_members_version_insert': 'bumps organizations.members_version (status)',
  'devices.devices_bump_members_version_update': 'bumps organizations.members_version (status)',
  'devices.devices_bump_members_version_delete': 'bumps organizations.members_version (status)',
  // 0005_alerts.sql: an alert keeps the device's label and member as they were at scan time.
  'alerts.alerts_copy_device': 'copies the device label and member name into a new alert',
  // 0013_audit.sql: the audit log is append-only (docs/decisions/018-audit-log.md).
  'audit_events.audit_events_append_only': 'refuses UPDATE and DELETE but for retention',
  'audit_checkpoints.audit_checkpoints_append_only': 'refuses UPDATE and DELETE but for retention',
};

/** Functions (PL/pgSQL): the triggers' bodies above. */
const FUNCTIONS: Allowances['functions'] = {
  devices_copy_member: 'trigger devices.devices_copy_member',
  members_refresh_device_copies: 'trigger members.members_refresh_device_copies',
  devices_bump_version: 'triggers devices.devices_bump_version_*',
  members_bump_version: 'triggers members.members_bump_version_*, devices_bump_members_version_*',
  alerts_copy_device: 'trigger alerts.alerts_copy_device',
  audit_events_append_only: 'triggers audit_events / audit_checkpoints *_append_only',
};

/**
 * Columns a trigger fills, which schema.ts declares `generatedAlwaysAs` only so that Drizzle never
 * writes them (an update of the copy alone would go stale: the trigger runs on member_id/org_id).
 * In the database they are ordinary columns; the comparison treats them as such.
 */
const WRITE_GUARDED = new Set(['devices.member_name', 'devices.member_email']);

const ALLOW: Allowances = { tables: TABLES, triggers: TRIGGERS, functions: FUNCTIONS };
const SCRATCH = 'drift_declared';
const ROLLBACK = new Error('rollback');

let handle: DatabaseHandle;

/**
 * Every difference between the migrated `public` schema and what `tables` declare. Runs in one
 * transaction that is always rolled back: `changeMigrated` (SQL run on the migrated schema first)
 * and the scratch schema leave nothing behind.
 */
async function drift(tables = tablesOf(schema), changeMigrated?: string): Promise<string[]> {
  let differences: string[] = [];
  await handle.runner
    .transaction(async (q) => {
      if (changeMigrated) await q.exec(changeMigrated);
      await q.exec(`CREATE SCHEMA ${SCRATCH}`);
      await q.exec(`SET LOCAL search_path TO ${SCRATCH}`);
      for (const statement of declaredDdl(tables, { writeGuarded: WRITE_GUARDED })) {
        try {
          await q.exec(statement);
        } catch (error) {
          throw new Error(
            `schema.ts rendered SQL that PostgreSQL refused: ${String(error)}\n${statement}`,
          );
        }
      }
      const declared = await readSchemaShape(q, SCRATCH);
      const migrated = await readSchemaShape(q, 'public');
      differences = compareShapes(migrated, declared, ALLOW);
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return differences;
}

beforeAll(async () => {
  // An empty database (PGlite, or PostgreSQL with TEST_DATABASE_URL), migrated from nothing by
  // the migrator the server uses. Not the seeded test database: the seed is written against
  // schema.ts and would fail first when schema.ts has drifted.
  handle = await openEmptyTestDatabase();
  expect(await migrate(handle.runner)).toEqual(loadMigrations().map((m) => m.name));
});

afterAll(async () => {
  await handle?.close();
});

describe('schema.ts and the migrations', () => {
  it('declare the same tables, columns, keys, constraints and indexes', async () => {
    expect(
      await drift(),
      'schema.ts and server/db/migrations disagree (server/README.md, "Changing the schema")',
    ).toEqual([]);
  });
});

// The comparison itself: every kind of drift it exists for is reported, by name. One changed
// database and one changed schema.ts, each in a transaction that is rolled back. Differences the
// real schema.ts already has are left out here: the test above reports those, once.
describe('the drift comparison', () => {
  let existing: Set<string>;
  const drifted = async (...args: Parameters<typeof drift>) =>
    (await drift(...args)).filter((difference) => !existing.has(difference));
  beforeAll(async () => {
    existing = new Set(await drift());
  });

  it('names what only a migration changed', async () => {
    const differences = await drifted(
      tablesOf(schema),
      `
      CREATE INDEX outbox_to_address_idx ON outbox (to_address);
      ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
      ALTER TABLE outbox ALTER COLUMN subject DROP NOT NULL;
      ALTER TABLE webhooks ALTER COLUMN url SET DEFAULT 'https://example.test/';
      ALTER TABLE sessions DROP CONSTRAINT sessions_user_id_fkey,
        ADD FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT;
      ALTER TABLE devices DROP CONSTRAINT devices_platform_check,
        ADD CONSTRAINT devices_platform_check CHECK (platform IN ('ios', 'android', 'web'));
      ALTER TABLE payment_methods ADD CHECK (exp_year > 2001);
      ALTER TABLE sso_directory_users DROP CONSTRAINT sso_directory_users_org_id_external_id_key;
      DROP INDEX members_ca_blocked_idx;
      CREATE INDEX members_ca_blocked_idx ON members (org_id) WHERE NOT ca_blocked;
      DROP INDEX devices_code_order_idx;
      CREATE INDEX devices_code_order_idx ON devices (org_id, code, id);
      CREATE TABLE audit_log (id serial PRIMARY KEY);
      CREATE VIEW open_alerts AS SELECT * FROM alerts WHERE status = 'Open';
      CREATE FUNCTION outbox_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RETURN NEW; END;
      $$;
      CREATE TRIGGER outbox_stamp BEFORE INSERT ON outbox
        FOR EACH ROW EXECUTE FUNCTION outbox_stamp();
      `,
    );
    expect(differences).toEqual([
      'view open_alerts: in the migrations, and the drift test does not compare it yet (extend schema-shape.ts)',
      'table audit_log: created by the migrations, not declared in schema.ts',
      "constraint devices_platform_check on devices differs: the migrations CHECK ((platform = ANY (ARRAY['android'::text, 'ios'::text, 'web'::text]))); schema.ts CHECK ((platform = ANY (ARRAY['android'::text, 'ios'::text])))",
      'index devices_code_order_idx on devices differs: the migrations CREATE INDEX devices_code_order_idx ON devices USING btree (org_id, code, id); schema.ts CREATE INDEX devices_code_order_idx ON devices USING btree (org_id, code COLLATE "C", id)',
      'index members_ca_blocked_idx on members differs: the migrations CREATE INDEX members_ca_blocked_idx ON members USING btree (org_id) WHERE (NOT ca_blocked); schema.ts CREATE INDEX members_ca_blocked_idx ON members USING btree (org_id) WHERE ca_blocked',
      'column outbox.attempts: in the migrations (integer), not declared in schema.ts',
      'column outbox.subject: NOT NULL differs: the migrations no, schema.ts yes',
      'index outbox_to_address_idx on outbox: in the migrations (CREATE INDEX outbox_to_address_idx ON outbox USING btree (to_address)), not declared in schema.ts',
      'constraint payment_methods_exp_year_check1 on payment_methods: in the migrations (CHECK ((exp_year > 2001))), not declared in schema.ts',
      'constraint sessions_user_id_fkey on sessions differs: the migrations FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE RESTRICT; schema.ts FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE',
      'constraint sso_directory_users_org_id_external_id_key on sso_directory_users: declared in schema.ts (UNIQUE (org_id, external_id)), not in the migrations',
      "column webhooks.url: default differs: the migrations 'https://example.test/'::text, schema.ts none",
      "trigger outbox.outbox_stamp: created by the migrations, not in the drift test's trigger allow-list (CREATE TRIGGER outbox_stamp BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_stamp())",
      "function outbox_stamp() returns trigger: created by the migrations, not in the drift test's function allow-list",
    ]);
  });

  it('names what only schema.ts declares', async () => {
    // outbox as schema.ts declares it, with a new column, a NULL-able one, an index in another
    // order; and a new table, and one gone.
    const outbox = pgTable(
      'outbox',
      {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        toAddress: text('to_address').notNull(),
        subject: text('subject'),
        text: text('text').notNull(),
        sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
        html: text('html'),
        messageId: text('message_id'),
        retries: integer('retries').notNull().default(0),
      },
      (t) => [index('outbox_sent_at_idx').on(t.sentAt.desc())],
    );
    const auditLog = pgTable('audit_log', { id: serial('id').primaryKey() });
    const tables = [
      ...tablesOf(schema).filter(
        (t) => ![schema.outbox, schema.loginThrottle].includes(t as never),
      ),
      outbox,
      auditLog,
    ];
    expect(await drifted(tables)).toEqual([
      'table audit_log: declared in schema.ts, not created by the migrations',
      'table login_throttle: created by the migrations, not declared in schema.ts',
      'column outbox.retries: declared in schema.ts (integer), not in the migrations',
      'column outbox.subject: NOT NULL differs: the migrations yes, schema.ts no',
      'index outbox_sent_at_idx on outbox differs: the migrations CREATE INDEX outbox_sent_at_idx ON outbox USING btree (sent_at); schema.ts CREATE INDEX outbox_sent_at_idx ON outbox USING btree (sent_at DESC NULLS LAST)',
    ]);
  });

  it('refuses what it cannot compare, and stale allow-list entries', () => {
    const items = pgEnum('item', ['a', 'b']);
    expect(() => tablesOf({ items })).toThrow(/cannot render the export items/);
    const withEnum = pgTable('with_enum', { item: items('item') });
    expect(() => declaredDdl([withEnum])).toThrow(/pgEnum column with_enum\.item/);
    // A write-guarded column that schema.ts no longer declares generatedAlwaysAs.
    const plain = pgTable('devices', { memberName: text('member_name') });
    expect(() => declaredDdl([plain], { writeGuarded: new Set(['devices.member_name']) })).toThrow(
      /write-guarded but not declared generatedAlwaysAs in schema.ts: devices.member_name/,
    );
    const empty = { tables: {}, functions: {}, others: [] };
    expect(
      compareShapes(empty, empty, {
        tables: { gone: 'x' },
        triggers: { 'devices.gone': 'x' },
        functions: { gone: 'x' },
      }),
    ).toEqual([
      'allow-listed table gone: not created by the migrations',
      'allow-listed trigger devices.gone: not created by the migrations',
      'allow-listed function gone: not created by the migrations',
    ]);
  });
});
