/**
 * `npm run org:create -- --name "Example Corp" --admin-email it@example.com [--admin-name "…"]
 * [--slug examplecorp]`: creates a real organization and its first administrator on the
 * configured database (DATABASE_URL, else the embedded one in DATA_DIR — stop the server first:
 * the embedded database serves one process) and prints the single-use link, valid 24 hours, where
 * the administrator chooses a password. The link's base is PUBLIC_URL (required in production).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { prepareDatabase } from '../bootstrap';
import { describeError } from '../system/background';
import { createOrganization, CreateOrgError } from './create-org';

const USAGE = `Usage: npm run org:create -- --name "Example Corp" --admin-email it@example.com [--admin-name "Ada Admin"] [--slug examplecorp]

Creates an organization and its first administrator, and prints a single-use link (valid 24 hours)
where the administrator chooses a password. Uses DATABASE_URL, or the embedded database in
DATA_DIR (default .data/; stop the server first). Links start with PUBLIC_URL (required when
NODE_ENV=production; otherwise http://localhost:PORT).`;

function fail(message: string): never {
  console.error(`org:create: ${message}`);
  process.exit(1);
}

const env = process.env;
const production = env.NODE_ENV === 'production';
let args;
try {
  args = parseArgs({
    options: {
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-name': { type: 'string' },
      slug: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.name || !args['admin-email']) fail(`--name and --admin-email are required.\n\n${USAGE}`);

const base = (env.PUBLIC_URL || (production ? '' : `http://localhost:${env.PORT ?? 8080}`)).replace(
  /\/+$/,
  '',
);
if (!base) fail("PUBLIC_URL is not set: the password link needs the portal's public address.");

let release = () => {};
if (!env.DATABASE_URL) {
  try {
    release = lockDataDir(path.resolve(env.DATA_DIR ?? '.data/'));
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    throw error;
  }
}
const handle = await openDatabase(
  env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { dataDir: path.resolve(env.DATA_DIR ?? '.data/') },
);
let code = 0;
try {
  // Migrates a new database; never adds demo data.
  await prepareDatabase(handle, { seedDemo: false });
  const created = await createOrganization(
    handle.db,
    {
      name: args.name,
      adminEmail: args['admin-email'],
      adminName: args['admin-name'],
      slug: args.slug,
    },
    new Date(),
  );
  console.log(
    [
      `Created organization ${created.org.name} (lookup name: ${created.org.slug}).`,
      `Its first administrator, ${created.admin.name} <${created.admin.email}>, chooses a password here`,
      `(single use, valid until ${created.expiresAt.toISOString()}):`,
      '',
      `  ${base}/update-password/${created.token}`,
      '',
      `Then sign in at ${base}/look-up with the organization name "${created.org.slug}".`,
      'Hand the link over privately: whoever opens it first becomes this administrator.',
    ].join('\n'),
  );
} catch (error) {
  code = 1;
  if (error instanceof CreateOrgError) console.error(`org:create: ${error.message}`);
  // describeError drops query parameters (they may hold the token's hash).
  else console.error('org:create failed:', describeError(error));
} finally {
  await handle.close();
  release();
}
process.exit(code);
