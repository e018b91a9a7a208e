// The prerendered first screen (vite.prerender.ts, issue 10): /rechercher-entreprise is answered
// with HTML that already holds step 1 (heading, search field, marketing panel), so it paints
// before the JavaScript runs; React then hydrates it (the same elements stay): no spinner in between,
// no layout shift, typed text and focus kept (also where React renders the screen anew: a returning
// visitor's remembered company). The service worker serves it offline too.
import type { Locator, Page } from '@playwright/test';
import { app } from '../../src/i18n/fr/app';
import { common } from '../../src/i18n/fr/common';
import { companies } from '../../src/i18n/fr/companies';
import { onboarding } from '../../src/i18n/fr/onboarding';
import { publicSurvey } from '../../src/i18n/fr/public-survey';
import { routes as titles } from '../../src/i18n/fr/routes';
import { expect, test } from './support/fixtures';
import { companyCombobox, SAMPLE, searchAndPick } from './support/onboarding-steps';

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
    // The scripts are asked for once the page is painted (not from the head, where they shared
    // the connection with the styles and the typeface); the route's chunks with the entry.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, path).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(html, path).toMatch(/"\/assets\/company-search-page-[\w-]+\.js"/);
    // The hydration code, which only this page runs, is preloaded with the route's chunks.
    expect(html, path).toMatch(/"\/assets\/hydrate-[\w-]+\.js"/);
    expect(html, path).toMatch(/"\/assets\/index-[\w-]+\.js"[^<]*requestAnimationFrame/);
  }
  for (const path of ['/dashboard', '/creer-compte', '/rechercher-entreprise/x']) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain(HEADING);
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain('/assets/hydrate-');
  }
});

test('step 1 asks for its scripts once its styles are in (they no longer compete)', async ({
  page,
}) => {
  await page.goto('/rechercher-entreprise');
  // The route's own chunk loaded (the prerendered field is usable before any script).
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /company-search-page-/.test(e.name)),
  );
  const { styles, scripts } = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      styles: resources
        .filter((e) => /\/assets\/[^/]+\.css$/.test(e.name))
        .map((e) => e.responseEnd),
      scripts: resources.filter((e) => /\/assets\/[^/]+\.js$/.test(e.name)).map((e) => e.startTime),
    };
  });
  expect(styles.length).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(5);
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(Math.max(...styles));
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

const hydrated = (page: Page) =>
  page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });

test('React hydrates the prerendered screen: the same elements, no spinner, no layout shift', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await watchTakeOver(page);
  await page.goto('/rechercher-entreprise');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: titles.companySearch })).toBeVisible();
  await expect(page).toHaveTitle(`${titles.companySearch}${titles.titleSuffix}`);
  const seen = await takeOver(page);
  expect(seen.replaced).toBe(false);
  expect(seen.spinner).toBe(false);
  expect(seen.shift).toBe(0);
  // The prerendered field is React's: typing searches.
  await companyCombobox(page).fill(SAMPLE.altea.query);
  await expect(page.getByRole('option', { name: new RegExp(SAMPLE.altea.name) })).toBeVisible();
  expect(errors).toEqual([]);
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

/**
 * Opens step 1 with the route's page chunk held, types `text` in the prerendered field, then lets
 * the chunk go (React hydrates after the typing): the field.
 */
async function typeBeforeTheScripts(page: Page, text: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/company-search-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/rechercher-entreprise', { waitUntil: 'commit' });
  const input = companyCombobox(page);
  await input.fill(text);
  expect((await takeOver(page)).replaced).toBe(false);
  release();
  await hydrated(page);
  return input;
}

/** The typed text (ALTÉA's name, or its SIRET) is in the field, which has the focus, and it searched. */
async function expectTypedTextSearched(
  page: Page,
  input: Locator,
  text: string = SAMPLE.altea.query,
) {
  await expect(input).toHaveValue(text);
  await expect(input).toBeFocused();
  await expect(
    page
      .getByRole('listbox', { name: onboarding.search.listLabel })
      .getByRole('option', { name: new RegExp(SAMPLE.altea.name) }),
  ).toHaveCount(1);
}

