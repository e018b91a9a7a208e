// Team surveys end to end (02 §2.17-2.19) in chromium against `npm start`: a manager creates a
// survey; an employee opens its link in another browser with no account, answers with no network,
// closes the tab, reopens it still offline, reconnects; the manager sees exactly one response, the
// results and the AI recommendations, and adds one to the training plan; a closed survey says so.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  expectNoA11yViolations,
  injectSession,
  withRealOffline,
} from './support/fixtures';
import { createConfirmedUser, serviceClient, type TestUser } from './support/backend';
import { tabTo } from './support/keyboard';
import { startNetworkSwitch, type NetworkSwitch } from './support/network-switch';

const SURVEY_NAME = 'Besoins en formation 2027';

/** A manager whose company was created at sign-up (a training request needs one, 02 §5). */
async function managerWithCompany(page: Page): Promise<TestUser> {
  const user = await createConfirmedUser({
    pending_simulation: {
      id: randomUUID(),
      company_name: 'Boulangerie Martin',
      company_siret: `${Date.now()}`.slice(-9).padStart(9, '0') + '00011',
      company_address: '1 rue de la Paix, 75002 Paris',
      code_naf: '1071C',
      idcc: '0843',
      employee_range_min: 10,
      employee_range_max: 49,
      budget_type: 'UNKNOWN',
    },
  });
  await injectSession(page, user);
  return user;
}

/**
 * What the « Nouveau sondage » dialog suggests comes from the company in the local store as it
 * opens (it then keeps what it showed, even if the company arrives by sync meanwhile): on a fresh
 * device, wait for the first pull to bring the bakery, as the company switcher shows.
 */
async function companyOnDevice(page: Page) {
  await expect(
    page.getByRole('button', { name: /entreprise sélectionnée : Boulangerie Martin$/ }),
  ).toBeAttached();
}

async function createSurvey(
  page: Page,
  name: string,
  /** A service the company's activity suggests, waited for before choosing (null: none). */
  suggested: string | null = null,
): Promise<{ id: string; link: string }> {
  await page.goto('/team-survey');
  await expect(page.getByRole('heading', { level: 1, name: 'Sonder mon équipe' })).toBeVisible();
  if (suggested) await companyOnDevice(page);
  await page.getByRole('button', { name: 'Créer un sondage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau sondage' });
  await expect(dialog.getByRole('button', { name: 'Créer' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Nom du sondage/ }).fill(name);
  // The departments asked about (issue 29): « Commercial / Ventes » among them.
  if (suggested) await expect(dialog.getByRole('checkbox', { name: suggested })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Commercial / Ventes' }).check();
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText('Sondage créé avec succès')).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Actif')).toBeVisible();
  // Synchronised in the background: the link works once the survey is on the server.
  await expect(card.getByText(/pas encore synchronisé/)).toHaveCount(0);
  const link = await card.getByRole('textbox', { name: 'Lien du sondage' }).inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:4173\/survey\/[0-9a-f-]{36}$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByText('Lien copié !')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const id = link.split('/survey/')[1]!;
  // The note above may not have rendered yet when checked: wait for the survey on the server.
  await expect(async () => {
    const { data } = await serviceClient()
      .from('team_surveys')
      .select('id')
      .eq('id', id)
      .maybeSingle();
    expect(data?.id).toBe(id);
  }).toPass({ timeout: 30_000 });
  await expect(card.getByText(/pas encore synchronisé/)).toHaveCount(0);
  return { id, link };
}

/**
 * The page is the respondent's lean entry (survey.html, src/survey-main.tsx), not the app: one module
 * script, survey-*.js; and, when given, the app's entry script (router, app shell) was not loaded.
 */
async function expectSurveyEntry(tab: Page, appEntry?: string) {
  await expect(tab.locator('html')).toHaveAttribute('data-entry', 'survey');
  const scripts = await tab
    .locator('script[type="module"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('src')));
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/survey-[\w-]+\.js$/)]);
  if (appEntry) {
    const loaded = await tab.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(loaded.some((path) => path.startsWith('/assets/survey-'))).toBe(true);
    expect(loaded).not.toContain(appEntry);
  }
}

/** The app's entry script, as index.html names it. */
async function appEntryScript(page: Page): Promise<string> {
  const html = await (await page.request.get('/index.html')).text();
  const src = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(src).toMatch(/^\/assets\/.+\.js$/);
  return src!;
}

