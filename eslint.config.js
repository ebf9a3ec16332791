// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';

/**
 * Folder boundaries of DEVELOPERS.md, enforced here rather than hoped for:
 *   ui/        → nothing of ours outside ui/
 *   contract/  → zod only
 *   app/       → ui/, contract/
 *   server/    → contract/
 */
const boundary = (target, allowed) => ({
  target,
  from: ['./ui', './contract', './app', './server', './tests', './scripts', './.storybook'].filter(
    (f) => f !== target && !allowed.includes(f),
  ),
  message: `${target} may import only ${allowed.length ? allowed.join(', ') : 'itself'} (DEVELOPERS.md).`,
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
            boundary('./ui', []),
            boundary('./contract', []),
            boundary('./app', ['./ui', './contract']),
            boundary('./server', ['./contract']),
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
              regex: '^(?!zod(/|$)|\\.{1,2}/)',
              message: 'contract/ may import only zod (DEVELOPERS.md).',
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
