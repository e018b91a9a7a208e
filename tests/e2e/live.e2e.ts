// Live across devices (issue 18) in chromium against `npm start`: two browser contexts signed in as
// the same user (two devices), an edit on one visible on the other without a reload, through the
// database's poke and the embedded Realtime endpoint; a public survey answer on the owner's open
// results page; with websockets blocked, never « En direct », and the periodic and on-event pulls
// still bring every change.
//
// Also the measurement of bench:live (bench/live.ts): LIVE_EDITS edits, LIVE_ANSWERS answers,
// LIVE_IDLE_MS of idle; LIVE_BASELINE=1 adds a third device with websockets blocked that watches the
// same edits (the periodic-pull-only path, today's behaviour: the baseline); LIVE_REPORT=<file>
// writes the latencies and counts there. In the e2e suite it runs small, without the baseline.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Browser, Page, WebSocket as PwWebSocket } from '@playwright/test';
import { DEFAULT_ENGINE_OPTIONS } from '../../sync/engine';
import { anonClient, createUserWithCompany, serviceClient, type TestUser } from './support/backend';
import { expect, injectSession, test } from './support/fixtures';

const EDITS = Number(process.env.LIVE_EDITS ?? 3);
const ANSWERS = Number(process.env.LIVE_ANSWERS ?? 1);
/** Answers sent with « Envoyer » on the public page (issue 29: timed on the results page). */
const SENDS = Number(process.env.LIVE_SENDS ?? 2);
const IDLE_MS = Number(process.env.LIVE_IDLE_MS ?? 3_000);
const REPORT = process.env.LIVE_REPORT;
const BASELINE = process.env.LIVE_BASELINE === '1';
const TOPIC = 'Excel avancé';

const report: Record<string, unknown> = {};
test.afterAll(() => {
  if (REPORT) writeFileSync(REPORT, JSON.stringify(report, null, 2));
});

/** A user with a company and one training request, and a second session (the other device). */
async function userWithPlan(): Promise<{ user: TestUser; second: TestUser }> {
  const user = await createUserWithCompany();
  const { error } = await serviceClient().from('training_requests').insert({
    id: randomUUID(),
    company_id: user.id,
    topic: TOPIC,
    pedagogical_objectives: 'Tableaux croisés dynamiques',
    business_impact: 'high',
    format: 'remote',
    duration: 14,
    cost: 1550,
    coverage_rate: 100,
    remaining_cost: 0,
    status: 'to_organize',
  });
  if (error) throw error;
  return { user, second: await anotherSession(user) };
}

/** Each device has its own session (its own refresh token), as two phones would. */
async function anotherSession(user: TestUser): Promise<TestUser> {
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (signIn.error || !signIn.data.session) throw signIn.error ?? new Error('no session');
  return { ...user, session: signIn.data.session, client };
}

/** The request's status on the server (the writer's push has landed). */
async function serverStatus(companyId: string): Promise<string | undefined> {
  const { data } = await serviceClient()
    .from('training_requests')
    .select('status')
    .eq('company_id', companyId)
    .single();
  return (data as { status?: string } | null)?.status;
}

type Device = {
  page: Page;
  close(): Promise<void>;
  sockets: PwWebSocket[];
  /** Connection attempts a blocked network refused. */
  refused: () => number;
  framesSent: () => number;
  pulls: () => number;
  /** Pulls sent between two times (Date.now()), those of the periodic timer apart. */
  pullsBetween: (from: number, to: number) => { total: number; periodic: number; extra: number };
  pullMs: number[];
};

