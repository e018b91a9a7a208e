// `npm run screenshots`: every screen of 02 §2.1 and the onboarding steps, at desktop (1280×800)
// and phone (390×844) sizes, signed in with sample data, written to screenshots/ (git-ignored) so
// that any change can be looked at side by side. Same browser, server and fresh data folder as the
// end-to-end suite (playwright.config.ts); run it under the e2e lock on a shared machine:
// `flock /tmp/e2e.lock npm run screenshots`.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  testMatch: '**/*.shots.ts',
  timeout: 300_000,
  retries: 0,
  outputDir: 'test-results/screenshots',
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
