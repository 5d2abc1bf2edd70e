import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src, as import rules. src/lib is the pure layer (runs anywhere: browser, Worker, build, tests);
 * src/config is the one reader of the environment; src/data reads content collections and build-time files; pages and
 * layouts put them together and hand plain props to components and islands.
 */
/** @param {string} name */
const folder = (name) => `^(\\.{1,2}/)+(src/)?${name}(/|$)`;
/**
 * @typedef {{ regex: string, message: string }} ImportPattern
 * @typedef {(why: string) => ImportPattern} Forbid
 * @type {Record<'config' | 'data' | 'layouts', Forbid> & { module: (pattern: string, why: string) => ImportPattern }}
 */
const forbid = {
  config: (why) => ({ regex: folder('config'), message: `No src/config here: ${why}` }),
  data: (why) => ({ regex: folder('data'), message: `No src/data here: ${why}` }),
  layouts: (why) => ({ regex: folder('layouts'), message: `No src/layouts here: ${why}` }),
  module: (pattern, why) => ({ regex: pattern, message: why }),
};
/**
 * A folder's forbidden imports, and no import.meta.env.
 * @param {string[]} files
 * @param {ImportPattern[]} patterns
 * @returns {import('eslint').Linter.Config}
 */
const layer = (files, patterns) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': [
      'error',
      {
        selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
        message: 'No import.meta.env here: settings come from src/config, the one reader of the environment.',
      },
    ],
  },
});

const PURE = 'the pure layer takes settings and content as arguments, so it runs and is tested without a build.';
const ISLAND = 'islands run in the browser and get settings and content as props from the page.';
const COMPONENT = 'components get content as props from the page; only pages and layouts read collections.';
const ADMIN = 'the content admin runs in the browser, alone, and reads what it needs from its generated config.';
const BROWSER = 'every page ships the browser code to every visitor: it uses only src/lib and packages.';
const WORKER = 'the Worker runs without the site build, so it uses only the pure layer (src/lib).';
/** The site's build takes nothing from the tooling that runs beside it: benchmarks, checks, the local stand-ins. */
const noScripts = forbid.module(
  '^(\\.{1,2}/)+scripts(/|$)',
  'No scripts/ in the site: the build imports nothing from the tooling (its data belongs in src/).',
);

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-test/',
      'dist-pseudo/',
      'dist-check/',
      'dist-cms/',
      '.node/',
      '.astro/',
      '.wrangler/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-strict'],
  // The strict accessibility rules for the React islands too (eslint-plugin-jsx-a11y-x: jsx-a11y's rules, for ESLint 10).
  { files: ['**/*.tsx'], ...jsxA11y.configs.strict },
  layer(
    ['src/lib/**'],
    [
      noScripts,
      forbid.config(PURE),
      forbid.data(PURE),
      forbid.module('^astro:', `No astro:* module in src/lib: ${PURE}`),
      forbid.module('^node:', `No node:* module in src/lib: ${PURE}`),
      forbid.module(
        '^(\\.{1,2}/)+worker(/|$)',
        `No worker/ in src/lib: ${PURE} What the Worker and the site share lives here, and the Worker imports it.`,
      ),
    ],
  ),
  layer(
    // The content admin's browser entry: its settings come from the config.yml the build writes beside it.
    ['src/cms/**'],
    [
      noScripts,
      forbid.config(ADMIN),
      forbid.data(ADMIN),
      forbid.module('^astro:', `No astro:* module in the admin's entry: ${ADMIN}`),
    ],
  ),
  layer(
    ['src/browser/**'],
    [
      noScripts,
      forbid.config(BROWSER),
      forbid.data(BROWSER),
      forbid.module(
        folder('(components|layouts|pages|integrations|islands)'),
        `Only src/lib from the browser code: ${BROWSER}`,
      ),
      forbid.module('^astro:', `No astro:* module in the browser code: ${BROWSER}`),
      forbid.module('^node:', `No node:* module in the browser code: ${BROWSER}`),
    ],
  ),
  layer(
    ['src/islands/**'],
    [
      noScripts,
      forbid.config(ISLAND),
      forbid.data(ISLAND),
      forbid.module('^astro:content$', `No astro:content in islands: ${ISLAND}`),
    ],
  ),
  layer(
    ['src/components/**'],
    [
      noScripts,
      forbid.data(COMPONENT),
      forbid.layouts('a component is a part of a page; a layout wraps pages.'),
      forbid.module('^astro:content$', `No astro:content in components: ${COMPONENT}`),
    ],
  ),
  {
    // The rest of the site's build, which reads the environment and content as it needs: only the tooling is out.
    files: [
      'src/integrations/**',
      'src/data/**',
      'src/pages/**',
      'src/layouts/**',
      'src/config/**',
      'src/directives/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [noScripts] }] },
  },
  layer(
    ['worker/**'],
    [
      forbid.module('^(\\.{1,2}/)+src/(?!lib/)', `Only src/lib from the Worker: ${WORKER}`),
      forbid.module('^astro:', `No astro:* module in the Worker: ${WORKER}`),
    ],
  ),
  {
    files: ['tests/e2e/**'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Take test from './fixtures': its page makes a navigation the runtime left stalled once more.",
            },
          ],
        },
      ],
    },
  },
  {
    // A lead is lost as surely by a promise nobody awaits (a send whose rejection nobody handles, a promise where a
    // callback's answer is read) as by a dropped network: these rules read the types, over the code that runs a lead
    // (the Worker, the islands, the browser code and the pure layer they share). TypeScript's project service builds
    // one program for tsconfig.json's files.
    files: ['worker/**/*.ts', 'src/islands/**/*.{ts,tsx}', 'src/browser/**/*.ts', 'src/lib/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
