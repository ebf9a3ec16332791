/**
 * `npm test`: every check a change must pass, in the order that fails fastest.
 *
 *   typecheck → lint → unit (Vitest) → build → size budgets → Storybook (build + test-runner: interactions, axe)
 *   → end to end (Playwright, real server on a temporary DATA_DIR, Debian Chromium)
 *
 * Stops at the first failing step, names it, and ends with one line counting the tests run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'portal-test-reports-'));

interface Counts {
  passed: number;
  failed: number;
}
interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads the step's JSON report, when it writes one. */
  counts?: () => Counts;
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

const jestLike = (file: string) => (): Counts => {
  const r = readJson<{ numPassedTests: number; numFailedTests: number }>(file);
  return { passed: r?.numPassedTests ?? 0, failed: r?.numFailedTests ?? 0 };
};

const steps: Step[] = [
  { name: 'chromium', command: ['node', '--import', 'tsx', 'scripts/check-chromium.ts'] },
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  {
    name: 'unit',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'unit.json')}`,
    ],
    counts: jestLike(join(reports, 'unit.json')),
  },
  { name: 'build', command: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  { name: 'size', command: ['node', '--import', 'tsx', 'scripts/bundle-size.ts'] },
  {
    name: 'storybook',
    command: [
      'node',
      '--import',
      'tsx',
      'scripts/test-storybook.ts',
      '--json',
      `--outputFile=${join(reports, 'storybook.json')}`,
    ],
    counts: jestLike(join(reports, 'storybook.json')),
  },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    counts: () => {
      const r = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
        join(reports, 'e2e.json'),
      );
      return {
        passed: (r?.stats.expected ?? 0) + (r?.stats.flaky ?? 0),
        failed: r?.stats.unexpected ?? 0,
      };
    },
  },
];

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    const child = spawn(command!, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const only = process.argv.slice(2);
const started = Date.now();
const total: Counts = { passed: 0, failed: 0 };
let failedStep: string | null = null;
const timings: string[] = [];

for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  console.log(`\n━━ ${step.name} ━━ ${step.command.join(' ')}`);
  const t0 = Date.now();
  const code = await run(step);
  timings.push(`${step.name} ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  if (step.counts) {
    const c = step.counts();
    total.passed += c.passed;
    total.failed += c.failed;
  }
  if (code !== 0) {
    failedStep = step.name;
    if (total.failed === 0) total.failed = 1;
    break;
  }
}

rmSync(reports, { recursive: true, force: true });
console.log(
  `\n━━ timings: ${timings.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
if (failedStep) console.error(`npm test failed at step "${failedStep}".`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(failedStep ? 1 : 0);
