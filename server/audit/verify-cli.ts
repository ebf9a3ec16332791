/**
 * `npm run audit:verify [-- --org slug]`: verifies the audit chains of the configured database
 * (DATABASE_URL at any time, else the embedded one in DATA_DIR — stop the server first: the
 * embedded database serves one process). Prints `audit chain ok: N events in M organizations` or
 * the first broken link, and exits 1 on a break (2 when it cannot run).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { describeError } from '../system/background';
import { describeVerification, hasAuditLog, verifyAuditChains } from './verify';

const USAGE = `Usage: npm run audit:verify [-- --org slug]

Walks the audit log's hash chain of every organization (or of one) in DATABASE_URL, or in the
embedded database in DATA_DIR (default .data/; stop the server first).`;

function fail(message: string): never {
  console.error(`audit:verify: ${message}`);
  process.exit(2);
}

const env = process.env;
let args;
try {
  args = parseArgs({
    options: { org: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

let release = () => {};
if (!env.DATABASE_URL) {
  try {
    release = lockDataDir(path.resolve(env.DATA_DIR ?? '.data/'));
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    throw error;
  }
}
let code = 0;
try {
  const handle = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: path.resolve(env.DATA_DIR ?? '.data/') },
  );
  try {
    if (!(await hasAuditLog(handle.db))) {
      console.log(
        'audit chain ok: 0 events in 0 organizations (no audit log in this database yet)',
      );
    } else {
      const result = await verifyAuditChains(handle.db, args.org ? { slug: args.org } : {});
      if (args.org && result.organizations === 0) {
        console.log(`audit chain ok: 0 events in 0 organizations (no log for '${args.org}')`);
      } else {
        const line = describeVerification(result);
        if (result.broken) {
          console.error(line);
          code = 1;
        } else console.log(line);
      }
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`audit:verify: ${describeError(error)}`);
  code = 2;
} finally {
  release();
}
process.exit(code);
