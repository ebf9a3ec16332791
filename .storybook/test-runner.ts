import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import { toMatchImageSnapshot, type MatchImageSnapshotOptions } from 'jest-image-snapshot';
import type { Page } from 'playwright';

/**
 * Accessibility: axe runs on every story already: @storybook/addon-a11y (Storybook 10) runs axe
 * in its `afterEach` and reports to the test-runner, which fails the story when
 * `parameters.a11y.test === 'error'` (set globally in preview.tsx). Running axe-playwright here
 * as well would check every story twice, so this file only enforces our rule on opting out:
 * a story may switch axe off (`a11y.disable` or `a11y.test: 'off' | 'todo'`) only with a written
 * `a11y.reason`.
 *
 * Visual regression: then the story's page is screenshotted and compared with the committed
 * baseline `.storybook/__snapshots__/<story id>.png` (jest-image-snapshot). A missing baseline is
 * written, except in CI (Jest's `ci` option, on when `CI` is set), where it fails; `-u`
 * (`npm run test:visual:update`) rewrites the baselines that differ. `VISUAL_SNAPSHOTS=off` skips
 * the screenshots (for a machine whose fonts differ from the baselines' Debian ones). A story may
 * opt out only with `visual: { disable: true, reason: '…' }`.
 *
 * Determinism, in order of the things that would otherwise make a screenshot differ:
 * - the clock: preview.tsx freezes it at the fixtures' "now" before every story (frozen-clock.ts);
 * - the page: 1024×768 at device scale factor 1, UTC, en-US (test-runner-jest.config.js), scrolled
 *   to the top before each story, whole page captured (dialogs live in portals outside the root);
 * - fonts and iframes loaded (sandboxed iframes render in the page's own process:
 *   test-runner-jest.config.js), the story's requests answered (up to FETCH_WAIT_MS: some stories
 *   keep one pending on purpose), CSS animations and transitions finished or cancelled, caret
 *   hidden;
 * - focus: a control disabled while a request runs loses focus when the answer arrives, not at
 *   Chromium's next frame, which may or may not come first (installPageHooks);
 * - toasts: hidden unless the story sets `visual: { toasts: true }` (auto-closing ones may or
 *   may not still be there when the shot is taken);
 * - a screenshot identical to the baseline passes at once; otherwise two consecutive screenshots
 *   must be identical before the second one is compared (the page has settled), like
 *   Playwright's own `toHaveScreenshot`. New baselines always come from a settled page.
 *
 * Fonts: the stories draw only with the portal's bundled faces (ui/fonts.css; preview.tsx loads
 * them before the first story), never with the machine's, so the baselines hold on any machine
 * with this Chromium (docs/decisions/014-bundled-typeface.md).
 *
 * Dark theme (docs/decisions/061-dark-mode.md): after the light screenshot, every story is drawn
 * again with `dark` on <html> (what the portal's theme switch and Storybook's toolbar do), axe's
 * colour rules run on it (the addon's axe ran in light only), and it is compared with its own
 * baseline `.storybook/__snapshots__/<story id>.dark.png`. Transitions are off while the class is
 * switched, so neither axe nor the screenshot sees a colour half-way. The class is removed again
 * before the next story.
 *
 * Speed: one screenshot per story and theme, and a screenshot byte for byte equal to its baseline (nearly
 * every story, every run) is not decoded and compared pixel by pixel: jest-image-snapshot's PNG
 * decoding and pixelmatch took 0.3–6 s per story on this machine, more than rendering the story.
 * Any other screenshot goes through the full comparison below.
 */

/** The browser window every story renders in (also set as the context's viewport). */
const VISUAL_VIEWPORT = { width: 1024, height: 768 } as const;

/** Relative to the working directory, which is the repository root for test-storybook. */
const BASELINE_DIR = resolve('.storybook/__snapshots__');
/** Diff images (baseline | difference | new) of failing stories; test-results/ is gitignored. */
const DIFF_DIR = resolve('test-results/visual-diffs');

const FETCH_WAIT_MS = 1_000;
const SETTLE_ATTEMPTS = 10;
const SETTLE_INTERVAL_MS = 50;

/**
 * Pixel comparison. Measured here (same Chromium, all stories, repeated runs compared with zero
 * tolerance): about 1 story in 30 differs, by 1–22 pixels, nearly all by 1–2 levels of one colour
 * channel (shadow and anti-aliasing rounding); with pixelmatch's per-pixel threshold at 0.1
 * (its own default; jest-image-snapshot's is 0.01) at most 1 pixel differed. So: threshold 0.1, and
 * an image fails from 6 differing pixels on. A changed word, colour, border or 1 px shift changes
 * hundreds.
 */
const COMPARISON: MatchImageSnapshotOptions = {
  comparisonMethod: 'pixelmatch',
  customDiffConfig: { threshold: 0.1 },
  failureThreshold: 5,
  failureThresholdType: 'pixel',
};