test('text typed before the JavaScript runs is kept, with the focus, and searches', async ({
  page,
}) => {
  await watchTakeOver(page);
  const input = await typeBeforeTheScripts(page, SAMPLE.altea.query);
  expect((await takeOver(page)).replaced).toBe(false);
  await expectTypedTextSearched(page, input);
  expect((await takeOver(page)).spinner).toBe(false);
});

test('a returning visitor (React renders the screen anew) keeps the typed text and the focus', async ({
  browser,
  page: first,
}, testInfo) => {
  // A company picked earlier: the client's first render shows it, the prerendered screen cannot.
  await first.goto('/rechercher-entreprise');
  await searchAndPick(first, SAMPLE.altea.query, SAMPLE.altea.name);
  const stored = await first.evaluate(() => JSON.stringify({ ...localStorage }));
  // The same visitor's storage, without the first visit's cached scripts and service worker.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(JSON.parse(entries) as Record<string, string>))
      localStorage.setItem(key, value);
  }, stored);
  await watchTakeOver(page);
  const input = await typeBeforeTheScripts(page, SAMPLE.altea.query);
  await expect(page.getByRole('region', { name: onboarding.search.selectedTitle })).toBeVisible();
  expect((await takeOver(page)).replaced).toBe(true);
  await expectTypedTextSearched(page, input);
  await context.close();
});

type TakeOver = {
  /** the prerendered markup has been replaced (React rendered the screen anew) */
  replaced: boolean;
  releaseScripts: () => void;
  releaseTasks: () => void;
};

/**
 * Spreads the take-over of step 1 out where the test decides, as a slow phone does, whatever
 * serves the page (the server, or the service worker, which `page.route` cannot hold):
 *  - the page's module scripts (appended by its inline loader) are appended once
 *    `releaseScripts()` is called: what is typed before is typed before any script runs;
 *  - from the moment React replaces the prerendered markup, the page's MessageChannel messages
 *    (how React's scheduler runs its next task) wait for `releaseTasks()`: the keys pressed
 *    meanwhile come before that task, as a phone's keystrokes do (the browser runs input first).
 * The CPU is 4 times slower (as Lighthouse's phone): replacing the screen takes React more than
 * its 5 ms slice, so its passive effects are left to a task of their own.
 */
async function spreadTheTakeOver(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const heldScripts: Array<() => void> = [];
    const heldTasks: Array<() => void> = [];
    let scriptsHeld = true;
    let tasksHeld = false;
    const takeOver: TakeOver = {
      replaced: false,
      releaseScripts: () => {
        scriptsHeld = false;
        for (const append of heldScripts.splice(0)) append();
      },
      releaseTasks: () => {
        tasksHeld = false;
        for (const run of heldTasks.splice(0)) setTimeout(run, 0);
      },
    };
    (window as unknown as { __takeOver: TakeOver }).__takeOver = takeOver;
    const appendChild = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      if (scriptsHeld && node instanceof HTMLScriptElement && node.type === 'module') {
        heldScripts.push(() => appendChild.call(this, node));
        return node;
      }
      return appendChild.call(this, node) as T;
    };
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
    const holdable = (port: MessagePort) => {
      let handler: ((event: MessageEvent) => void) | null = null;
      Object.defineProperty(port, 'onmessage', {
        get: () => handler,
        set(next: ((event: MessageEvent) => void) | null) {
          handler = next;
          onmessage.set!.call(
            port,
            next &&
              ((event: MessageEvent) => {
                if (tasksHeld) heldTasks.push(() => next.call(port, event));
                else next.call(port, event);
              }),
          );
        },
      });
    };
    const NativeChannel = window.MessageChannel;
    window.MessageChannel = function () {
      const channel = new NativeChannel();
      holdable(channel.port1);
      holdable(channel.port2);
      return channel;
    } as unknown as typeof MessageChannel;
    new MutationObserver((records) => {
      const mainRemoved = records.some((record) =>
        [...record.removedNodes].some(
          (node) =>
            node instanceof Element &&
            (node.matches('main#main') || node.querySelector('main#main')),
        ),
      );
      if (mainRemoved && !takeOver.replaced) {
        takeOver.replaced = true;
        tasksHeld = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const releaseScripts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __takeOver: TakeOver }).__takeOver.releaseScripts());
const releaseTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __takeOver: TakeOver }).__takeOver.releaseTasks());
const screenReplaced = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __takeOver: TakeOver }).__takeOver.replaced);

const expectSiretSearched = (page: Page) =>
  expectTypedTextSearched(page, companyCombobox(page), SAMPLE.altea.siret);

/** A first visit that picks a company (remembered: the next visit's screen is rendered anew). */
async function pickACompanyFirst(page: Page) {
  await page.goto('/rechercher-entreprise');
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

const [siretStart, siretEnd] = [SAMPLE.altea.siret.slice(0, 4), SAMPLE.altea.siret.slice(4)];

test('a returning visitor typing while React renders step 1 anew loses no keystroke (service worker)', async ({
  page,
}) => {
  await pickACompanyFirst(page);
  await spreadTheTakeOver(page);
  const res = await page.goto('/rechercher-entreprise');
  expect(res?.fromServiceWorker()).toBe(true);
  await companyCombobox(page).click();
  await page.keyboard.type(siretStart);
  await releaseScripts(page);
  await screenReplaced(page);
  // The prerendered field is gone, React's new one is in: the visitor types on.
  await page.keyboard.type(siretEnd);
  await releaseTasks(page);
  await expect(page.getByRole('region', { name: onboarding.search.selectedTitle })).toBeVisible();
  await expectSiretSearched(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('text filled into step 1 as React renders it anew is kept', async ({ page }) => {
    await pickACompanyFirst(page);
    await spreadTheTakeOver(page);
    await page.goto('/rechercher-entreprise');
    await companyCombobox(page).tap();
    await releaseScripts(page);
    await screenReplaced(page);
    // What Playwright's fill() does once it has focused the field (npm run screenshots), and a
    // phone keyboard's suggestion: the whole text inserted at once.
    await page.keyboard.insertText(SAMPLE.altea.siret);
    await releaseTasks(page);
    await expectSiretSearched(page);
  });
});

test('a signed-in user adding a company, back on step 1, keeps what was typed before the app shell', async ({
  signedInPage: page,
}) => {
  await page.goto('/dashboard/companies');
  await page.getByRole('button', { name: companies.add }).first().click();
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  // Reloaded (or a phone's tab restored): the prerendered visitor's screen comes first, then the
  // app shell's spinner while its modules load, then step 1 inside the app shell.
  await spreadTheTakeOver(page);
  await page.reload();
  await companyCombobox(page).click();
  await page.keyboard.type(SAMPLE.altea.siret);
  await releaseScripts(page);
  await screenReplaced(page);
  await releaseTasks(page);
  await expectSiretSearched(page);
  await expect(page.getByRole('link', { name: onboarding.login })).toHaveCount(0);
});

test('should the hydration code not load, React renders the screen anew and it works', async ({
  page,
}) => {
  await page.route(/\/assets\/hydrate-[\w-]+\.js$/, (route) => route.abort());
  await watchTakeOver(page);
  await page.goto('/rechercher-entreprise');
  await expect.poll(async () => (await takeOver(page)).replaced).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: titles.companySearch })).toBeVisible();
  await companyCombobox(page).fill(SAMPLE.altea.query);
  await expect(page.getByRole('option', { name: new RegExp(SAMPLE.altea.name) })).toBeVisible();
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
