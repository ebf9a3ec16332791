// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';

/**
 * Folder boundaries of docs/architecture.md, enforced here rather than hoped for:
 *   domain/    → nothing: no package, no other folder (value lists and pure rules only)
 *   ui/        → domain/, nothing else of ours outside ui/; inside it, primitives/ never imports
 *                portal/, and lib/ neither (UI_ROOMS below)
 *   contract/  → domain/ and zod only
 *   app/       → ui/, contract/, domain/
 *   server/    → contract/, domain/
 */
const boundary = (target, allowed) => ({
  target,
  from: [
    './domain',
    './ui',
    './contract',
    './app',
    './server',
    './tests',
    './scripts',
    './.storybook',
  ].filter((f) => f !== target && !allowed.includes(f)),
  message: `${target} may import only itself${allowed.map((a) => `, ${a}`).join('')} (docs/architecture.md, "Folders").`,
});

/**
 * Rooms inside app/ (docs/architecture.md, "Features and plumbing"). A feature is a part of the
 * product a user visits: its screens, their stories and its data hooks (`use-*.ts`). Plumbing is
 * what features share. A feature may import plumbing, ui/ and contract/, never another feature;
 * what two features need moves to plumbing (or to ui/ if it is a generic widget). Plumbing never
 * imports a feature, except the composition root that wires screens into routes (below).
 * A new folder in app/ goes in one of the two lists.
 */
