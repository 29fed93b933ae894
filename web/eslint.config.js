// ESLint (flat config): the recommended rules, with the globals of where each file runs.
// `npm run lint` (part of `npm run check`, run by `make test`).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'node_modules/'] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `catch (err)` that ignores err is written as `catch { … }`; `_name` marks an
      // argument kept for its position.
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'all' }],
      // a const used before its line in its own scope throws at run time (the temporal
      // dead zone: Rewild's end screen once did, behind a shadowing name)
      'no-use-before-define': ['error', { functions: false, classes: false, variables: false }],
    },
  },
  // The page (the app's modules and the engine's client side).
  { files: ['src/**/*.js', 'engine/**/*.js'], languageOptions: { globals: globals.browser } },
  // protocol.js runs on both sides of the worker boundary.
  { files: ['engine/protocol.js'], languageOptions: { globals: { ...globals.browser, ...globals.worker } } },
  { files: ['engine/worker.js'], languageOptions: { globals: globals.worker } },
  { files: ['src/sw.js'], languageOptions: { globals: globals.serviceworker } },
  // Build scripts and configs run under Node; the unit tests under vitest (Node).
  { files: ['scripts/**/*.mjs', '*.config.js', 'test/**/*.js'], languageOptions: { globals: globals.node } },
];
