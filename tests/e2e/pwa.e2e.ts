// The installable PWA, proven offline in a real browser (issue 10): the service worker's precache,
// every signed-in screen reopening with no network, an offline training-plan session (edits, CSV
// export, reconnect: each edit reaches the server exactly once), and the update prompt after a new
// build (applied only on the user's click, never over unsent changes).
// The public survey answered offline and the cached budget with its date are proven in
// survey.e2e.ts and dashboard.e2e.ts.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  ANON_KEY,
  API_URL,
  createUserWithCompany,
  serviceClient,
  type TestUser,
} from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';
import { expectSynced } from './support/sync-status';

const ROOT = resolve(import.meta.dirname, '../..');

const userWithCompany = (): Promise<TestUser> => createUserWithCompany({ code_naf: '7022Z' });

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

const syncStatus = (page: Page) => page.getByTestId('sync-status').first();

async function serverTraining(companyId: string) {
  const { data, error } = await serviceClient()
    .from('training_requests')
    .select('id, topic, status, deleted_at')
    .eq('company_id', companyId);
  if (error) throw error;
  return data as Array<{ id: string; topic: string; status: string; deleted_at: string | null }>;
}

test('the service worker precaches the shell, the typeface and the manifest, nothing else and nothing twice', async () => {
  const sw = await readFile(resolve(ROOT, 'dist/sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  expect(urls).toContain('index.html');
  expect(urls).toContain('manifest.webmanifest');
  expect(urls.every((u) => /\.(js|css|html|webmanifest|woff2)$/.test(u))).toBe(true);
  // The typeface's one file (Latin, variable weight): the screens keep their font offline.
  expect(urls.filter((u) => u.endsWith('.woff2'))).toEqual([
    expect.stringMatching(/^assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/),
  ]);
  expect(new Set(urls).size).toBe(urls.length);
  const manifest = JSON.parse(
    await readFile(resolve(ROOT, 'dist/manifest.webmanifest'), 'utf8'),
  ) as Record<string, unknown>;
  expect(manifest).toMatchObject({
    lang: 'fr',
    display: 'standalone',
    start_url: '/',
    name: 'Budget Formation',
  });
  const icons = manifest.icons as Array<{ sizes: string; purpose: string }>;
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
});

test('the service worker controls the page and every signed-in screen reopens offline', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const user = await userWithCompany();
  const surveyId = randomUUID();
  const { error } = await serviceClient()
    .from('team_surveys')
    .insert({ id: surveyId, company_id: user.id, name: 'Besoins 2027', status: 'active' });
  expect(error).toBeNull();
  await injectSession(page, user);
  await page.goto('/dashboard');
  await waitForServiceWorkerControl(page);
  // The local store has the user's data before the network goes away.
  await expectSynced(syncStatus(page), { timeout: 30_000 });
  await page.goto(`/survey-results/${surveyId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  const screens: Array<[string, string]> = [
    ['/dashboard', 'Mon budget'],
    ['/dashboard/companies', 'Mes entreprises'],
    ['/requests', 'Mes demandes'],
    ['/unlock-budget', 'Débloquer mon budget'],
    ['/meetings', 'Prendre RDV'],
    ['/experts', 'Les experts'],
    ['/referral', 'Parrainage'],
    ['/training', 'Fonctionnement'],
    ['/training/recommendations', 'Trouver ma formation'],
    ['/training-plan', 'Projet de formation'],
    ['/training/new', 'Nouvelle demande de formation'],
    ['/team-survey', 'Sonder mon équipe'],
    [`/survey-results/${surveyId}`, 'Résultats du sondage'],
  ];
  for (const [path, title] of screens) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} · Budget Formation`);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByText('Page introuvable'), path).toHaveCount(0);
    await expect(syncStatus(page), path).toContainText('Hors ligne');
  }
  await context.setOffline(false);
});