const APP_FEATURES = [
  'alerts', //      alerts console
  'auth', //        sign-in, lookup, password recovery, SSO sign-in, sign-out
  'dashboard', //   device list
  'error', //       error page
  'members', //     member flows: options, CSV, manual, SSO setup and groups, review
  'placeholder', // coming-soon pages
  'settings', //    the settings tabs
  'welcome', //     trial welcome
];
const APP_PLUMBING = [
  'analytics', //   page views and events
  'api', //         the API client and its rules (401, generic messages)
  'data', //        SWR keys from the contract, the mutation hook, session refresh
  'errors', //      error reporting and the failure rule
  'format', //      dates and times
  'frame', //       the page frame and the toast area
  'messages', //    every catalogued text (docs/product/messages.md), toasts, e-mail rule texts
  'mocks', //       story helpers (MSW handlers, story router)
  'payments', //    the payments adapter and the card form both billing and welcome use
  'privacy', //     redaction of secrets
  'routing', //     paths, links, page titles, routes and route intent
  'session', //     the session store, cookies, SSO sign-in URL
  'theme', //       the colour theme: the choice, its storage, the class on <html>
  'live', //        the live console's event stream (one EventSource per tab) and revalidation pacing
  'palette', //     the command palette (Ctrl/⌘+K), the keyboard shortcuts and their dialog
];
// A folder of app/ in neither list is a question nobody answered yet: answer it there.
const unlisted = readdirSync(new URL('./app', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => !APP_FEATURES.includes(name) && !APP_PLUMBING.includes(name));
if (unlisted.length) {
  throw new Error(
    `eslint.config.js: app/${unlisted.join(', app/')} is neither in APP_FEATURES nor in APP_PLUMBING (docs/architecture.md, "Features and plumbing").`,
  );
}

/**
 * Rooms inside ui/ (docs/decisions/030-ui-primitives-and-portal-widgets.md): `ui/primitives/`
 * holds the widgets that know nothing of the portal (button, dialog, data table…), `ui/portal/`
 * the widgets that speak the product's language (plans, API keys, severities, members…) and take
 * its values from domain/. A portal widget may be built from primitives; a primitive never from a
 * portal widget. `ui/lib/` (cn, hooks) is beneath both and imports neither.
 */
const UI_ROOMS = ['lib', 'primitives', 'portal'];
const strayInUi = readdirSync(new URL('./ui', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !UI_ROOMS.includes(entry.name))
  .map((entry) => entry.name);
if (strayInUi.length) {
  throw new Error(
    `eslint.config.js: ui/${strayInUi.join(', ui/')} belongs in ui/primitives/ (generic) or ui/portal/ (speaks the product's language): docs/decisions/030-ui-primitives-and-portal-widgets.md.`,
  );
}
const uiZones = [
  {
    // Stories excepted: a primitive's story may show it in the portal's context (a data table of
    // devices with severity badges); they document the widget and are not part of it.
    target: './ui/primitives/**/!(*.stories).{ts,tsx}',
    from: './ui/portal',
    message:
      'A primitive knows nothing of the portal: it may import other primitives, ui/lib and domain/, not ui/portal/ (docs/decisions/030-ui-primitives-and-portal-widgets.md).',
  },
  {
    target: './ui/lib',
    from: ['./ui/primitives', './ui/portal'],
    message:
      'ui/lib is beneath every widget: it may not import ui/primitives/ or ui/portal/ (docs/decisions/030-ui-primitives-and-portal-widgets.md).',
  },
];

/**
 * The composition root wires the features' screens into routes and route intent: app/main.tsx
 * (no zone targets it) and these files of routing/, which the plumbing zone leaves out.
 */
const APP_ROOT_IN_ROUTING = ['routes.tsx', 'route-intent.ts'];

const featureZones = APP_FEATURES.map((feature) => ({
  target: `./app/${feature}`,
  from: APP_FEATURES.filter((other) => other !== feature).map((other) => `./app/${other}`),
  message: `app/${feature} is a feature: it may import app plumbing, ui/, contract/ and domain/, not another feature. Move what they share to app plumbing or ui/ (docs/architecture.md, "Features and plumbing").`,
}));
const plumbingZone = {
  target: [
    ...APP_PLUMBING.filter((folder) => folder !== 'routing').map((folder) => `./app/${folder}/**`),
    `./app/routing/!(${APP_ROOT_IN_ROUTING.join('|')})`,
    './app/*.ts',
  ],
  from: APP_FEATURES.map((feature) => `./app/${feature}`),
  message:
    'App plumbing may not import a feature; only the composition root wires screens into routes (docs/architecture.md, "Features and plumbing").',
};

/**
 * Rooms inside server/ (server/README.md, "Map"). Each area folder (devices/, alerts/, …, and the
 * coming queue/, oidc/, scim/ …) holds its route module (`routes.ts`, or `<contract>-routes.ts`
 * where an area serves several contract files), its data access, its pure modules and its tests.
 * Code of any folder may import another area's data access and pure modules (http/, db/, auth/,
 * mail/, system/, domain/, contract/ are everyone's), but two imports are refused:
 *   - a route module, outside the composition point server/app.ts: what another room needs moves
 *     to a module of its own beside it (auth/password-rule.ts, sso/require-sso.ts). Tests may
 *     import route modules for their message constants;
 *   - server/test-support/, from code that is not a test (tests and the harness only).
 */
const SERVER_CODE = ['./server/*/**/!(*.test).ts', './server/!(app|*.test).ts'];
const serverZones = [
  {
    target: SERVER_CODE,
    from: ['./server/*/**/routes.ts', './server/*/**/*-routes.ts'],
    message:
      'A route module is imported only by server/app.ts (and tests): move what another room needs into a module of its own (server/README.md, "Map").',
  },
  {
    target: ['./server/!(test-support)/**/!(*.test).ts', './server/!(*.test).ts'],
    from: ['./server/test-support/**'],
    message: 'server/test-support/ is for tests only (server/README.md, "Testing").',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      // The worktree's TMPDIR (Playwright's compile cache, test databases).
      '.tmp',
      'dist',
      'storybook-static',
      '.data',
      'test-results',
      'playwright-report',
      // TMPDIR of the tests and of local scratch work (git-ignored).
      '.tmp',
      '.storybook/public/**',
      '!.storybook',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            boundary('./domain', []),
            boundary('./ui', ['./domain']),
            ...uiZones,
            boundary('./contract', ['./domain']),
            boundary('./app', ['./ui', './contract', './domain']),
            boundary('./server', ['./contract', './domain']),
            ...featureZones,
            plumbingZone,
            ...serverZones,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Style-invalidation budget (decision 011): Tailwind's group-/peer- variants on an attribute
    // compile to `:is(:where(.group)[data-state=checked] *)`, and with such a rule in the page
    // Chromium restyles the whole subtree of every element whose attribute changes. Selecting all
    // rows of the dashboard (100 rows changing data-state) spent 3x longer in style recalculation.
    // Style the child from the state you already have at render time instead.
    files: ['ui/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Literal[value=/(group|peer)-(data|aria)-/], TemplateElement[value.raw=/(group|peer)-(data|aria)-/]',
          message:
            'No group-/peer- attribute variants: they make every attribute change restyle whole subtrees. Pass the state down and pick the class at render time.',
        },
      ],
    },
  },
  {
    // Data access lives in the feature's data-hook file (docs/architecture.md, "Data"): screens
    // get their reads and changes from `use-*.ts`, never from SWR or the API client directly.
    files: APP_FEATURES.map((feature) => `app/${feature}/**/*.{ts,tsx}`),
    ignores: [
      'app/**/use-*.ts',
      'app/**/*.stories.tsx',
      'app/**/*.test.{ts,tsx}',
      // First loads, kept off SWR (README "Performance"), and the session hydration after SSO.
      'app/auth/login-screen.tsx',
      'app/auth/lookup-screen.tsx',
      'app/auth/sso-login-screen.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['swr', 'swr/*', '**/api/api'],
              message:
                'Screens get data and changes from their feature\'s use-*.ts (useSWR with swrKey, useMutation): docs/architecture.md, "Data".',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|@domain/|\\.{1,2}/)',
              message: 'contract/ may import only zod and domain/ (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The one home of value lists and pure rules: importable from everywhere because it imports
    // nothing but its own files (docs/decisions/013-domain-values-and-rules.md).
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message:
                'domain/ imports only other domain/ files (./x): no packages, no other folder (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!vitest$|fast-check$|\\./)',
              message:
                'domain/ tests import only vitest, fast-check and domain/ files (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...storybook.configs['flat/recommended'],
);