async function device(
  browser: Browser,
  user: TestUser,
  opts: { blockWebsockets?: boolean; clock?: boolean } = {},
): Promise<Device> {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  let refused = 0;
  if (opts.blockWebsockets) {
    // A network that refuses websockets: every connection attempt is closed at once.
    await context.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
      refused++;
      ws.close();
    });
  }
  const page = await context.newPage();
  if (opts.clock) await page.clock.install();
  // Whether « En direct » was ever shown, even for a moment between two assertions.
  await page.addInitScript(() => {
    const w = window as unknown as { __sawLive?: boolean };
    w.__sawLive = false;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="sync-status"]'))
        if (el.textContent?.includes('En direct')) w.__sawLive = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await injectSession(page, user);
  const sockets: PwWebSocket[] = [];
  let frames = 0;
  let pulls = 0;
  const pullMs: number[] = [];
  // The periodic pull (60 s, the safety net) runs on a fixed cadence from the engine's start, which
  // also pulls at once: its ticks are at the first pull of the page's last load + k × 60 s.
  const pullStarts: number[] = [];
  let origin: number | null = null;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) origin = null;
  });
  page.on('request', (req) => {
    if (!req.url().includes('/rpc/sync_pull_many')) return;
    const now = Date.now();
    pullStarts.push(now);
    origin ??= now;
  });
  const isPeriodic = (t: number) => {
    if (origin === null) return false;
    const phase = (t - origin) % DEFAULT_ENGINE_OPTIONS.periodicMs;
    return phase <= 3_000 || phase >= DEFAULT_ENGINE_OPTIONS.periodicMs - 1_000;
  };
  page.on('websocket', (ws) => {
    sockets.push(ws);
    ws.on('framesent', () => frames++);
  });
  page.on('requestfinished', (req) => {
    if (!req.url().includes('/rpc/sync_pull_many')) return;
    pulls++;
    const t = req.timing();
    if (t.responseEnd > 0) pullMs.push(t.responseEnd - t.requestStart);
  });
  return {
    page,
    sockets,
    refused: () => refused,
    framesSent: () => frames,
    pulls: () => pulls,
    pullsBetween: (from, to) => {
      const ts = pullStarts.filter((t) => t >= from && t <= to);
      const periodic = ts.filter(isPeriodic).length;
      return { total: ts.length, periodic, extra: ts.length - periodic };
    },
    pullMs,
    close: () => context.close(),
  };
}

const sawLive = (d: Device) =>
  d.page.evaluate(() => (window as unknown as { __sawLive?: boolean }).__sawLive);

const statusOf = (page: Page) => page.getByTestId('sync-status').filter({ visible: true }).first();
const statusSelect = (page: Page) =>
  page.getByRole('combobox', { name: `Statut de la formation « ${TOPIC} »` });

async function openPlan(d: Device): Promise<void> {
  await d.page.goto('/training-plan');
  await expect(statusSelect(d.page)).toBeVisible();
}

/** Records, in the page, each value the plan's status select shows and when (Date.now()). */
async function recordStatusValues(page: Page): Promise<void> {
  await page.evaluate((label) => {
    const w = window as unknown as { __statusLog?: [number, string][] };
    const log: [number, string][] = (w.__statusLog = []);
    setInterval(() => {
      const v = (
        document.querySelector(`select[aria-label="${label}"]`) as HTMLSelectElement | null
      )?.value;
      if (v !== undefined && v !== log.at(-1)?.[1]) log.push([Date.now(), v]);
    }, 20);
  }, `Statut de la formation « ${TOPIC} »`);
}

/**
 * Edit i's latency on a device that only sees what it pulls: the first time it shows the value of
 * edit i or of a later edit (a pull shows the latest edit pushed before it; consecutive edits
 * differ, so the latest edit made before that time with the shown value is the one pulled).
 */
