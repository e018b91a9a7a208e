import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Three projects:
//  - unit: pure domain rules and Node-only modules;
//  - dom: React components and Dexie repositories (jsdom + fake-indexeddb);
//  - backend: tests that drive the real embedded backend (real Postgres through PGlite).
//    One backend is shared by the whole run (globalSetup) and files run one at a time,
//    because one PGlite instance costs 0.3-0.8 GB.
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/domain/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.{ts,tsx}', 'tests/db/**/*.test.ts'],
          setupFiles: ['tests/setup/dom.ts'],
          // A form test types dozens of characters through user-event: seconds under load.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'backend',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/sync/**/*.test.ts'],
          // ONE embedded backend for the whole run (tests/setup/backend-global.ts); files read its
          // coordinates with inject('backend'). Isolation: each file creates its own users
          // (server/testing/backend.ts createConfirmedUser); RLS keeps their rows private, so
          // files never see each other's data and nothing is reset between files.
          globalSetup: ['tests/setup/backend-global.ts'],
          fileParallelism: false,
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
