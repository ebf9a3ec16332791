/**
 * The browser half of `npm run bench` (README, 'Performance'), against the built portal (dist/) and
 * the real reference server on a fresh temporary DATA_DIR, in Debian's Chromium:
 *
 * 1. Lighthouse 12 (default mobile settings: simulated slow 4G, 4x CPU) on /look-up and on
 *    /dashboard signed in: performance, accessibility, best practices; the median of several runs.
 * 2. Interaction timing with the Event Timing API (Playwright): changing a dashboard filter and
 *    selecting all rows of a 100-row page, each from input to next paint, at 1x and 4x CPU
 *    throttling (CDP Emulation.setCPUThrottlingRate). Targets: 100 ms at 1x, 200 ms at 4x.
 *
 *   node --import tsx scripts/bench-web.ts   (needs `npx vite build` first; `npm run bench` runs it)
 *
 * Environment: BENCH_RUNS (interactions per scenario, 12), LIGHTHOUSE_RUNS (runs per page, the
 * median is reported, 5), BENCH_ONLY (`lighthouse` or `interactions`), CHROMIUM_PATH.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromium, type Page } from '@playwright/test';
import type * as Chromium from '../tests/support/chromium.cjs';

const require = createRequire(import.meta.url);
const { CHROMIUM_ARGS, requireChromium } =
  require('../tests/support/chromium.cjs') as typeof Chromium;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const ONLY = process.env.BENCH_ONLY;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const DEMO = { email: 'admin@acme.test', password: 'Portal-Demo-1!' };
export const INTERACTION_TARGETS_MS = { 1: 100, 4: 200 } as const;
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startServer(): Promise<{ base: string; stop: () => void }> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: run `npx vite build` first.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API: the session cookie and the body the portal keeps in localStorage. */
async function signIn(
  base: string,
): Promise<{ cookie: { name: string; value: string }; session: string }> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'portal' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const [pair] = setCookie.split(';');
  const [name, ...rest] = (pair ?? '').split('=');
  return { cookie: { name: name!.trim(), value: rest.join('=') }, session: await response.text() };
}

type Scores = Record<'performance' | 'accessibility' | 'best-practices', number>;

