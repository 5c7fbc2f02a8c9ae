import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.readdirSync(new URL('app/features', import.meta.url));
// Patterns as regular expressions: in the glob form a leading # would start a comment.
const serverCode = { regex: '^(#server/|(\\.\\./)+server/)', message: 'Server code stays on the server.' };
const climbing = {
  regex: '^\\.\\./',
  message: 'Import from outside this folder by its #app/ or #common/ path.',
};
const layerRules = {
  common: [
    serverCode,
    {
      regex: '^(#app/|(\\.\\./)+app/)',
      message: 'common is shared by app and server: it imports neither.',
    },
  ],
  app: [serverCode, climbing],
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'test-results-*/',
      'playwright-report/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The layers: `common` imports nothing from `app` or `server`; `app` nothing from `server`.
  // Inside `app`, a feature uses another only through that feature's index.ts (or the index.ts of
  // one of its parts, such as `bookings/online`, which the public pages load without the rest),
  // and reaches anything outside its own folder by alias rather than by climbing folders.
  {
    files: ['common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...layerRules.common] }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...layerRules.app] }] },
  },
  ...features.map((feature) => ({
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...layerRules.app,
            {
              // Another feature's modules other than its index.ts or a part's index.ts.
              regex: `^#app/features/(?!${feature}/)[^/]+/(?![^/]+/index(\\.server)?\\.ts$|index(\\.server)?\\.ts$)`,
              message: 'Use the other feature through its index.ts.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['scripts/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
  // Size limits, so that a file stays one subject and a function one step that a reader can hold
  // in mind: past them a module is split per subject and a function into named helpers or parts.
  // A file is counted as `wc -l` counts it, tests included (a test file past 400 lines tests more
  // than one thing); a function without its blank lines and comments, tests aside, where a
  // describe or it callback is a list of cases rather than one step.
  {
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
);
