// The training plan screen of the built app in Chromium (part of bench:browser): a signed-in user
// whose plan holds `requests` training requests (seeded on the server, pulled by the app's own sync
// into IndexedDB), then, K times: open the plan by an in-app navigation (navigation start -> the
// first card painted), and filter it (a query typed -> the list and its count updated, painted).
// Also the plan opened by a full page load (cold: app start, IndexedDB read, first card painted).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  AUTH_STORAGE_KEY,
  createUserWithCompany,
  DEFAULT_COMPANY,
  serviceClient,
} from '../../tests/e2e/support/backend';
import { median, ROOT } from '../lib/harness';
import { APP } from '../lib/product';

/** tsx compiles this file with esbuild's keepNames: functions sent to page.evaluate call __name. */
export const KEEP_NAMES_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';

/** A confirmed user with a company, `requests` training requests and 20 employees, signed in. */
export async function seededUser(requests: number) {
  const user = await createUserWithCompany();
  const admin = serviceClient();
  const id = user.id;
  const employees = Array.from({ length: 20 }, (_, i) => ({
    id: randomUUID(),
    company_id: id,
    first_name: ['Camille', 'Louis', 'Inès', 'Hugo', 'Léa'][i % 5]!,
    last_name: `Martin ${i}`,
    department: 'commercial',
    category: 'employee',
    gender: i % 2 ? 'F' : 'M',
  }));
  const e = await admin.from('training_employees').insert(employees);
  if (e.error) throw new Error(e.error.message);
  const topics = ['Excel avancé', 'Management à distance', 'Négociation commerciale', 'RGPD'];
  const statuses = ['to_organize', 'pending_funding', 'in_progress', 'completed'];
  const rows = Array.from({ length: requests }, (_, i) => ({
    id: randomUUID(),
    company_id: id,
    employee_id: employees[i % employees.length]!.id,
    topic: `${topics[i % topics.length]} ${i}`,
    pedagogical_objectives: 'Objectifs pédagogiques de la formation, sur quelques lignes.',
    business_impact: 'medium',
    format: i % 2 ? 'remote' : 'in_person',
    training_organization: 'Organisme',
    duration: 7 + (i % 30),
    cost: 1000 + i,
    funding_type: 'OPCO',
    coverage_rate: 100,
    remaining_cost: 0,
    status: statuses[i % statuses.length],
    // The user's company (IDCC 1486, 11–49): the plan estimates every request's OPCO share from
    // its criteria (issue 30), as a real plan does.
    company_siret: DEFAULT_COMPANY.company_siret,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    const r = await admin.from('training_requests').insert(rows.slice(i, i + 1000));
    if (r.error) throw new Error(r.error.message);
  }
  return { id, session: user.session, token: user.session.access_token };
}

/** Rows of a store of the app's database (raw IndexedDB: the app owns the schema). */
function countRows(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (s) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('budget-formation');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(s)) return (resolve(0), db.close());
          const req = db.transaction(s).objectStore(s).count();
          req.onsuccess = () => (resolve(req.result), db.close());
          req.onerror = () => (resolve(0), db.close());
        };
        open.onerror = () => resolve(0);
      }),
    store,
  );
}

/**
 * In-app navigation (react-router handles popstate), timed until a *new* element matching
 * `selector` is painted (the page being left may have one too: every page has its h1).
 */
function navigateTimed(page: Page, path: string, selector: string): Promise<number> {
  return page.evaluate(
    async ([p, sel]) => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      const old = new Set(document.querySelectorAll(sel!));
      const arrived = () => [...document.querySelectorAll(sel!)].some((e) => !old.has(e));
      const t0 = performance.now();
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      while (!arrived()) {
        if (performance.now() - t0 > 30_000) throw new Error(`${p}: no new ${sel} after 30 s`);
        await frame();
      }
      await frame(); // the frame with it is painted
      return performance.now() - t0;
    },
    [path, selector] as const,
  );
}

/**
 * (issue 30) Opens the plan by an in-app navigation: the time to the first card painted and the
 * time to the first card's OPCO estimate painted (the criteria read from the local cache, every
 * request of the plan estimated).
 */
function openPlanTimed(page: Page): Promise<{ cardMs: number; estimateMs: number }> {
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const card = '.plan-list-item';
    const estimated = '.plan-list-item .plan-funding[data-state="estimate"]';
    const old = new Set(document.querySelectorAll(card));
    const t0 = performance.now();
    history.pushState(null, '', '/training-plan');
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    const fresh = (sel: string) => [...document.querySelectorAll(sel)].some((e) => !old.has(e));
    let cardMs = 0;
    while (true) {
      if (performance.now() - t0 > 30_000) throw new Error('plan: no estimate after 30 s');
      if (!cardMs && fresh(card)) {
        await frame();
        cardMs = performance.now() - t0;
      }
      if (cardMs && document.querySelector(estimated)) break;
      await frame();
    }
    await frame();
    performance.measure('bench:plan-open', { start: t0 }); // the span in a trace (BENCH_PLAN_TRACE)
    return { cardMs, estimateMs: performance.now() - t0 };
  });
}

