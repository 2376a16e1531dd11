// ESLint for the whole repository: `npm run lint` (part of `npm test`), zero warnings allowed, so
// every rule below is either an error or off. The import-boundary rules keep the server and app
// layers apart (docs/testing.md lists them); server/test/lint-boundaries.test.ts proves each one fires.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const pages = readdirSync(path.join(root, 'src/pages'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const serverAreas = readdirSync(path.join(root, 'server/src'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/** Zones for import/no-restricted-paths: files in `target` may not import files in `from`. */
const boundaries = [
  { target: 'server/src/analysis', from: 'server/src', except: ['./analysis'], message: 'analysis/ is pure: it may import contract/ and packages, nothing else from the server.' },
  { target: 'server/src/*/**', from: 'server/src/services.ts', message: 'Areas take `Services` from services-types.ts: services.ts is the composition root and imports every area.' },
  { target: 'server/src/**/routes.ts', from: 'server/src/db', message: 'Routes do HTTP only: queries belong in the area repository.' },
  { target: 'src', from: 'server', message: 'The app never imports server code; shared types live in contract/.' },
  { target: 'contract', from: ['server', 'src'], message: 'contract/ is shared by server and app and depends on neither.' },
  {
    target: 'src/components',
    from: ['src/api', 'src/features', 'src/app/store.ts', 'src/app/hooks.ts'],
    message: 'components/ are presentational: take data and callbacks as props; API hooks and store state belong in features/ (or the page).',
  },
  // Areas import each other only through their faces (docs/architecture.md, "Areas and their faces");
  // server/test/folder-graph.test.ts also checks it and that the folders form no cycle.
  ...serverAreas.map((area) => ({
    target: `server/src/${area}`,
    from: 'server/src',
    except: [`./${area}`, './config.ts', './services-types.ts', './services.ts', ...serverAreas.filter((other) => other !== area).map((other) => `./${other}/index.ts`)],
    message: "Other areas are reached through their face (import '../<area>', its index.ts), never an inner file.",
  })),
  ...pages.map((page) => ({ target: `src/pages/${page}`, from: 'src/pages', except: [`./${page}`], message: 'Pages do not import other pages: move what both need to components/, format/ or features/.' })),
];

export default defineConfig(
  {
    ignores: ['dist/**', 'coverage/**', 'data/**', 'bench/out/**', 'e2e/screenshots/**', 'locales/**', '.tsx-cache/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] } },
      // Which files the import plugin reads to follow imports (import/no-cycle walks them); by default only .js.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // basePath relative to where ESLint runs, not absolute: ESLint's cache keys each file's answer by a hash of
      // its configuration, so an absolute path would make another clone's cache useless (scripts/static-checks.mjs).
      'import/no-restricted-paths': ['error', { zones: boundaries, basePath: path.relative(process.cwd(), root) || '.' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['server/src/**/routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Routes do HTTP only: queries belong in the area repository.' }], patterns: [{ group: ['kysely/*'], message: 'Routes do HTTP only: queries belong in the area repository.' }] }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='database']", message: 'Routes do not touch the database handle: call the area service or repository.' },
        { selector: "ObjectPattern > Property[key.name='database']", message: 'Routes do not touch the database handle: call the area service or repository.' },
      ],
    },
  },
  {
    // An import circle makes load order decide what a module sees (undefined at start-up) and ties
    // areas together so neither can change alone; the composition root (services.ts) wires areas,
    // and areas share types through leaf modules (services-types.ts, ingest/types.ts). Type-only
    // imports are erased at compile time and not counted. disableScc: the plugin's whole-graph
    // pre-pass tripled lint time here and fails on text linted for a file not on disk (editors, tests).
    files: ['server/**/*.ts', 'contract/**/*.ts', 'src/**/*.{ts,tsx}'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }] },
  },
  {
    // Kysely's own advice: a migration is frozen in time, so it takes Kysely<any>, not today's table types.
    files: ['server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**', 'contract/**', 'e2e/**', 'bench/**', 'scripts/**', '*.{js,mjs,cjs,ts}', 'src/testing/jsdom-environment.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs', 'babel.config.js', 'src/testing/jsdom-environment.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
