// The prerendered first screen (vite.prerender.ts, issue 10): /rechercher-entreprise is answered
// with HTML that already holds step 1 (heading, search field, marketing panel), so it paints
// before the JavaScript runs; React then replaces it with the same screen: no spinner in between,
// no layout shift, typed text and focus kept. The service worker serves it offline too.
import type { Page } from '@playwright/test';
import { app } from '../../src/i18n/fr/app';
import { common } from '../../src/i18n/fr/common';
import { onboarding } from '../../src/i18n/fr/onboarding';
import { publicSurvey } from '../../src/i18n/fr/public-survey';
import { routes as titles } from '../../src/i18n/fr/routes';
import { expect, test } from './support/fixtures';
import { companyCombobox, SAMPLE } from './support/onboarding-steps';

const HEADING = `<h1 class="onboarding-title">${titles.companySearch}</h1>`;

test('the raw HTML of /rechercher-entreprise (with or without a query string) already holds step 1', async ({
  request,
}) => {
  for (const path of ['/rechercher-entreprise', '/rechercher-entreprise?ref=x']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control'], path).toBe('no-cache');
    const html = await res.text();
    expect(html, path).toContain(HEADING);
    expect(html, path).toContain(`<title>${titles.companySearch}${titles.titleSuffix}</title>`);
    expect(html, path).toContain('<main id="main">');
    expect(html, path).toContain(onboarding.marketing.title);
    // The route's chunks download with the entry, not after it.
    expect(html, path).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/company-search-page-[\w-]+\.js">/,
    );
  }
  for (const path of ['/dashboard', '/creer-compte', '/rechercher-entreprise/x']) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain(HEADING);
    expect(html, path).toContain('<div id="root"></div>');
  }
});

test('without JavaScript, step 1 is on screen', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/rechercher-entreprise?ref=x');
  await expect(page.getByRole('heading', { level: 1, name: titles.companySearch })).toBeVisible();
  await expect(companyCombobox(page)).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: onboarding.marketing.title }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: app.skipToContent })).toHaveCount(1);
  await expect(page.getByRole('status', { name: common.loading })).toHaveCount(0);
  await context.close();
});

/** Records, from the document's creation, spinners added, the prerendered <main> being replaced, layout shifts. */
async function watchTakeOver(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __takeOver: { spinner: boolean; replaced: boolean; shift: number };
    };
    w.__takeOver = { spinner: false, replaced: false, shift: 0 };
    let prerendered: Element | null = null;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches('.page-spinner') || node.querySelector('.page-spinner'))
            w.__takeOver.spinner = true;
          const main = node.matches('main#main') ? node : node.querySelector('main#main');
          if (main && !prerendered) prerendered = main;
        }
        for (const node of record.removedNodes) {
          if (prerendered && (node === prerendered || node.contains(prerendered)))
            w.__takeOver.replaced = true;
        }
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) w.__takeOver.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const takeOver = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __takeOver: { spinner: boolean; replaced: boolean; shift: number } })
        .__takeOver,
  );

test('React replaces the prerendered screen with the same screen: no spinner, no layout shift', async ({
  page,
}) => {
  await watchTakeOver(page);
  await page.goto('/rechercher-entreprise');
  await page.waitForFunction(
    () => (window as unknown as { __takeOver: { replaced: boolean } }).__takeOver.replaced,
  );
  await expect(page.getByRole('heading', { level: 1, name: titles.companySearch })).toBeVisible();
  await expect(page).toHaveTitle(`${titles.companySearch}${titles.titleSuffix}`);
  const seen = await takeOver(page);
  expect(seen.spinner).toBe(false);
  expect(seen.shift).toBe(0);
});

test("online, the first screen searches without opening the device's local store", async ({
  page,
}) => {
  // The recent companies (the local store: Dexie and the app's schema, a long task on a phone)
  // are read only when the registry cannot be reached.
  await page.goto('/rechercher-entreprise');
  await companyCombobox(page).fill(SAMPLE.altea.query);
  await expect(page.getByRole('option', { name: new RegExp(SAMPLE.altea.name) })).toBeVisible();
  const databases = await page.evaluate(async () =>
    (await indexedDB.databases()).map((d) => d.name),
  );
  expect(databases).not.toContain('budget-formation');
});

test('text typed before the JavaScript runs is kept, with the focus, and searches', async ({
  page,
}) => {
  await watchTakeOver(page);
  // The route's page chunk is held until the visitor has typed in the prerendered field.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/company-search-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/rechercher-entreprise', { waitUntil: 'commit' });
  const input = companyCombobox(page);
  await input.fill(SAMPLE.altea.query);
  expect((await takeOver(page)).replaced).toBe(false);
  release();
  await page.waitForFunction(
    () => (window as unknown as { __takeOver: { replaced: boolean } }).__takeOver.replaced,
  );
  await expect(input).toHaveValue(SAMPLE.altea.query);
  await expect(input).toBeFocused();
  await expect(
    page
      .getByRole('listbox', { name: onboarding.search.listLabel })
      .getByRole('option', { name: new RegExp(SAMPLE.altea.name) }),
  ).toHaveCount(1);
  expect((await takeOver(page)).spinner).toBe(false);
});

test('the service worker serves the prerendered screen offline', async ({ page, context }) => {
  await page.goto('/rechercher-entreprise');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await context.setOffline(true);
  const res = await page.goto('/rechercher-entreprise?ref=x');
  expect(res?.fromServiceWorker()).toBe(true);
  expect(await res!.text()).toContain(HEADING);
  await expect(page.getByRole('heading', { level: 1, name: titles.companySearch })).toBeVisible();
  await context.setOffline(false);
});

test("the respondent's page (survey.html) already shows its loading state, then the survey", async ({
  request,
  page,
}) => {
  const path = '/survey/00000000-0000-4000-8000-000000000000';
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${titles.publicSurvey}${titles.titleSuffix}</title>`);
  expect(html).toContain(`<main id="main"><div class="page-spinner">`);
  expect(html).toContain(`<p>${publicSurvey.loading}</p>`);
  // The page paints without its scripts: they do not compete with the HTML and the styles.
  expect(html).toMatch(
    /<script type="module" fetchpriority="low" crossorigin src="\/assets\/survey-[\w-]+\.js">/,
  );
  // Then React replaces it: this survey does not exist, which the page says.
  await page.goto(path);
  await expect(page.getByText(publicSurvey.notFound.title)).toBeVisible();
  await expect(page.getByText(publicSurvey.loading)).toHaveCount(0);
});