/** A browser context with no session: the employee's phone. */
async function employeeBrowser(browser: Browser, network?: NetworkSwitch) {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    ...(network ? { proxy: { server: network.server } } : {}),
  });
  // Its own network: setOffline takes it down for real (a tab closed offline then sends nothing).
  return network ? withRealOffline(context, network) : context;
}

test('an employee answers offline on the public link; the manager sees exactly one response', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const user = await managerWithCompany(page);
  const { id, link } = await createSurvey(page, SURVEY_NAME, 'Fournil et laboratoire');
  await expectNoA11yViolations(page);

  // --- the employee, no account ---
  const network = await startNetworkSwitch();
  const phone = await employeeBrowser(browser, network);
  let tab = await phone.newPage();
  await tab.goto(link);
  await expect(tab.getByRole('heading', { level: 1, name: SURVEY_NAME })).toBeVisible();
  await expect(tab.getByText('Étape 1 sur 3')).toBeVisible();
  await expectSurveyEntry(tab, await appEntryScript(page));
  await expect(tab).toHaveTitle('Sondage · Budget Formation');
  await expectNoA11yViolations(tab);
  // The survey page is now on the device (service worker + local copy of the survey).
  await tab.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await phone.setOffline(true);
  await tab.getByRole('button', { name: 'Commercial / Ventes' }).click();
  await expect(tab.getByText('Étape 2 sur 3')).toBeVisible();
  await expect(tab.getByText(/Hors ligne : vous pouvez répondre normalement/)).toBeVisible();
  await tab.getByRole('checkbox', { name: 'Négociation et closing' }).check();
  await tab.getByRole('checkbox', { name: 'Gestion de la relation client (CRM)' }).check();
  await tab.getByRole('radio', { name: 'Conquérir un nouveau marché' }).check();
  await tab.getByRole('button', { name: 'Continuer' }).click();
  await expect(tab.getByText('Veuillez répondre à la question sur les outils')).toBeVisible();
  await tab.getByRole('radio', { name: 'Partiellement' }).check();
  await tab.getByRole('textbox', { name: /Une suggestion/ }).fill('Un CRM plus simple à utiliser');
  await expectNoA11yViolations(tab);
  await tab.getByRole('button', { name: 'Continuer' }).click();
  await expect(tab.getByText('Étape 3 sur 3')).toBeVisible();
  await tab.getByRole('textbox', { name: /Prénom/ }).fill('Léa');
  await tab.getByRole('textbox', { name: /^Nom/ }).fill('Martin');
  await tab.getByRole('button', { name: 'Envoyer' }).click();
  await expect(
    tab.getByRole('heading', { name: 'Merci pour votre participation !' }),
  ).toBeVisible();
  await expect(tab.getByRole('status')).toContainText("En attente d'envoi");
  await expectNoA11yViolations(tab);

  // Close the tab, reopen the link, still offline: the service worker answers with the precached
  // survey.html (the lean page again, not the app); nothing lost, still waiting.
  await tab.close();
  tab = await phone.newPage();
  await tab.goto(link);
  await expect(
    tab.getByRole('heading', { name: 'Merci pour votre participation !' }),
  ).toBeVisible();
  await expect(tab.getByRole('status')).toContainText("En attente d'envoi");
  expect(await tab.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  await expectSurveyEntry(tab);
  const before = await serviceClient()
    .from('team_survey_responses')
    .select('id')
    .eq('survey_id', id);
  expect(before.data).toEqual([]);

  // Reconnect: the answer leaves, once.
  await phone.setOffline(false);
  await expect(tab.getByRole('status')).toContainText('Envoyé', { timeout: 30_000 });
  const after = await serviceClient().from('team_survey_responses').select('*').eq('survey_id', id);
  expect(after.data).toHaveLength(1);
  expect(after.data![0]).toMatchObject({
    company_id: user.id,
    department: 'commercial',
    first_name: 'Léa',
    last_name: 'Martin',
    tools_satisfaction: 'partially',
    improvement_suggestion: 'Un CRM plus simple à utiliser',
  });
  // Reopening once more neither shows the form nor sends again.
  await tab.reload();
  await expect(tab.getByRole('status')).toContainText('Envoyé');
  await phone.close();
  await network.close();

  // --- the manager: the response arrives by synchronisation ---
  await page.goto(`/survey-results/${id}`);
  const figures = page.getByRole('region', { name: 'Chiffres clés' });
  await expect(async () => {
    await page.reload();
    await expect(figures.getByText('Réponses').locator('xpath=following-sibling::dd')).toHaveText(
      '1',
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 60_000 });
  await expect(figures.getByText('Services').locator('xpath=following-sibling::dd')).toHaveText(
    '1',
  );
  await expect(
    figures.getByText('Jours de collecte').locator('xpath=following-sibling::dd'),
  ).toHaveText('1');
  const tools = page.getByRole('region', { name: 'Satisfaction vis-à-vis des outils' });
  await expect(tools.getByText('Partiellement : 100 % (1 réponse)')).toBeAttached();

  await page.getByRole('button', { name: /Commercial \/ Ventes \(1 réponse\)/ }).click();
  await expect(page.getByText('Négociation et closing : 100 % (1 réponse)')).toBeAttached();
  await expect(page.getByText('Léa Martin, le ')).toBeVisible();
  await expect(page.getByText('Un CRM plus simple à utiliser')).toBeVisible();

  // AI recommendations (local engine) and one added to the training plan.
  const ai = page.getByRole('region', { name: 'Recommandations de formation' });
  const add = ai.getByRole('button', { name: 'Ajouter au plan de formation' }).first();
  await expect(add).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page);
  await add.click();
  await expect(page.getByText('Formation ajoutée à votre plan de formation !')).toBeVisible();
  await expect(ai.getByText('Ajoutée au plan de formation')).toBeVisible();
  await expect(async () => {
    const { data } = await serviceClient()
      .from('training_requests')
      .select('topic, status, business_impact, funding_type')
      .eq('company_id', user.id);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({
      status: 'to_organize',
      business_impact: 'high',
      funding_type: 'OPCO',
    });
  }).toPass({ timeout: 30_000 });

  // The list shows the response too.
  await page.getByRole('link', { name: 'Retour aux sondages' }).click();
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: SURVEY_NAME }) });
  await expect(card.getByText('1 réponse', { exact: true })).toBeVisible();
  await expect(card.getByText('Commercial / Ventes : 1')).toBeVisible();
  const rows = await serviceClient().from('team_survey_responses').select('id').eq('survey_id', id);
  expect(rows.data).toHaveLength(1);
});

