// First: the frozen clock must be in place before anything else, story files included, evaluates.
import { resetStorybookClock } from './frozen-clock';
import '../ui/styles.css';

import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import * as React from 'react';

import { applyTheme } from '../ui/lib/theme';

/**
 * MSW: one worker for the whole Storybook, started on the first story. Screen stories pass
 * `parameters.msw.handlers` (built from contract/ fixtures); requests without a handler go to
 * the network untouched. msw-storybook-addon 3 has no `initialize()`: the setup function given
 * to `mswLoader` replaces it.
 */
const startWorker = async () => {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    onUnhandledRequest: 'bypass',
    // Relative, so a Storybook published under a sub-path still finds the worker.
    serviceWorker: { url: './mockServiceWorker.js' },
  });
  return worker;
};

/**
 * The bundled faces (ui/fonts.css), loaded before the first story renders: every story draws its
 * first frame in the portal's own fonts, never in a fallback, so interaction tests measure the
 * final layout and screenshots never catch a swap. After the first story this resolves at once.
 */
// Inter is one variable file for every weight; 'latin' is the face a space character selects.
const BUNDLED_FONTS = ['1em "Inter Variable"', '1em "JetBrains Mono"'];
const fontsLoader = async () => {
  await Promise.all(BUNDLED_FONTS.map((font) => document.fonts.load(font)));
  return {};
};

/**
 * The toolbar's Theme switch (designers review every story in both themes): puts the same class
 * on <html> as the portal does (ui/lib/theme.ts). The test-runner switches the class itself for
 * its dark pass (test-runner.ts); this effect runs only when the story mounts or the switch
 * changes, so it never undoes that pass.
 */
function ThemeClass({ theme, children }: { theme: 'light' | 'dark'; children: React.ReactNode }) {
  React.useLayoutEffect(() => applyTheme(theme), [theme]);
  return children;
}
const withTheme: Decorator = (Story, { globals }) => (
  <ThemeClass theme={globals.theme === 'dark' ? 'dark' : 'light'}>
    <Story />
  </ThemeClass>
);

const preview: Preview = {
  loaders: [fontsLoader, mswLoader(startWorker)],
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme (docs/decisions/061-dark-mode.md)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  // Every story starts at the same instant (2026-11-20T14:05:00Z, the fixtures' "now"), whatever
  // ran before it in the same page; see frozen-clock.ts.
  beforeEach: () => {
    resetStorybookClock();
  },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: {
      // Violations fail `npm run test:storybook` (the test-runner reads the addon's report).
      // A story may opt out only with `a11y: { disable: true, reason: '…' }`; see .storybook/test-runner.ts.
      test: 'error',
    },
    // Every story is also screenshotted and compared with its baseline in .storybook/__snapshots__
    // (see .storybook/test-runner.ts). A story may opt out only with
    // `visual: { disable: true, reason: '…' }`; `visual: { toasts: true }` keeps the toast area in
    // the screenshot (hidden by default: auto-closing toasts come and go on their own timer).
  },
};

export default preview;
