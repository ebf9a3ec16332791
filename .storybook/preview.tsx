import '../ui/styles.css';

import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';

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

const preview: Preview = {
  loaders: [mswLoader(startWorker)],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: {
      // Violations fail `npm run test:storybook` (the test-runner reads the addon's report).
      // A story may opt out only with `a11y: { disable: true, reason: '…' }`; see .storybook/test-runner.ts.
      test: 'error',
    },
  },
};

export default preview;
