import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './tools/eslint/boundaries.js';

const UTC_DATE = [
  {
    selector:
      "CallExpression[callee.property.name=/^(slice|substring|substr)$/][callee.object.type='CallExpression'][callee.object.callee.property.name='toISOString'][arguments.0.value=0][arguments.1.value=10]",
    message:
      'Дата из toISOString() — дата по UTC: берите moscowToday()/moscowDate() из server/src/platform/clock.ts (moscowToday() из web/src/lib/dates.ts в браузере, utcCalendarDate для дат, хранимых как полночь UTC).',
  },
  {
    selector: 'BinaryExpression > Literal[value=86400000]',
    message: 'Сутки не всегда 86 400 000 мс в календаре: addDays()/daysBetween() из @proc/contract/calendar.',
  },
];

const NOW = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message:
      'new Date() мимо часов: now() из server/src/platform/clock.ts (web/src/lib/clock.ts в браузере), чтобы setClock в тестах его доставал.',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message:
      'Date.now() мимо часов: nowMs() из server/src/platform/clock.ts (web/src/lib/clock.ts в браузере); для длительностей — performance.now().',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      'server/src/db/migrations/**',
      'bench/.tmp/**',
      'server/templates/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // module entries, no module cycles, no test support in production code, features never import the shell
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/layout': 'error' },
  },
  {
    // One clock (server/src/platform/clock.ts, web/src/lib/dates.ts): dates are Moscow dates, and a UTC date cut from
    // toISOString() or the browser's own day is a day off between 00:00 and 03:00 Moscow time (or in another zone)
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    ignores: ['server/src/platform/clock.ts', 'packages/contract/src/moscow-date.ts'],
    rules: { 'no-restricted-syntax': ['error', ...UTC_DATE] },
  },
  {
    // every «now» through the one clock, so tests' setClock reaches it; tests and benchmarks measure durations
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: [
      'packages/contract/src/clock.ts',
      'packages/contract/src/moscow-date.ts',
      'server/src/platform/clock.ts',
      '**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-syntax': ['error', ...UTC_DATE, ...NOW] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...UTC_DATE,
        ...NOW,
        {
          selector: "CallExpression[callee.name='dayjs'][arguments.length=0]",
          message: 'dayjs() без аргумента — сегодняшний день браузера, а не Москвы: moscowToday() из web/src/lib/dates.ts.',
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
);
