import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexpPlugin from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's floors, top to bottom: app/ → pages/ → views/ → components/ → hooks/ → api/ and stores/ → lib/.
 * Each entry below forbids imports from a floor above; a floor may always import the ones below it.
 */
const APP_LAYER = {
  group: ['**/app', '**/app/**'],
  message: 'Only web/src/app/ imports from app/: move what you need down (stores/, routing/, …) or take it from useStores().',
};
const VIEWS_AND_PAGES = { group: ['**/views/**', '**/views', '**/pages/**', '**/pages'], message: 'Only views/ and pages/ import from views/ or pages/.' };
const COMPONENTS = { group: ['**/components/**', '**/components'], message: 'Hooks and api/ sit below components/: move the pure part to lib/ (or beside the hook).' };
const HOOKS = { group: ['**/hooks/**', '**/hooks'], message: 'api/ sits below hooks/: the hook calls the API, not the other way round.' };
const STORES = { group: ['**/stores/**', '**/stores'], message: 'api/ does not reach into stores/: take createStore from lib/, or have the runtime wire the two.' };
/** Components get data through hooks (Frigate's "hooks own I/O"); a type from api/ carries no I/O and may be named. */
const API_FROM_COMPONENTS = {
  group: ['**/api/**', '**/api'],
  allowTypeImports: true,
  message: 'Components do no I/O: call a hook (hooks/use-*.ts) that calls api/; pure helpers belong in lib/.',
};
/** lib/ is flat: its files import each other (./), @homecam/shared and packages, nothing of the app. */
const OUT_OF_LIB = { regex: '^\\.\\./', message: 'lib/ holds pure helpers that know nothing of the app: import only ./ (lib), @homecam/shared and packages.' };

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  regexpPlugin.configs['flat/recommended'],
  {
    // Text from outside is handled in linear time: a pattern that backtracks super-linearly (ReDoS) or is
    // re-run from every position (super-linear move) is an error in every workspace, not a style hint.
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // Style rules that rewrite explicit classes: zod patterns reach the OpenAPI document as JSON Schema `pattern`,
      // which carries no flags (`/[A-Z]/i` would document upper case only) and is read by other regex dialects.
      'regexp/prefer-w': 'off',
      'regexp/use-ignore-case': 'off',
    },
  },
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'Wait for a condition, not a time.' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Layers of the web app: app/ (the wiring: runtime, router, layouts, guards) sits on top and nothing below it
    // imports from it; hooks get the runtime's stores through useStores() (stores/stores-context). Later blocks
    // replace the rule's options for their files, so each repeats what still applies there.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/app/**', 'web/src/main.tsx'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [APP_LAYER] }],
    },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [APP_LAYER, VIEWS_AND_PAGES, API_FROM_COMPONENTS] }] },
  },
  {
    // A component's test wires real api/ pieces (a log feed, the HTTP client) into the stores the component reads.
    files: ['web/src/components/**/*.test.{ts,tsx}', 'web/src/components/**/test-support/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [APP_LAYER, VIEWS_AND_PAGES] }] },
  },
  {
    files: ['web/src/hooks/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [APP_LAYER, VIEWS_AND_PAGES, COMPONENTS] }] },
  },
  {
    files: ['web/src/api/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [APP_LAYER, VIEWS_AND_PAGES, COMPONENTS, HOOKS, STORES] }] },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [OUT_OF_LIB] }] },
  },
  {
    // Playwright reads fixture dependencies from the destructuring pattern, so `{}` is how "none" is written.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