test('offline training plan: edits and a CSV export with no network; each edit reaches the server exactly once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const user = await userWithCompany();
  const seeded = [
    { topic: 'Management agile', status: 'to_organize' },
    { topic: 'Excel avancé', status: 'to_organize' },
  ].map((r) => ({
    id: randomUUID(),
    company_id: user.id,
    ...r,
    pedagogical_objectives: 'Objectifs',
    business_impact: 'medium',
    format: 'remote',
    duration: 14,
    cost: 2000,
    coverage_rate: 100,
    remaining_cost: 0,
    company_siret: '44306184100047',
    company_name: 'Altéa Conseil',
  }));
  expect((await serviceClient().from('training_requests').insert(seeded)).error).toBeNull();

  await injectSession(page, user);
  await page.goto('/training-plan');
  await waitForServiceWorkerControl(page);
  const card = (topic: string) => page.getByRole('article', { name: topic });
  await expect(card('Management agile')).toBeVisible({ timeout: 30_000 });
  await expect(card('Excel avancé')).toBeVisible();

  // No network from here: the app reopens from the service worker and IndexedDB.
  await context.setOffline(true);
  await page.reload();
  await expect(card('Management agile')).toBeVisible();

  await card('Management agile').getByRole('combobox').selectOption({ label: 'En cours' });
  await card('Excel avancé').hover();
  await card('Excel avancé')
    .getByRole('button', { name: /Supprimer/ })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Supprimer/ })
    .click();
  await expect(card('Excel avancé')).toHaveCount(0);

  await page.goto('/training/new');
  await page.getByRole('textbox', { name: /Thématique/ }).fill('Sécurité au travail');
  await page
    .getByRole('textbox', { name: /Description et objectifs/ })
    .fill('Prévenir les risques sur les chantiers');
  await page.getByRole('radio', { name: 'Présentiel' }).check();
  // Offline, no estimate: the form says so and shows the duration and budget fields at once.
  await expect(
    page.getByRole('status').filter({ hasText: /Estimation indisponible hors ligne/ }),
  ).toBeVisible();
  await page.getByRole('spinbutton', { name: /Durée \(heures\)/ }).fill('7');
  await page.getByRole('spinbutton', { name: /Budget/ }).fill('900');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/training-plan$/);
  await expect(card('Sécurité au travail')).toBeVisible();
  // status, deletion, the new request and its placeholder employee 'À définir'
  await expect(syncStatus(page)).toContainText('4 modifications en attente');

  // Still there after reopening offline; nothing has reached the server yet.
  await page.reload();
  await expect(card('Sécurité au travail')).toBeVisible();
  expect((await serverTraining(user.id)).map((r) => r.status).sort()).toEqual([
    'to_organize',
    'to_organize',
  ]);

  // The CSV export works offline.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Exporter/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^projet-formation-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('Management agile');
  expect(csv).toContain('En cours');
  expect(csv).toContain('Sécurité au travail');
  expect(csv).not.toContain('Excel avancé');
  await expectNoA11yViolations(page);

  // Back online: every edit reaches the server, exactly once.
  await context.setOffline(false);
  await expectSynced(syncStatus(page), { timeout: 30_000 });
  const rows = await serverTraining(user.id);
  expect(rows).toHaveLength(3);
  expect(rows.filter((r) => r.topic === 'Sécurité au travail')).toHaveLength(1);
  expect(rows.find((r) => r.topic === 'Management agile')).toMatchObject({
    status: 'in_progress',
    deleted_at: null,
  });
  expect(rows.find((r) => r.topic === 'Excel avancé')?.deleted_at).not.toBeNull();
  // One applied record per mutation id (the server answers a repeated id with the first result).
  const applied = await serviceClient().rpc('sync_applied_records', { p_user_id: user.id });
  expect(applied.error).toBeNull();
  expect(applied.data!.length).toBeGreaterThanOrEqual(3);
  expect(new Set(applied.data!.map((r: { mutation_id: string }) => r.mutation_id)).size).toBe(
    applied.data!.length,
  );
});

test('after a new build, "Nouvelle version disponible" waits for unsent changes and applies only on click', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const user = await userWithCompany();
  const { error } = await serviceClient().from('training_requests').insert({
    id: randomUUID(),
    company_id: user.id,
    topic: 'Management agile',
    pedagogical_objectives: 'Objectifs',
    business_impact: 'medium',
    format: 'remote',
    duration: 14,
    cost: 2000,
  });
  expect(error).toBeNull();
  await injectSession(page, user);
  await page.goto('/training-plan');
  await waitForServiceWorkerControl(page);
  const card = page.getByRole('article', { name: 'Management agile' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  const firstBuild = await page.evaluate(() => document.documentElement.dataset.build);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // A new version is deployed.
  const label = `e2e-update-${Date.now()}`;
  const build = spawnSync(
    process.execPath,
    [resolve(ROOT, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: ROOT,
      // Built for the backend the suite runs (npm start builds with its URL and anon key): without
      // them the new version would carry the default demo key, and every later test of the run
      // would be refused (« Session expirée », sync-status auth_required).
      env: {
        ...process.env,
        VITE_APP_BUILD: label,
        VITE_SUPABASE_URL: API_URL,
        VITE_SUPABASE_ANON_KEY: ANON_KEY,
      },
      encoding: 'utf8',
    },
  );
  expect(build.status, build.stderr).toBe(0);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const prompt = page.getByRole('status').filter({ hasText: 'Nouvelle version disponible' });
  await expect(prompt).toBeVisible({ timeout: 60_000 });
  await expectNoA11yViolations(page);

  // A change waits to be sent: the update cannot be applied over it.
  await context.setOffline(true);
  await card.getByRole('combobox').selectOption({ label: 'En cours' });
  await expect(prompt).toContainText("1 modification n'est pas encore envoyée");
  await expect(prompt.getByRole('button', { name: 'Mettre à jour' })).toBeDisabled();

  // Nothing reloads by itself.
  await context.setOffline(false);
  await expectSynced(syncStatus(page), { timeout: 30_000 });
  await expect(prompt.getByRole('button', { name: 'Mettre à jour' })).toBeEnabled();
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
  expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe(firstBuild);
  await expect.poll(async () => (await serverTraining(user.id))[0]?.status).toBe('in_progress');

  // The user's click applies it: the new version takes over and the page reloads.
  await prompt.getByRole('button', { name: 'Mettre à jour' }).click();
  await page.waitForFunction(
    (expected) => document.documentElement.dataset.build === expected,
    label,
    {
      timeout: 60_000,
    },
  );
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBeUndefined();
  await expect(card).toBeVisible();
});