test('a closed survey says so to a respondent, and an answer waiting offline learns it when it is sent', async ({
  browser,
  signedInPage: page,
}) => {
  test.setTimeout(180_000);
  const { id, link } = await createSurvey(page, 'Sondage à clôturer');

  // An employee starts answering, goes offline, sends (waiting).
  const phone = await employeeBrowser(browser);
  const tab = await phone.newPage();
  await tab.goto(link);
  await tab.getByRole('button', { name: 'Technique / Informatique' }).click();
  await tab.getByRole('radio', { name: 'Oui' }).check();
  await tab.getByRole('button', { name: 'Continuer' }).click();
  await tab.getByRole('textbox', { name: /Prénom/ }).fill('Paul');
  await tab.getByRole('textbox', { name: /^Nom/ }).fill('Roy');
  await phone.setOffline(true);
  await tab.getByRole('button', { name: 'Envoyer' }).click();
  await expect(tab.getByRole('status')).toContainText("En attente d'envoi");

  // Meanwhile the manager closes the survey (no reopening offered).
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Sondage à clôturer' }) });
  await card.getByRole('button', { name: 'Clôturer', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clôturer' }).click();
  await expect(page.getByText('Sondage clôturé', { exact: true })).toBeVisible();
  await expect(card.getByText('Clôturé', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Clôturer', exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Copier le lien' })).toHaveCount(0);
  await expect(async () => {
    const { data } = await serviceClient()
      .from('team_surveys')
      .select('status')
      .eq('id', id)
      .single();
    expect(data?.status).toBe('closed');
  }).toPass({ timeout: 30_000 });

  await phone.setOffline(false);
  await expect(tab.getByRole('heading', { name: 'Ce sondage est clôturé' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(tab.getByText(/n'ont pas pu être prises en compte/)).toBeVisible();

  // A new visitor of the link is told at once.
  const other = await (await employeeBrowser(browser)).newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Ce sondage est clôturé' })).toBeVisible();
  await expectNoA11yViolations(other);
  await other.goto('/survey/00000000-0000-4000-8000-000000000000');
  await expect(other.getByRole('heading', { name: 'Sondage non trouvé' })).toBeVisible();
  await other.goto('/survey');
  await expect(other.getByRole('heading', { name: 'ID du sondage manquant' })).toBeVisible();
  await expectSurveyEntry(other);
  const { data } = await serviceClient()
    .from('team_survey_responses')
    .select('id')
    .eq('survey_id', id);
  expect(data).toEqual([]);
  await phone.close();
  await other.context().close();
});

test('issue 29: a bakery surveys its own services by keyboard; a phone answers without a name, told who sees it', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await managerWithCompany(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // --- the employer, keyboard only ---
  await page.goto('/team-survey');
  await companyOnDevice(page);
  const create = page.getByRole('button', { name: 'Créer un sondage' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nouveau sondage' });
  await expect(dialog.getByRole('textbox', { name: /Nom du sondage/ })).toBeFocused();
  await page.keyboard.type('Besoins du fournil');
  await expect(
    dialog.getByRole('group', { name: 'Services interrogés' }),
  ).toHaveAccessibleDescription(
    /Services suggérés pour une boulangerie-pâtisserie, d'après l'activité de Boulangerie Martin/,
  );
  const add = dialog.getByRole('textbox', { name: 'Ajouter un service' });
  await tabTo(page, add);
  await page.keyboard.type('Livraison');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('checkbox', { name: 'Livraison' })).toBeChecked();
  const questions = dialog.getByRole('region', { name: 'Questions posées' });
  await expect(questions.getByText('Livraison : 3 questions')).toBeVisible();
  await expectNoA11yViolations(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Créer' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article').filter({
    has: page.getByRole('heading', { name: 'Besoins du fournil' }),
  });
  await expect(card.getByText(/pas encore synchronisé/)).toHaveCount(0);
  const link = await card.getByRole('textbox', { name: 'Lien du sondage' }).inputValue();

  // Share: no share sheet in this browser, so the link is copied.
  const share = card.getByRole('button', { name: 'Partager' });
  await tabTo(page, share);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Lien copié !')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const qr = card.getByRole('button', { name: 'QR code du sondage Besoins du fournil' });
  await tabTo(page, qr, { max: 5 });
  await page.keyboard.press('Enter');
  const qrDialog = page.getByRole('dialog', { name: 'QR code du sondage' });
  await expect(qrDialog.getByRole('img', { name: /QR code ouvrant le sondage/ })).toBeVisible();
  await expect(qrDialog.getByText(link)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(qr).toBeFocused();

  // --- an employee on a phone (390×844), no account ---
  const phone = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const tab = await phone.newPage();
  await tab.goto(link);
  await expect(tab.getByText('Sondage de Boulangerie Martin')).toBeVisible();
  const privacy = tab.getByRole('region', { name: 'Qui voit vos réponses ?' });
  await expect(privacy).toContainText('Boulangerie Martin voit vos réponses');
  await expect(privacy).toContainText('conservées tant que Boulangerie Martin ne les supprime pas');
  await expect(privacy).toContainText('Pour faire supprimer votre réponse');
  expect(await tab.locator('body').innerText()).not.toMatch(/anonyme/i);
  await expectNoA11yViolations(tab);
  await tab.getByRole('button', { name: 'Livraison' }).tap();
  await tab
    .getByRole('textbox', { name: 'Quel est votre métier ou votre fonction ?' })
    .fill('Livreur');
  await tab.getByRole('radio', { name: 'Non' }).tap();
  await tab.getByRole('textbox', { name: /Une suggestion/ }).fill('Un utilitaire plus récent');
  await tab.getByRole('button', { name: 'Continuer' }).tap();
  const first = tab.getByRole('textbox', { name: 'Prénom (facultatif)' });
  await expect(first).toHaveAccessibleDescription(
    'Laisser vide pour répondre sans donner votre nom',
  );
  await expectNoA11yViolations(tab);
  await tab.getByRole('button', { name: 'Envoyer' }).tap();
  await expect(tab.getByRole('status')).toContainText('Envoyé');
  await phone.close();

  // --- the results: the employer's own department, « Réponse sans nom » ---
  const id = link.split('/survey/')[1]!;
  await page.goto(`/survey-results/${id}`);
  const section = page.getByRole('button', { name: /Livraison \(1 réponse\)/ });
  await tabTo(page, section);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Livreur')).toBeVisible();
  await expect(page.getByText(/^Réponse sans nom, le /).first()).toBeVisible();
  await expectNoA11yViolations(page);
});
