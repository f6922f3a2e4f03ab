import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexpPlugin from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Only app/ (and main.tsx) may import from app/. */
const APP_LAYER = {
  group: ['**/app', '**/app/**'],
  message: 'Only web/src/app/ imports from app/: move what you need down (stores/, routing/, …) or take it from useStores().',
};

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
    // imports from it; hooks get the runtime's stores through useStores() (stores/stores-context).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/app/**', 'web/src/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [APP_LAYER] }],
    },
  },
  {
    // Components never reach up into views or pages (later blocks replace the rule's options, so app/ is repeated).
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APP_LAYER,
            { group: ['**/views/**', '**/views', '**/pages/**', '**/pages'], message: 'Components must not import from views/ or pages/.' },
          ],
        },
      ],
    },
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