/** Types `query` in the plan's search field, timed until the list count changes and is painted. */
function filterTimed(page: Page, query: string): Promise<number> {
  return page.evaluate(async (q) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const toggle = document.querySelector<HTMLButtonElement>('.plan-filters-toggle');
    if (toggle?.getAttribute('aria-expanded') === 'false') {
      toggle.click();
      await frame();
    }
    const input = document.querySelector<HTMLInputElement>('.plan-filters input[type="search"]');
    const count = document.querySelector('.plan-list-header [role="status"]');
    if (!input || !count) throw new Error('plan filter not found');
    const before = count.textContent;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const t0 = performance.now();
    setValue.call(input, q);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    while (document.querySelector('.plan-list-header [role="status"]')?.textContent === before) {
      if (performance.now() - t0 > 30_000)
        throw new Error(`filter ${q}: count unchanged after 30 s`);
      await frame();
    }
    await frame();
    performance.measure('bench:plan-filter', { start: t0 });
    return performance.now() - t0;
  }, query);
}

/** Chrome's timeline and the page's JavaScript samples (what DevTools' Performance panel records). */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
];

/**
 * BENCH_PLAN_TRACE=<file.json>: a Chrome trace (open DevTools' Performance panel on it) of each
 * unthrottled open-and-filter run, saved as <file>-<requests>-<run>.json.
 */
function traceFile(requests: number, run: number): string | null {
  const base = process.env.BENCH_PLAN_TRACE;
  return base ? base.replace(/(\.json)?$/, `-${requests}-${run}.json`) : null;
}

export type PlanTimes = {
  requests: number;
  cpuThrottling: number;
  openMs: number;
  openRunsMs: number[];
  /** (issue 30) navigation to the first card's OPCO estimate painted */
  estimateMs: number;
  estimateRunsMs: number[];
  filterMs: number;
  filterRunsMs: number[];
  fullLoadMs: number;
};

/** The plan of a user with `requests` rows, measured `runs` times at each CPU throttling rate. */
export async function planBench(
  browser: Browser,
  requests: number,
  rates: number[],
  runs: number,
): Promise<PlanTimes[]> {
  const user = await seededUser(requests);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(user.session)] as const,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const out: PlanTimes[] = [];
  try {
    await page.goto(`${APP}/dashboard`);
    // The app's own sync pulls the plan into IndexedDB.
    const deadline = Date.now() + 300_000;
    while ((await countRows(page, 'training_requests')) < requests) {
      if (Date.now() > deadline) throw new Error(`the app did not pull ${requests} requests`);
      await page.waitForTimeout(250);
    }
    // Warm-up: the plan's route chunk is loaded once (as after a first visit).
    await navigateTimed(page, '/training-plan', '.plan-list-item');
    await navigateTimed(page, '/dashboard', 'h1');
    const queries = ['Excel', 'Négociation 1', 'Martin 3', 'RGPD 4'];
    for (const rate of rates) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const open: number[] = [];
      const estimate: number[] = [];
      const filter: number[] = [];
      // Each run starts on the dashboard (a navigation to the current path renders nothing new).
      for (let i = 0; i < runs; i++) {
        const traced = rate === 1 ? traceFile(requests, i) : null;
        if (traced)
          await browser.startTracing(page, { path: traced, categories: TRACE_CATEGORIES });
        const opened = await openPlanTimed(page);
        open.push(opened.cardMs);
        estimate.push(opened.estimateMs);
        filter.push(await filterTimed(page, queries[i % queries.length]!));
        if (traced) await browser.stopTracing();
        await navigateTimed(page, '/dashboard', 'h1');
      }
      // Cold: a full page load of the plan (app start, session, IndexedDB read, first card).
      const t0 = Date.now();
      await page.goto(`${APP}/training-plan`);
      await page.waitForSelector('.plan-list-item');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      const fullLoadMs = Date.now() - t0;
      await navigateTimed(page, '/dashboard', 'h1');
      out.push({
        requests,
        cpuThrottling: rate,
        openMs: median(open),
        openRunsMs: open.map(Math.round),
        estimateMs: median(estimate),
        estimateRunsMs: estimate.map(Math.round),
        filterMs: median(filter),
        filterRunsMs: filter.map(Math.round),
        fullLoadMs,
      });
    }
  } catch (e) {
    // What the page showed when it broke (bench/results is where the reports go).
    const file = join(ROOT, 'bench', 'results', `browser-plan-${requests}-failure.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`bench:browser: plan (${requests} requests) failed at ${page.url()}; ${file}`);
    throw e;
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
    await context.close();
  }
  return out;
}
