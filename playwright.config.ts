// End-to-end tests in Debian's chromium (never a downloaded browser) against `npm start`: the
// built PWA and the embedded backend, nothing mocked. A fresh data folder per run.
import { defineConfig } from '@playwright/test';
import { TEST_JWT_SECRET } from './server/testing/known-keys';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const APP_URL = 'http://127.0.0.1:4173';
/** The fake government registry of the end-to-end tests (tests/e2e/support/fake-gouv-registry.ts). */
export const FAKE_GOUV_PORT = 54329;
const FAKE_GOUV_URL = `http://127.0.0.1:${FAKE_GOUV_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: APP_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // A known secret (server/testing/known-keys.ts): the app keeps one anon key from run to run,
    // so the fresh data folder does not make npm start build the app again, and the tests know the
    // keys (tests/e2e/support/backend.ts).
    // The suite signs in hundreds of users from 127.0.0.1: the per-address auth limits are lifted
    // (they are tested in tests/server/security; per-account and e-mail limits stay).
    // No internet here nor in CI: the government registry is a local fake
    // (tests/e2e/support/fake-gouv-registry.ts) that the registry tests start on that port; the
    // other tests find it down, so `auto` falls back to the sample table, labelled, at once (a
    // short circuit-breaker cooldown lets the registry tests see it come back). The budget API
    // answers from the published criteria only: no e2e relies on the invented sample rules.
    command:
      `rm -rf .data/e2e && LITE_DATA_DIR=.data/e2e SUPABASE_JWT_SECRET=${TEST_JWT_SECRET} AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS=100000 AUTH_RATE_LIMIT_TOKEN_REFRESH=100000 AUTH_RATE_LIMIT_VERIFY=100000 ` +
      `REGISTRY_GOUV_URL=${FAKE_GOUV_URL} REGISTRY_GOUV_COOLDOWN_MS=1000 npm start`,
    url: `${APP_URL}/`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