/** The story's `parameters.visual`. */
interface VisualParameters {
  /** Skip the screenshot; needs `reason`. */
  disable?: boolean;
  reason?: string;
  /** Keep the toast area in the screenshot (only where toasts stay open until dismissed). */
  toasts?: boolean;
}

const HIDE_TOASTS = '[data-slot="toast-viewport"] { visibility: hidden !important; }';

/** The families of ui/fonts.css: every visible text of a story is set in one of them. */
const BUNDLED_FAMILIES = ['Inter Variable', 'JetBrains Mono'];

/**
 * The visible elements with text of their own (and form fields) whose font-family does not start
 * with a bundled family, e.g. a widget that sets `font-family: system-ui` or a serif. The e2e
 * suite checks the fonts actually drawn (tests/e2e/fonts.spec.ts); this cheap check runs on every
 * story. Iframes (the e-mail preview, by design in the recipient's fonts) are other documents.
 */
function unbundledFontElements(families: string[]): string[] {
  const first = (fontFamily: string) =>
    fontFamily
      .split(',')[0]!
      .trim()
      .replace(/^["']|["']$/g, '');
  const offenders: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
    const field = el.matches('input, textarea, select');
    if ((!ownText && !field) || !el.checkVisibility()) continue;
    const family = getComputedStyle(el).fontFamily;
    if (!families.includes(first(family))) {
      const text = (el.textContent || (el as HTMLInputElement).value || '').trim().slice(0, 30);
      offenders.push(`<${el.localName}> "${text}": ${family}`);
    }
  }
  return offenders;
}

/** The requests in flight that the current story started (see installPageHooks). */
interface FetchCounter {
  pending: number;
  story: number;
}

/**
 * Once per page, before the first story renders, wrap `fetch`:
 * - count the requests in flight that the current story started, so its screenshot can wait for
 *   the answers. Requests of earlier stories in the same page are not counted: a story that keeps
 *   one pending on purpose (a loading state) would otherwise make every later story of its file
 *   wait FETCH_WAIT_MS for an answer that never comes;
 * - when an answer arrives, before the app sees it, blur the focused control if it is disabled.
 *   Chromium moves focus off a disabled control at its next rendering update (the focus fixup
 *   rule), so a submit button disabled while busy and enabled again by a quick answer kept or lost
 *   its focus ring depending on whether a frame was drawn in between. This way a control that
 *   waited for the network always loses it; one enabled again without a request keeps it, as in
 *   Chromium.
 */
function installPageHooks() {
  const w = window as Window & { __visualFetches?: FetchCounter };
  if (w.__visualFetches) return;
  const counter: FetchCounter = { pending: 0, story: 0 };
  w.__visualFetches = counter;
  const realFetch = w.fetch.bind(w);
  w.fetch = (...args: Parameters<typeof fetch>) => {
    const story = counter.story;
    counter.pending += 1;
    return realFetch(...args).finally(() => {
      if (story === counter.story) counter.pending -= 1;
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused.matches(':disabled')) focused.blur();
    });
  };
}

/** preVisit: before the story renders. */
async function prepareVisual(page: Page): Promise<void> {
  await page.setViewportSize(VISUAL_VIEWPORT);
  await page.evaluate(installPageHooks);
  await page.evaluate(() => {
    const counter = (window as Window & { __visualFetches?: FetchCounter }).__visualFetches!;
    counter.story += 1;
    counter.pending = 0;
    window.scrollTo(0, 0);
  });
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Iframes (the e-mail preview's srcdoc) load on their own.
  await Promise.all(
    page
      .frames()
      .map((frame) =>
        frame.waitForLoadState('load', { timeout: FETCH_WAIT_MS }).catch(() => undefined),
      ),
  );
  await page
    .waitForFunction(
      () =>
        ((window as Window & { __visualFetches?: FetchCounter }).__visualFetches?.pending ?? 0) ===
        0,
      undefined,
      { timeout: FETCH_WAIT_MS, polling: 20 },
    )
    .catch(() => undefined);
}

/**
 * A screenshot of the settled page. When the first one is byte for byte the baseline, that is
 * it (the usual case: one screenshot per story). Otherwise screenshots are taken until two in a
 * row are identical, and that one is compared (or written as a new baseline). `identical`: the
 * image is byte for byte the baseline.
 */
async function stableScreenshot(
  page: Page,
  visual: VisualParameters,
  baseline: Buffer | null,
): Promise<{ image: Buffer; identical: boolean }> {
  await settle(page);
  const shoot = () =>
    page.screenshot({
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      ...(visual.toasts ? {} : { style: HIDE_TOASTS }),
    });
  let previous = await shoot();
  if (baseline?.equals(previous)) return { image: previous, identical: true };
  for (let attempt = 1; attempt < SETTLE_ATTEMPTS; attempt += 1) {
    await page.waitForTimeout(SETTLE_INTERVAL_MS);
    const next = await shoot();
    if (next.equals(previous)) return { image: next, identical: baseline?.equals(next) ?? false };
    previous = next;
  }
  throw new Error(
    `The page kept changing over ${SETTLE_ATTEMPTS} screenshots; ` +
      'find what moves (a timer, an animation driven by JavaScript, a request that never ends) ' +
      "or opt out with parameters.visual = { disable: true, reason: '…' }.",
  );
}

/** Baseline of a story's dark-theme screenshot: `<story id>.dark.png`. */
const DARK_SUFFIX = '.dark';

/** The axe rules whose outcome depends on colours: re-run in the dark theme. */
const DARK_AXE_RULES = ['color-contrast', 'link-in-text-block'];
/** Storybook's own elements, which the addon's axe run leaves out too. */
const AXE_EXCLUDE = ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'];
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const NO_TRANSITIONS =
  '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }';

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Switches the page's theme class with transitions off, so colours change in one step. */
async function setDarkClass(page: Page, on: boolean): Promise<void> {
  const style = await page.addStyleTag({ content: NO_TRANSITIONS });
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    // Apply the styles now, while transitions are off.
    void getComputedStyle(document.documentElement).color;
  }, on);
  await style.evaluate((node) => node.remove());
}

