// Jest config of the Storybook test-runner (`test-storybook` picks up ./test-runner-jest*).
// package.json has "type": "module", so this file is ESM; Jest 30 loads ESM configs through
// dynamic import, the same way the test-runner's own default config (also ESM) is loaded.
import { createRequire } from 'node:module';

import { getJestConfig } from '@storybook/test-runner';

const require = createRequire(import.meta.url);
/** @type {typeof import('./tests/support/chromium.cjs')} */
const { CHROMIUM_ARGS, requireChromium } = require('./tests/support/chromium.cjs');

const testRunnerConfig = getJestConfig();
const playwrightOptions = testRunnerConfig.testEnvironmentOptions?.['jest-playwright'] ?? {};

/** @type {import('@jest/types').Config.InitialOptions} */
export default {
  ...testRunnerConfig,
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...playwrightOptions,
      // Debian's Chromium, not a Playwright-downloaded browser.
      browsers: ['chromium'],
      launchOptions: {
        executablePath: requireChromium(),
        // Sandboxed iframes (the e-mail preview) in the page's own renderer process rather than in
        // one of their own, which can paint late under load and leave the preview blank in a
        // visual snapshot. The sandbox's restrictions are unchanged.
        // --hide-scrollbars: an overlay scrollbar flashes when a scroll region's content grows
        // (DataTable's progressive rows) and fades on a timer no CSS can switch off; caught
        // mid-fade it made a 175-pixel difference in CI. Screenshots never show scrollbars.
        args: [
          ...CHROMIUM_ARGS,
          '--disable-features=IsolateSandboxedIframes',
          '--hide-scrollbars',
        ],
      },
      // The same page everywhere, for the visual snapshots (.storybook/visual.ts): window size,
      // device scale factor 1 (small PNGs), and dates formatted in one time zone and locale.
      contextOptions: {
        ...playwrightOptions.contextOptions,
        viewport: { width: 1024, height: 768 },
        deviceScaleFactor: 1,
        timezoneId: 'UTC',
        locale: 'en-US',
      },
    },
  },
  // A story that renders and plays in well under a second should never need more, even drawn
  // twice (light, then the dark theme's axe run and screenshot: docs/decisions/061-dark-mode.md)
  // on a busy shared machine.
  testTimeout: 60_000,
  // `test-storybook` declares --outputFile as a flag without a value, so a path given on its
  // command line lands in the wrong place; scripts/test-storybook.ts passes it this way instead
  // (used with --json).
  ...(process.env.STORYBOOK_TEST_OUTPUT_FILE
    ? { outputFile: process.env.STORYBOOK_TEST_OUTPUT_FILE }
    : {}),
};
