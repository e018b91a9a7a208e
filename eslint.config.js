// ESLint flat config. Architectural boundaries are enforced with import-x/no-restricted-paths
// (the bulletproof-react approach), generated from the folders that exist:
//  - src/domain imports nothing of the project (pure rules);
//  - a feature never imports another feature, nor the app layer;
//  - shared layers (components, db, lib, hooks, i18n) never import features or the app;
//  - sync/ imports no React, no Dexie and nothing of src/ but src/domain;
//  - server/'s rooms import one way: start → apis → realtime → auth → http → db.
// UI text lives in src/i18n: JSX text and user-visible attributes must not hold literals.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const features = existsSync('./src/features')
  ? readdirSync('./src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message:
    'A feature never imports another feature: move the shared piece to src/components, src/lib or src/db.',
}));

// server/ in rooms by concern (docs/backend.md opens with the map). Imports run one way: a room
// imports only the rooms after it in this list; no room imports server/testing (the tests' harness).
const SERVER_ROOMS = ['start', 'apis', 'realtime', 'auth', 'http', 'db'];
const serverZones = [
  ...SERVER_ROOMS.slice(1).map((room, i) => ({
    target: `./server/${room}`,
    from: SERVER_ROOMS.slice(0, i + 1).map((above) => `./server/${above}`),
    message: `server/${room} imports only the rooms below it (${SERVER_ROOMS.join(' → ')}): move the shared piece down, or pass it in.`,
  })),
  {
    target: SERVER_ROOMS.map((room) => `./server/${room}`),
    from: './server/testing',
    message: "server/testing is the tests' harness: the backend never imports it.",
  },
];

const zones = [
  {
    target: './src/domain',
    from: ['./src', './sync', './server'],
    except: ['./domain'],
    message: 'src/domain holds pure rules: it imports nothing of the project.',
  },
  ...featureZones,
  { target: './src/features', from: './src/app', message: 'Features never import the app layer.' },
  {
    target: ['./src/components', './src/db', './src/lib', './src/hooks', './src/i18n'],
    from: ['./src/features', './src/app'],
    message: 'Shared layers never import features or the app layer.',
  },
  {
    target: './sync',
    from: ['./src', './server'],
    except: ['./domain'],
    message: 'sync/ is the replication engine: it talks to ports, not to the app.',
  },
  ...serverZones,
];

const uiTextRule = [
  'error',
  {
    selector: 'JSXText[value=/[A-Za-zÀ-ÿ]{2,}/]',
    message: 'UI text belongs in src/i18n (fr.ts), not in components.',
  },
  {
    selector:
      'JSXAttribute[name.name=/^(placeholder|title|alt|aria-label|aria-description|label)$/] > Literal[value=/[A-Za-zÀ-ÿ]{2,}/]',
    message: 'UI text belongs in src/i18n (fr.ts), not in components.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'coverage',
      '.data',
      'supabase/functions/*/index.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.app.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a union `type` instead of `enum`.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    files: ['src/features/**/*.tsx', 'src/components/**/*.tsx', 'src/app/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        ...uiTextRule,
        { selector: 'TSEnumDeclaration', message: 'Use a union `type` instead of `enum`.' },
      ],
    },
  },
  {
    files: ['sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'dexie', 'dexie-react-hooks', 'zustand'].map((name) => ({
            name,
            message: 'sync/ has no React and no Dexie: use its ports.',
          })),
        },
      ],
    },
  },
  {
    // The first paint's modules (what src/main.tsx imports statically: `npm run bench:bundle`'s
    // initial JS) take the auth state from its own modules. The '@/lib/auth' barrel also brings the
    // sign-in, sign-up and account actions, loaded with the screens that use them.
    files: [
      'src/main.tsx',
      'src/app/{app,router,routes,guards,guard-rules,not-found-page,focus-on-navigation}.{ts,tsx}',
      'src/app/layouts/{root-layout,session-layout,route-elements,site-footer}.tsx',
      'src/app/pwa/pwa-prompts.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/lib/auth',
              message:
                "First paint: import from '@/lib/auth/auth-store' or '@/lib/auth/auth-session' (the barrel brings the auth actions into the initial JavaScript).",
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycle in the backend (issue 31 item 3): a module and the modules it reaches form a
    // tree, so each can be read, tested and moved on its own. Type-only imports count too.
    // No function over 80 lines (issue 31 item 2): a route is a handler of a few lines, the work in
    // named functions beside it.
    files: ['server/**/*.{ts,mts,mjs}'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': 'off',
      'react-refresh/only-export-components': 'off',
    },
  },
);
