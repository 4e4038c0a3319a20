import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import globals from 'globals';

/** Every folder of src/client/features is a feature: a new one is inside the boundaries from its first file. */
const features = readdirSync(path.join(import.meta.dirname, 'src/client/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The client's boundaries (as bulletproof-react draws them): shared code flows one way,
 * shared → lib/components → features → app. A feature never imports another feature or the
 * app shell; what two features need lives in lib/ or components/.
 */
const clientZones = [
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'Una funcionalidad no importa otra: lo que comparten va en lib/ o components/.',
  })),
  { target: './src/client/features', from: './src/client/app', message: 'Las funcionalidades no importan el armado de la app (app/).' },
  {
    target: ['./src/client/lib', './src/client/components'],
    from: ['./src/client/features', './src/client/app'],
    message: 'lib/ y components/ no dependen de funcionalidades ni de app/.',
  },
  { target: './src/client', from: './src/server', message: 'El cliente habla con el servidor sólo por la API.' },
  { target: './src/server', from: './src/client', message: 'El servidor no importa código del cliente.' },
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'shared/ no depende del cliente ni del servidor.' },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'drizzle/', 'node_modules/', 'test-results/', 'playwright-report/', 'artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Type-aware rules: each file is checked with its own project (client, server or tools).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A promise nobody waits for loses its error; `void` says it is meant.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': ['error', { zones: clientZones }],
    },
  },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A function longer than a screen is split where it does two things (tests read as scenarios and may run longer).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Command-line scripts and the first-start banner talk to the operator on the console.
    files: ['scripts/**/*.ts', 'src/server/seed/bootstrap.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
