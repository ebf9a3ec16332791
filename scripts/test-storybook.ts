/**
 * Storybook interaction + axe tests against a static build.
 *
 *   node --import tsx scripts/test-storybook.ts [--no-build] [test-storybook args…]
 *
 * 1. build:  npx storybook build --quiet --test -o storybook-static   (skipped with --no-build)
 * 2. serve:  storybook-static on 127.0.0.1, a free port, node:http only
 * 3. test:   npx test-storybook --url http://127.0.0.1:PORT --maxWorkers=<cores> [args…]
 *
 * The build is Storybook's test build (`--test`: no docs pages, docgen or source maps, which no
 * test looks at; the a11y addon stays), made once and used by every story test. `npm run
 * build-storybook` makes the full one for people. One test-runner worker per core: each drives
 * its own page in the one shared Chromium.
 *
 * Extra args go to test-storybook (a story-file pattern, --json, --outputFile=<path>, -u, …).
 * Exits with the failing step's code and names the step; the server is always closed.
 *
 * Visual baselines (.storybook/__snapshots__, see .storybook/test-runner.ts): `-u` rewrites those
 * that differ and writes missing ones. Run with `-u` alone (`npm run test:visual:update`), it also
 * deletes the baselines of stories that no longer exist.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STATIC_DIR = resolve(ROOT, 'storybook-static');
const BASELINE_DIR = resolve(ROOT, '.storybook/__snapshots__');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

class StepError extends Error {
  constructor(
    readonly step: string,
    readonly code: number,
  ) {
    super(`${step} failed (exit code ${code})`);
  }
}

function log(message: string) {
  console.log(`\n[test-storybook] ${message}`);
}

function run(
  step: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<void> {
  log(`${step}: ${command} ${args.join(' ')}`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(error);
      reject(new StepError(step, 1));
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (code === 0) resolvePromise();
      else reject(new StepError(step, code ?? (signal ? 128 : 1)));
    });
  });
}

/** Serves STATIC_DIR; directories map to their index.html; nothing outside it is reachable. */
function serveStatic(): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(STATIC_DIR, pathname));
    if (file !== STATIC_DIR && !file.startsWith(STATIC_DIR + sep)) {
      res.writeHead(403).end('Forbidden');
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolvePromise(server));
  });
}

/**
 * `--outputFile <path>` / `--outputFile=<path>` (Jest's JSON report, with --json). test-storybook
 * declares it as a flag without a value and cannot pass the path on to Jest reliably, so it goes
 * through STORYBOOK_TEST_OUTPUT_FILE into test-runner-jest.config.js.
 */
function splitOutputFile(args: string[]): { testArgs: string[]; outputFile: string | undefined } {
  const testArgs: string[] = [];
  let outputFile: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg.startsWith('--outputFile=')) outputFile = arg.slice('--outputFile='.length);
    else if (arg === '--outputFile') {
      outputFile = args[i + 1];
      i += 1;
    } else testArgs.push(arg);
  }
  return { testArgs, outputFile };
}

/** After a full `-u` run: deletes baselines whose story is no longer in the built index. */
function pruneBaselines() {
  if (!existsSync(BASELINE_DIR)) return;
  const index = JSON.parse(readFileSync(join(STATIC_DIR, 'index.json'), 'utf8')) as {
    entries: Record<string, { type: string }>;
  };
  const stories = new Set(
    Object.entries(index.entries)
      .filter(([, entry]) => entry.type === 'story')
      .map(([id]) => id),
  );
  // `<id>.png`, and `<id>.dark.png` for the dark theme (.storybook/test-runner.ts).
  const storyOf = (file: string) => file.slice(0, -'.png'.length).replace(/\.dark$/, '');
  const stale = readdirSync(BASELINE_DIR).filter(
    (file) => file.endsWith('.png') && !stories.has(storyOf(file)),
  );
  for (const file of stale) rmSync(join(BASELINE_DIR, file));
  if (stale.length)
    log(`deleted ${stale.length} baseline(s) of removed stories: ${stale.join(', ')}`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const build = !args.includes('--no-build');
  const { testArgs, outputFile } = splitOutputFile(args.filter((arg) => arg !== '--no-build'));
  // Every story is run and every baseline rewritten only when -u comes without a story pattern.
  const fullUpdate =
    testArgs.length > 0 && testArgs.every((arg) => arg === '-u' || arg === '--updateSnapshot');
  const started = Date.now();
  const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

  if (build) {
    const t = Date.now();
    await run('build', 'npx', [
      'storybook',
      'build',
      '--quiet',
      '--test',
      '-o',
      'storybook-static',
    ]);
    log(`build took ${seconds(t)}`);
  } else if (!existsSync(join(STATIC_DIR, 'index.json'))) {
    console.error(
      `[test-storybook] serve failed: ${STATIC_DIR} has no build; run without --no-build.`,
    );
    return 1;
  }

  let server: Server;
  try {
    server = await serveStatic();
  } catch (error) {
    console.error('[test-storybook] serve failed:', error);
    return 1;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  log(`serve: storybook-static at ${url}`);

  try {
    const t = Date.now();
    const workers = `--maxWorkers=${availableParallelism()}`;
    await run('test', 'npx', ['test-storybook', '--url', url, workers, ...testArgs], {
      ...(outputFile ? { STORYBOOK_TEST_OUTPUT_FILE: resolve(outputFile) } : {}),
    });
    log(`tests took ${seconds(t)}; total ${seconds(started)}`);
    if (fullUpdate) pruneBaselines();
    return 0;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof StepError) {
      console.error(`\n[test-storybook] ${error.step} step failed (exit code ${error.code}).`);
      process.exit(error.code);
    }
    console.error('\n[test-storybook] unexpected failure:', error);
    process.exit(1);
  },
);