function latenciesFromLog(edits: { t0: number; value: string }[], log: [number, string][]) {
  const out: (number | null)[] = edits.map(() => null);
  for (const [t, v] of log) {
    let j = -1;
    for (let k = 0; k < edits.length; k++) if (edits[k]!.t0 <= t && edits[k]!.value === v) j = k;
    for (let i = 0; i <= j; i++) out[i] ??= t - edits[i]!.t0;
  }
  return out;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

test('two devices of one user: an edit on one appears on the other, « En direct »', async ({
  browser,
}) => {
  test.setTimeout(120_000 + EDITS * 10_000 + IDLE_MS + (BASELINE ? 120_000 : 0));
  const { user, second } = await userWithPlan();
  const a = await device(browser, user);
  const b = await device(browser, second);
  const c = BASELINE
    ? await device(browser, await anotherSession(user), { blockWebsockets: true })
    : null;
  await openPlan(a);
  await openPlan(b);
  await expect(statusOf(a.page)).toHaveText(/En direct/);
  await expect(statusOf(b.page)).toHaveText(/En direct/);
  expect(await sawLive(a)).toBe(true); // the recorder the blocked test relies on sees it
  if (c) {
    await openPlan(c);
    await expect(statusOf(c.page)).toHaveText(/Synchronisé/);
    await recordStatusValues(c.page);
  }

  const statuses = ['in_progress', 'completed', 'pending_funding', 'to_organize'] as const;
  const latencies: number[] = [];
  const edits: { t0: number; value: string }[] = [];
  for (let i = 0; i < EDITS; i++) {
    const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
    const next = statuses[i % statuses.length]!;
    const t0 = Date.now();
    edits.push({ t0, value: next });
    await statusSelect(from.page).selectOption(next);
    // No reload, no navigation: the other device's live query shows the pulled row.
    await to.page.waitForFunction(
      ([label, value]) =>
        (document.querySelector(`select[aria-label="${label}"]`) as HTMLSelectElement | null)
          ?.value === value,
      [`Statut de la formation « ${TOPIC} »`, next] as const,
      { polling: 10, timeout: 30_000 },
    );
    latencies.push(Date.now() - t0);
  }
  expect(await serverStatus(user.id)).toBe(statuses[(EDITS - 1) % statuses.length]);

  // Idle: one websocket per device (the leader tab's), its heartbeats, no pull.
  await a.page.waitForTimeout(1_000); // the last edit's cycles settle
  const [idleFrom, framesBefore] = [Date.now(), b.framesSent()];
  await b.page.waitForTimeout(IDLE_MS);
  const pulls = b.pullsBetween(idleFrom, Date.now());
  const idle = {
    pulls: pulls.extra,
    periodicPulls: pulls.periodic,
    framesSent: b.framesSent() - framesBefore,
  };
  // Only the safety net's periodic pull (at most one per 60 s), no other.
  expect(idle.pulls).toBe(0);
  expect(idle.periodicPulls).toBeLessThanOrEqual(
    Math.ceil(IDLE_MS / DEFAULT_ENGINE_OPTIONS.periodicMs),
  );
  expect(a.sockets.length).toBe(1);
  expect(b.sockets.length).toBe(1);
  await expect(statusOf(b.page)).toHaveText(/En direct/);

  if (c) {
    // The periodic-pull-only device: its next periodic pull (at most 60 s) brings the last edit.
    await expect(statusSelect(c.page)).toHaveValue(edits.at(-1)!.value, { timeout: 90_000 });
    const log = await c.page.evaluate(
      () => (window as unknown as { __statusLog: [number, string][] }).__statusLog,
    );
    const ms = latenciesFromLog(edits, log);
    expect(ms.every((x) => x !== null)).toBe(true);
    const seen = ms as number[];
    report.periodicOnly = {
      n: seen.length,
      ms: seen,
      p50: percentile(seen, 50),
      p95: percentile(seen, 95),
      max: Math.max(...seen),
      pulls: c.pulls(),
      refusedWebsockets: c.refused(),
    };
    await c.close();
  }
  Object.assign(report, {
    edits: {
      n: latencies.length,
      ms: latencies,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: Math.max(...latencies),
    },
    pullRoundTripMs: [...a.pullMs, ...b.pullMs],
    idle: { ms: IDLE_MS, ...idle, websockets: [a.sockets.length, b.sockets.length] },
  });
  await a.close();
  await b.close();
});

test("a public survey answer appears on the owner's open results page", async ({ browser }) => {
  test.setTimeout(120_000 + ANSWERS * 10_000);
  const { user } = await userWithPlan();
  const surveyId = randomUUID();
  const { error } = await serviceClient()
    .from('team_surveys')
    .insert({ id: surveyId, company_id: user.id, name: 'Sondage en direct', status: 'active' });
  if (error) throw error;
  const owner = await device(browser, user);
  await owner.page.goto(`/survey-results/${surveyId}`);
  const count = owner.page
    .getByRole('region', { name: 'Chiffres clés' })
    .getByText('Réponses')
    .locator('xpath=following-sibling::dd');
  await expect(count).toHaveText('0');
  await expect(statusOf(owner.page)).toHaveText(/En direct/);

  const latencies: number[] = [];
  for (let i = 1; i <= ANSWERS; i++) {
    const t0 = Date.now();
    const { error: answerError } = await anonClient().rpc('submit_survey_response', {
      p_response: {
        id: randomUUID(),
        survey_id: surveyId,
        department: 'commercial',
        first_name: 'Léa',
        last_name: `Martin ${i}`,
        responses: { priorities: 'Conquérir un nouveau marché' },
        tools_satisfaction: 'partially',
      },
    });
    expect(answerError).toBeNull();
    await owner.page.waitForFunction(
      (n) =>
        [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Réponses')
          ?.nextElementSibling?.textContent === String(n),
      i,
      { polling: 10, timeout: 30_000 },
    );
    latencies.push(Date.now() - t0);
  }
  await expect(count).toHaveText(String(ANSWERS));
  report.surveyAnswers = {
    n: latencies.length,
    ms: latencies,
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
  };
  await owner.close();
});

/** The owner's open results page shows `n` responses (its « Réponses » figure). */
function resultsCount(page: Page, n: number) {
  return page.waitForFunction(
    (count) =>
      [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Réponses')
        ?.nextElementSibling?.textContent === String(count),
    n,
    { polling: 10, timeout: 30_000 },
  );
}

/** Fills the public survey up to « Envoyer » (the name left empty: it is optional). */
async function fillSurvey(tab: Page, surveyId: string): Promise<void> {
  await tab.goto(`/survey/${surveyId}`);
  await tab.getByRole('button', { name: 'Commercial / Ventes' }).click();
  await tab.getByRole('radio', { name: 'Partiellement' }).check();
  await tab.getByRole('button', { name: 'Continuer' }).click();
  await expect(tab.getByRole('heading', { name: 'Pour finir' })).toBeVisible();
}

test('« Envoyer » on the public page: the answer appears on the open results page (issue 29)', async ({
  browser,
}) => {
  test.setTimeout(120_000 + SENDS * 20_000);
  const { user } = await userWithPlan();
  const surveyId = randomUUID();
  const { error } = await serviceClient()
    .from('team_surveys')
    .insert({ id: surveyId, company_id: user.id, name: 'Sondage envoyé', status: 'active' });
  if (error) throw error;
  const owner = await device(browser, user);
  await owner.page.goto(`/survey-results/${surveyId}`);
  await resultsCount(owner.page, 0);
  await expect(statusOf(owner.page)).toHaveText(/En direct/);

  const latencies: number[] = [];
  for (let i = 1; i <= SENDS; i++) {
    // Each answer from another phone (a fresh browser context, no account).
    const phone = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    const tab = await phone.newPage();
    await fillSurvey(tab, surveyId);
    const t0 = Date.now();
    await tab.getByRole('button', { name: 'Envoyer' }).click();
    await resultsCount(owner.page, i);
    latencies.push(Date.now() - t0);
    await expect(tab.getByText('Envoyé', { exact: true })).toBeVisible();
    await phone.close();
  }
  // The employer tries the link in their own browser (another tab of the same profile).
  const own = await owner.page.context().newPage();
  await fillSurvey(own, surveyId);
  const t0 = Date.now();
  await own.getByRole('button', { name: 'Envoyer' }).click();
  await resultsCount(owner.page, SENDS + 1);
  latencies.push(Date.now() - t0);
  await own.close();

  report.surveySends = {
    n: latencies.length,
    ms: latencies,
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
  };
  await owner.close();
});

test('websockets blocked: never « En direct »; the periodic and on-event pulls still converge', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { user, second } = await userWithPlan();
  const writer = await device(browser, user);
  const blocked = await device(browser, second, { blockWebsockets: true, clock: true });
  await openPlan(writer);
  await openPlan(blocked);
  await expect(statusOf(blocked.page)).toHaveText(/Synchronisé/);

  // The periodic pull (60 s; the clock is moved on instead of waiting).
  await statusSelect(writer.page).selectOption('in_progress');
  await expect.poll(() => serverStatus(user.id)).toBe('in_progress');
  await blocked.page.clock.fastForward('01:05');
  await expect(statusSelect(blocked.page)).toHaveValue('in_progress');

  // An on-event pull: the connection comes back.
  await statusSelect(writer.page).selectOption('completed');
  await expect.poll(() => serverStatus(user.id)).toBe('completed');
  await blocked.page.context().setOffline(true);
  await blocked.page.context().setOffline(false);
  await expect(statusSelect(blocked.page)).toHaveValue('completed');
  await expect(statusOf(blocked.page)).toHaveText(/Synchronisé/);
  expect(blocked.refused()).toBeGreaterThan(0); // it tried, and was refused every time
  expect(await sawLive(blocked)).toBe(false);
  await writer.close();
  await blocked.close();
});