/** axe's colour rules on the page as it is now; the violations, formatted, or []. */
async function darkContrastViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(
    async ({ rules, exclude }) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
        .axe;
      const result = (await axe.run(
        { include: [document.body], exclude: exclude.map((selector) => [selector]) },
        { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] },
      )) as { violations: AxeViolation[] };
      return result.violations;
    },
    { rules: DARK_AXE_RULES, exclude: AXE_EXCLUDE },
  );
  return violations.flatMap((v) =>
    v.nodes.map((node) =>
      `${v.id} (${v.help}): ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`.trim(),
    ),
  );
}

/** Compares (or writes) one screenshot against its baseline file `<identifier>.png`. */
async function compareScreenshot(
  page: Page,
  visual: VisualParameters,
  identifier: string,
): Promise<void> {
  const baselinePath = join(BASELINE_DIR, `${identifier}.png`);
  const baseline = existsSync(baselinePath) ? readFileSync(baselinePath) : null;
  const { image, identical } = await stableScreenshot(page, visual, baseline);
  // The same bytes as the baseline: the same pixels, nothing to compare (see "Speed" above).
  if (identical) return;
  expect(image).toMatchImageSnapshot({
    ...COMPARISON,
    customSnapshotsDir: BASELINE_DIR,
    customSnapshotIdentifier: identifier,
    customDiffDir: DIFF_DIR,
    // Compare in the test process: a child process per story would add ~0.2 s each.
    runInProcess: true,
  });
}

const hasReason = (reason: unknown) => typeof reason === 'string' && reason.trim().length > 0;

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },

  async preVisit(page) {
    await prepareVisual(page);
  },

  async postVisit(page, context) {
    const { parameters } = await getStoryContext(page, context);
    const story = `${context.title} › ${context.name}`;

    const a11y = (parameters.a11y ?? {}) as { disable?: boolean; test?: string; reason?: unknown };
    const optedOut = a11y.disable === true || (a11y.test !== undefined && a11y.test !== 'error');
    if (optedOut && !hasReason(a11y.reason)) {
      throw new Error(
        `${story}: axe is switched off without a reason. ` +
          "Add parameters.a11y.reason: '…' explaining why, or remove the opt-out.",
      );
    }

    if (!(context as { hasFailure?: boolean }).hasFailure) {
      const offenders = await page.evaluate(unbundledFontElements, BUNDLED_FAMILIES);
      if (offenders.length) {
        throw new Error(
          `${story}: text outside the bundled fonts (${BUNDLED_FAMILIES.join(', ')}; ui/fonts.css):\n  ` +
            offenders.slice(0, 10).join('\n  '),
        );
      }
    }

    const visual = (parameters.visual ?? {}) as VisualParameters;
    if (visual.disable === true && !hasReason(visual.reason)) {
      throw new Error(
        `${story}: the visual snapshot is switched off without a reason. ` +
          "Add parameters.visual.reason: '…' explaining why, or remove the opt-out.",
      );
    }
    // A failed story already reports its error; a screenshot of it would only add noise.
    if ((context as { hasFailure?: boolean }).hasFailure) return;

    const screenshots = visual.disable !== true && process.env.VISUAL_SNAPSHOTS !== 'off';

    if (screenshots) await compareScreenshot(page, visual, context.id);

    // The same story in the dark theme: axe's colour rules, then its own baseline.
    await setDarkClass(page, true);
    try {
      if (!optedOut) {
        await settle(page);
        const violations = await darkContrastViolations(page);
        if (violations.length) {
          throw new Error(
            `${story}: axe in the dark theme (docs/decisions/061-dark-mode.md):\n  ` +
              violations.slice(0, 10).join('\n  '),
          );
        }
      }
      if (screenshots) await compareScreenshot(page, visual, `${context.id}${DARK_SUFFIX}`);
    } finally {
      await setDarkClass(page, false);
    }
  },
};

export default config;
