import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import type * as Chromium from './tests/support/chromium.cjs';

const require = createRequire(import.meta.url);
const { CHROMIUM_ARGS, requireChromium } =
  require('./tests/support/chromium.cjs') as typeof Chromium;

/**
 * End-to-end tests: the built portal and the real reference server, started fresh on a temporary
 * DATA_DIR (so the demo seed is pristine), driven in Debian's Chromium.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// Playwright loads this file in every worker: create the directory once, in the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One worker per core (each drives its own Chromium against the one server).
  workers: availableParallelism(),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    // The CSRF header the portal's API client sends on every call (server/http/csrf.ts): the tests'
    // direct API calls (`request.post('/api/…')`) need it too. Browser pages send it as well,
    // which changes nothing for our own origin (no cross-origin calls in these tests).
    extraHTTPHeaders: { 'X-Requested-With': 'portal' },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: requireChromium(), args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'development',
    },
  },
});
