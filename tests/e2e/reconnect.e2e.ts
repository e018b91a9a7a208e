// The flush on reconnection (issue 29): an edit made offline reaches the server once the browser is
// back online, without waiting for a backoff armed during the outage nor for supabase-js's refresh
// cooldown. The session's access token expires during the outage (the page's clock is moved on
// instead of waiting): while offline no token refresh is even tried (a failed one would make
// supabase-js refuse that refresh token for a minute), and the first thing back online is the
// refresh, then the push.
//
// Also the measurement of `npm run bench:reconnect` (bench/reconnect.ts): with RECONNECT_REPORT set,
// each scenario is run RECONNECT_TRIES times and the times (from `online` to the row on the server,
// polled every 25 ms) are written there, with the baseline of the same run: an edit made online,
// from the click to the row on the server. No timing is asserted here.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';
import { test, expect, injectSession } from './support/fixtures';
import { createConfirmedUser, serviceClient, type TestUser } from './support/backend';
import { expectSynced } from './support/sync-status';
import { TEST_JWT_SECRET } from '../../server/testing/known-keys';

const REPORT = process.env.RECONNECT_REPORT ?? '';
const TRIES = REPORT ? Number(process.env.RECONNECT_TRIES ?? 5) : 1;
/** The secret the e2e backend runs with (playwright.config.ts sets it: issue 28 item 1). */
const JWT_SECRET = TEST_JWT_SECRET;

function simulation(name: string, siret: string) {
  return {
    id: randomUUID(),
    company_name: name,
    company_siret: siret,
    company_address: '12 rue de la Paix, 75002 Paris',
    code_naf: '6202A',
    idcc: null,
    employee_range_min: 11,
    employee_range_max: 49,
    budget_type: 'UNKNOWN',
  };
}

/** A user with two companies; the access token of its session expires in `tokenSeconds`. */
async function userWithTwoCompanies(tokenSeconds?: number) {
  const alpha = simulation('Alpha Conseil', '11111111100011');
  const beta = simulation('Bêta Industrie', '22222222200022');
  const user = await createConfirmedUser({ pending_simulation: alpha });
  const { error } = await serviceClient()
    .from('simulations')
    .insert({ ...beta, profile_id: user.id });
  if (error) throw error;
  if (tokenSeconds !== undefined) {
    const exp = Math.floor(Date.now() / 1000) + tokenSeconds;
    const token = await new SignJWT({ ...decodeJwt(user.session.access_token), exp })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(JWT_SECRET));
    user.session = { ...user.session, access_token: token, expires_at: exp };
  }
  return { user, alpha };
}

async function deletedOnServer(id: string): Promise<boolean> {
  const { data } = await serviceClient()
    .from('simulations')
    .select('deleted_at')
    .eq('id', id)
    .single();
  return Boolean(data?.deleted_at);
}

/** Milliseconds from `since` until the simulation is deleted on the server (polled). */
async function msUntilDeleted(id: string, since: number): Promise<number> {
  for (;;) {
    if (await deletedOnServer(id)) return Date.now() - since;
    if (Date.now() - since > 120_000) throw new Error('the change never reached the server');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function openCompanies(page: Page, user: TestUser) {
  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  await expectSynced(page.getByTestId('sync-status'));
}

async function deleteAlpha(page: Page) {
  await page.getByRole('button', { name: 'Supprimer Alpha Conseil' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
}

/** Token refresh requests sent while the test says the network is down. */
function watchTokenRequests(page: Page) {
  const state = { offline: false, whileOffline: 0, afterOnline: [] as string[] };
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/auth/v1/token')) {
      if (state.offline) state.whileOffline++;
      else state.afterOnline.push('token');
    } else if (url.includes('/rest/v1/rpc/sync_push') && !state.offline) {
      state.afterOnline.push('push');
    }
  });
  return state;
}

const results: Record<string, number[]> = { online: [], reconnect: [], expiredToken: [] };

test.afterAll(() => {
  if (REPORT) writeFileSync(REPORT, JSON.stringify({ tries: TRIES, ...results }, null, 2));
});

test('baseline: an edit made online reaches the server', async ({ browser }) => {
  for (let i = 0; i < TRIES; i++) {
    const { user, alpha } = await userWithTwoCompanies();
    const context = await browser.newContext();
    const page = await context.newPage();
    await openCompanies(page, user);
    const start = Date.now();
    await deleteAlpha(page);
    results.online!.push(await msUntilDeleted(alpha.id, start));
    await context.close();
  }
});

test('an edit made offline reaches the server as soon as the connection is back', async ({
  browser,
}) => {
  for (let i = 0; i < TRIES; i++) {
    const { user, alpha } = await userWithTwoCompanies();
    const context = await browser.newContext();
    const page = await context.newPage();
    await openCompanies(page, user);
    await context.setOffline(true);
    await deleteAlpha(page);
    await expect(page.getByTestId('sync-status')).toContainText('1 modification en attente');
    expect(await deletedOnServer(alpha.id)).toBe(false);
    const online = Date.now();
    await context.setOffline(false);
    const ms = await msUntilDeleted(alpha.id, online);
    results.reconnect!.push(ms);
    await expectSynced(page.getByTestId('sync-status'));
    await context.close();
  }
});

test('the token expired during the outage: no refresh tried offline, refresh then push once back', async ({
  browser,
}) => {
  for (let i = 0; i < TRIES; i++) {
    // 145 s: supabase-js refreshes once fewer than 4 ticks of 30 s are left (after 25 s or more);
    // 145 s leaves 25 s for the user's creation and the page's start.
    const { user, alpha } = await userWithTwoCompanies(145);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.clock.install();
    const requests = watchTokenRequests(page);
    await openCompanies(page, user);
    expect(requests.afterOnline).toEqual([]);

    await context.setOffline(true);
    requests.offline = true;
    await deleteAlpha(page);
    await expect(page.getByTestId('sync-status')).toContainText('1 modification en attente');
    // Three minutes offline: the token expires (and the periodic pulls come and go).
    for (let s = 0; s < 6; s++) await page.clock.fastForward('00:30');
    expect(requests.whileOffline).toBe(0);

    requests.offline = false;
    const online = Date.now();
    await context.setOffline(false);
    const ms = await msUntilDeleted(alpha.id, online);
    results.expiredToken!.push(ms);
    // The refresh came first (the expired token is never sent), then the push.
    expect(requests.afterOnline.slice(0, 2)).toEqual(['token', 'push']);
    await expectSynced(page.getByTestId('sync-status'));
    await context.close();
  }
});
