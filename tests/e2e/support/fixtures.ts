// Shared Playwright fixtures: a signed-in page (session injected as supabase-js persists it),
// accessibility checks with axe-core.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AUTH_STORAGE_KEY, createConfirmedUser, type TestUser } from './backend';
import { startNetworkSwitch, type NetworkSwitch } from './network-switch';

/** Puts the user's session where the app's supabase-js reads it, before any script runs. */
export async function injectSession(page: Page, user: TestUser): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(user.session)],
  );
}

/** Zero axe-core violations (WCAG 2.1 A and AA rules). */
export async function expectNoA11yViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // Toasts stacked behind the front one: sonner folds them under it (scaled, faded in their
  // animation) until the stack is hovered; their text was read when each came in front.
  builder = builder.exclude('[data-sonner-toast]:not([data-index="0"])');
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/**
 * The context's setOffline then takes its network down for real before emulating offline, and
 * brings it back before emulating online (network-switch.ts: a closed or reloaded page cannot send).
 * The context must have been created with `proxy: { server: network.server }`.
 */
export function withRealOffline(context: BrowserContext, network: NetworkSwitch): BrowserContext {
  const emulate = context.setOffline.bind(context);
  context.setOffline = async (offline: boolean) => {
    network.setDown(offline);
    await emulate(offline);
  };
  return context;
}

type Fixtures = { user: TestUser; signedInPage: Page; network: NetworkSwitch };

export const test = base.extend<Fixtures>({
  // Every test's context is behind its own network switch (network-switch.ts).
  // eslint-disable-next-line no-empty-pattern
  network: async ({}, use) => {
    const network = await startNetworkSwitch();
    await use(network);
    await network.close();
  },
  proxy: async ({ network }, use) => {
    await use({ server: network.server });
  },
  context: async ({ context, network }, use) => {
    await use(withRealOffline(context, network));
  },
  // eslint-disable-next-line no-empty-pattern
  user: async ({}, use) => {
    await use(await createConfirmedUser());
  },
  signedInPage: async ({ page, user }, use) => {
    await injectSession(page, user);
    await use(page);
  },
});

export { expect };
