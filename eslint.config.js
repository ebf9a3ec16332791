// @ts-check
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
 *   ui/        → domain/, nothing else of ours outside ui/
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
  message: `${target} may import only itself${allowed.map((a) => `, ${a}`).join('')} (docs/architecture.md).`,
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
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
            boundary('./contract', ['./domain']),
            boundary('./app', ['./ui', './contract', './domain']),
            boundary('./server', ['./contract', './domain']),
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
    // Style-invalidation budget (issue 9): Tailwind's group-/peer- variants on an attribute
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