async function runLighthouse(
  base: string,
): Promise<Record<string, Scores & { lcpMs: number; tbtMs: number }>> {
  const browser = await puppeteer.launch({
    executablePath: requireChromium(),
    args: [...CHROMIUM_ARGS],
    headless: true,
  });
  const results: Record<string, Scores & { lcpMs: number; tbtMs: number }> = {};
  try {
    const { cookie, session } = await signIn(base);
    for (const [label, path, signedIn] of [
      ['/look-up', '/look-up', false],
      ['/dashboard (signed in)', '/dashboard', true],
    ] as const) {
      // Lighthouse's own advice for variable machines: run several times, report the median.
      const runs: (Scores & { lcpMs: number; tbtMs: number; failing: string[] })[] = [];
      // A run Lighthouse could not complete (runtimeError, e.g. no paint traced) is not a score:
      // it is reported and replaced, at most LIGHTHOUSE_RUNS extra times.
      for (let i = 0, failures = 0; i < LIGHTHOUSE_RUNS; i++) {
        const page = await browser.newPage();
        if (signedIn) {
          await page.goto(`${base}/look-up`);
          await page.setCookie({ ...cookie, url: base });
          await page.evaluate((value) => localStorage.setItem('portal:session', value), session);
        }
        const run = await lighthouse(
          `${base}${path}`,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            // Keep the signed-in cookie and localStorage (mobile defaults otherwise).
            disableStorageReset: signedIn,
          },
          undefined,
          page,
        );
        await page.close();
        if (!run) throw new Error(`Lighthouse gave no result for ${path}`);
        const { categories, audits, runtimeError } = run.lhr;
        if (runtimeError || categories.performance?.score == null) {
          failures += 1;
          console.error(
            `[lighthouse] ${path}: run failed (${runtimeError?.code ?? 'no performance score'}: ${runtimeError?.message ?? ''}), running again`,
          );
          if (failures > LIGHTHOUSE_RUNS) throw new Error(`Lighthouse kept failing on ${path}`);
          i -= 1;
          continue;
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
          failing: Object.values(audits)
            .filter(
              (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
            )
            .map((a) => a.id),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      const { failing, ...median } = runs[Math.floor(runs.length / 2)]!;
      results[label] = median;
      console.error(
        `[lighthouse] ${path}: performance ${runs.map((r) => r.performance).join(', ')} (median ${median.performance})`,
      );
      if (failing.length)
        console.error(`[lighthouse] ${path}: audits below 0.9: ${failing.join(', ')}`);
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The longest Event Timing entry (input → next paint) caused by `act`. */
async function timeInteraction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __eventDurations: number[];
      __eventObserver?: PerformanceObserver;
    };
    w.__eventDurations = [];
    w.__eventObserver?.disconnect();
    w.__eventObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__eventDurations.push(entry.duration);
    });
    w.__eventObserver.observe({
      type: 'event',
      durationThreshold: 16,
      buffered: false,
    } as PerformanceObserverInit);
  });
  await act();
  // Let the paint after the interaction happen and the observer report it.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
  );
  return page.evaluate(() => {
    const w = window as unknown as { __eventDurations: number[] };
    // Entries under the threshold are not reported: the interaction took at most 16 ms.
    return w.__eventDurations.length ? Math.max(...w.__eventDurations) : 16;
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function runInteractions(base: string) {
  const browser = await chromium.launch({
    executablePath: requireChromium(),
    args: [...CHROMIUM_ARGS],
  });
  const out: {
    scenario: string;
    cpu: number;
    p50: number;
    p95: number;
    max: number;
    target: number;
  }[] = [];
  try {
    const { cookie, session } = await signIn(base);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ ...cookie, url: base }]);
    await context.addInitScript((value) => localStorage.setItem('portal:session', value), session);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    for (const cpu of [1, 4] as const) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await page.goto(`${base}/dashboard?pageSize=100`);
      const rows = page.locator('table tbody tr');
      await rows.nth(99).waitFor();

      const filter: number[] = [];
      await page.getByRole('button', { name: /FILTERS/ }).click();
      for (let i = 0; i < RUNS; i++) {
        const item = page.getByRole('menuitemcheckbox', { name: 'Critical' });
        filter.push(await timeInteraction(page, () => item.click()));
        await page.waitForLoadState('networkidle');
      }
      await page.keyboard.press('Escape');

      await page.goto(`${base}/dashboard?pageSize=100`);
      await rows.nth(99).waitFor();
      const selectAll: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const box = page.getByRole('checkbox', { name: 'Select all rows' });
        selectAll.push(await timeInteraction(page, () => box.click()));
      }
      for (const [scenario, values] of [
        ['change a dashboard filter', filter],
        ['select all rows (100-row page)', selectAll],
      ] as const) {
        out.push({
          scenario,
          cpu,
          p50: percentile(values, 50),
          p95: percentile(values, 95),
          max: Math.max(...values),
          target: INTERACTION_TARGETS_MS[cpu],
        });
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = await startServer();
  let failed = false;
  try {
    if (ONLY !== 'interactions') {
      const scores = await runLighthouse(server.base);
      console.log('\n### Lighthouse 12 (mobile defaults, Debian Chromium)\n');
      console.log('| page | performance | accessibility | best practices | LCP | TBT |');
      console.log('|---|---|---|---|---|---|');
      for (const [page, s] of Object.entries(scores)) {
        console.log(
          `| ${page} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.lcpMs} ms | ${s.tbtMs} ms |`,
        );
        for (const [category, min] of Object.entries(LIGHTHOUSE_TARGETS)) {
          if (s[category as keyof Scores] < min) {
            failed = true;
            console.error(`  ${page}: ${category} ${s[category as keyof Scores]} < ${min}`);
          }
        }
      }
    }
    if (ONLY !== 'lighthouse') {
      const interactions = await runInteractions(server.base);
      console.log(`\n### Interactions: input → next paint (Event Timing), ${RUNS} runs each\n`);
      console.log('| interaction | CPU | p50 | p95 | max | target |');
      console.log('|---|---|---|---|---|---|');
      for (const r of interactions) {
        console.log(
          `| ${r.scenario} | ${r.cpu}x | ${r.p50} ms | ${r.p95} ms | ${r.max} ms | ${r.target} ms |`,
        );
        if (r.p95 > r.target) {
          failed = true;
          console.error(`  ${r.scenario} at ${r.cpu}x: p95 ${r.p95} ms > ${r.target} ms`);
        }
      }
    }
  } finally {
    server.stop();
  }
  if (failed) process.exitCode = 1;
}
