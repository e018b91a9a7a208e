// Every visible string of every screen (issue 29 "Done when"): the screens are walked signed out
// and signed in with sample data; each one's innerText, and the words screen readers say
// (aria-label, placeholder, title, alt), are split into sentences and normalised
// (tests/e2e/support/visible-strings.ts). The test fails on:
//  - a raw code or enum value, or an English word (otp_expired, UNKNOWN, undefined, null, NaN...),
//    whatever the allow-list says;
//  - a sentence missing from the committed allow-list (tests/e2e/visible-strings.allow.txt).
// `npm run strings:allow` (VISIBLE_STRINGS_WRITE=1) walks the same screens and writes the
// allow-list instead, for review (it still refuses forbidden tokens).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, injectSession, test } from './support/fixtures';
import { API_URL, createConfirmedUser, uniqueEmail } from './support/backend';
import { startFakeGouv } from './support/fake-gouv-registry';
import {
  chooseBand,
  companyCombobox,
  fillAccount,
  SAMPLE,
  searchAndPick,
} from './support/onboarding-steps';
import { seedSampleAccount } from './support/sample-account';
import { expectSynced } from './support/sync-status';
import { sync } from '../../src/i18n/fr/sync';
import {
  forbiddenTokens,
  readAllowList,
  sentencesOf,
  writeAllowList,
  type Forbidden,
} from './support/visible-strings';

const WRITE = process.env.VISIBLE_STRINGS_WRITE === '1';
const seen = new Map<string, string[]>();

/**
 * The screen's visible text and the words read aloud for its controls, once it has settled; with
 * a dialog open, the dialog's alone (the page behind it is collected on its own).
 */
async function collect(page: Page, screen: string): Promise<void> {
  // no spinner, and no picture still being looked for (its alt text would come later)
  await expect(page.locator('.page-spinner, [aria-busy="true"], [data-pending]')).toHaveCount(0);
  const texts = await page.evaluate(() => {
    const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]');
    const root = dialogs.length > 0 ? dialogs[dialogs.length - 1]! : document.body;
    const spoken: string[] = [];
    for (const el of root.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value) spoken.push(value);
      }
    }
    return [root.innerText, ...spoken];
  });
  const sentences = texts.flatMap(sentencesOf);
  seen.set(screen, [...(seen.get(screen) ?? []), ...sentences]);
}

async function open(page: Page, path: string, screen: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await collect(page, screen);
}

test.describe.configure({ mode: 'serial' });

test('a visitor’s screens', async ({ page }) => {
  test.setTimeout(240_000);
  await open(page, '/rechercher-entreprise', '/rechercher-entreprise');
  await page.getByRole('combobox', { name: "Nom de l'entreprise ou numéro SIRET" }).fill('conseil');
  await expect(page.getByRole('listbox', { name: 'Entreprises correspondantes' })).toBeVisible();
  await collect(page, '/rechercher-entreprise');
  await page.getByRole('combobox', { name: "Nom de l'entreprise ou numéro SIRET" }).fill('');
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);
  await chooseBand(page, '11 à 49 salariés');
  await collect(page, '/informations-entreprise');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Créer votre compte' })).toBeVisible();
  await collect(page, '/creer-compte');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le nom est requis')).toBeVisible();
  await collect(page, '/creer-compte');
  await fillAccount(page, { email: uniqueEmail('strings') });
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await collect(page, '/verify-email');

  await page.evaluate(() => localStorage.clear());
  await open(page, '/login', '/login');
  await page.getByLabel('Email').fill('personne@exemple.fr');
  await page.getByLabel('Mot de passe').fill('pas le bon mot de passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText(/Email ou mot de passe incorrect/).first()).toBeVisible();
  await collect(page, '/login');
  await open(page, '/mot-de-passe-oublie', '/mot-de-passe-oublie');
  await open(page, '/nouveau-mot-de-passe', '/nouveau-mot-de-passe');
  await open(page, '/training', '/training');
  await open(page, '/conditions-utilisation', '/conditions-utilisation');
  await open(page, '/confidentialite', '/confidentialite');
  await open(page, '/page-inexistante', '404');
});

test('a respondent’s screens', async ({ page }) => {
  const account = await seedSampleAccount();
  await page.goto(`/survey/${account.surveyId}`);
  await expect(page.getByText('Étape 1 sur 3')).toBeVisible();
  await collect(page, '/survey');
  await page.getByRole('button', { name: 'Commercial / Ventes' }).click();
  await expect(page.getByText('Étape 2 sur 3')).toBeVisible();
  await collect(page, '/survey');
  await page.getByRole('radio', { name: 'Partiellement' }).check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText('Étape 3 sur 3')).toBeVisible();
  await collect(page, '/survey');
  await page.goto(`/survey/${account.closedSurveyId}`);
  await expect(page.getByText('Ce sondage est clôturé')).toBeVisible();
  await collect(page, '/survey');
  await page.goto('/survey/lien-coupe');
  await expect(page.getByRole('heading', { name: 'Sondage non trouvé' })).toBeVisible();
  await collect(page, '/survey');
});

test('an employer’s screens, with sample data', async ({ page }) => {
  test.setTimeout(300_000);
  const account = await seedSampleAccount();
  await injectSession(page, account.user);
  // The same advisor at every run (the booking modal picks one of four at random).
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  // the sample data pulled first: every screen shows its own strings, not « no company yet »
  await page.goto('/dashboard');
  await expectSynced(page.getByTestId('sync-status'));
  const pages: Array<[string, string]> = [
    ['/dashboard', '/dashboard'],
    ['/dashboard/companies', '/dashboard/companies'],
    [`/dashboard/companies?view=details&siret=44306184100047`, '/dashboard/companies'],
    [`/dashboard/companies?view=edit&siret=44306184100047`, '/dashboard/companies'],
    ['/dashboard/companies?view=search', '/dashboard/companies'],
    ['/requests', '/requests'],
    ['/unlock-budget', '/unlock-budget'],
    ['/meetings', '/meetings'],
    ['/experts', '/experts'],
    ['/referral', '/referral'],
    ['/training', '/training'],
    ['/training/recommendations', '/training/recommendations'],
    ['/training-plan', '/training-plan'],
    ['/training/new', '/training/new'],
    ['/team-survey', '/team-survey'],
    [`/survey-results/${account.surveyId}`, '/survey-results'],
    ['/conditions-utilisation', '/conditions-utilisation'],
    ['/page-inexistante', '404'],
  ];
  for (const [path, screen] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // embedded frames inserted (their titles are read aloud), not half-way
    if (path === '/meetings') await expect(page.locator('iframe')).toBeAttached();
    if (path === '/dashboard') await expect(page.locator('iframe.promo-frame')).toBeAttached();
    await collect(page, screen);
    if (path === '/dashboard/companies') {
      await page
        .getByRole('button', { name: /^Supprimer / })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await collect(page, 'companies: delete');
      await page.keyboard.press('Escape');
    }
    if (path === '/team-survey') {
      await page
        .getByRole('button', { name: /Nouveau sondage|Créer un sondage/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await collect(page, 'team-survey: new');
      await page.keyboard.press('Escape');
    }
    if (path === '/experts') {
      await page
        .getByRole('button', { name: /^Voir le profil de / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await collect(page, '/experts');
      await page.getByRole('dialog').getByRole('button', { name: 'Prendre rendez-vous' }).click();
      await expect(page.getByRole('dialog', { name: 'Prendre rendez-vous' })).toBeVisible();
      await expect(page.getByRole('dialog').locator('iframe')).toBeAttached();
      await collect(page, 'booking');
      await page.keyboard.press('Escape');
    }
    if (path === '/training/recommendations') {
      await page.getByRole('button', { name: 'Maîtriser Excel et les tableaux de bord' }).click();
      await expect(page.getByRole('article').first()).toBeVisible();
      await collect(page, '/training/recommendations');
    }
  }
  await page.goto('/dashboard');
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Paramètres' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Paramètres du compte' })).toBeVisible();
  await collect(page, 'settings');
  await page.keyboard.press('Escape');
  await page.getByTestId('sync-status').getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Synchronisation' })).toBeVisible();
  await collect(page, 'sync');
});

/** A signed-in company whose first simulation is `idcc` with `range` (issue 27's dashboards). */
async function dashboardFor(page: Page, idcc: string, range: [number, number]): Promise<void> {
  const user = await createConfirmedUser({
    contact_phone: '06 12 34 56 78',
    pending_simulation: {
      id: randomUUID(),
      company_name: 'Altéa Conseil',
      company_address: '10 rue de Rivoli, 75001 Paris',
      company_siret: '44306184100047',
      code_naf: '62.02A',
      idcc,
      employee_range_min: range[0],
      employee_range_max: range[1],
      budget_type: 'UNKNOWN',
      opco_name: '',
      taux_prise_en_charge: 0,
    },
  });
  await injectSession(page, user);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

test('the budget card’s states and the OPCO dialogs (issue 27)', async ({ page }) => {
  test.setTimeout(300_000);
  // A figure, a range with both sources, a TTC figure, no yearly cap, the rule from 50 employees,
  // no figure published, and an agreement the service does not know.
  const cases: Array<[string, [number, number]]> = [
    ['3248', [1, 10]],
    ['0573', [11, 49]],
    ['1794', [1, 10]],
    ['1597', [11, 49]],
    ['1486', [300, 999_999]],
    ['3127', [1, 10]],
    ['0573', [50, 299]],
  ];
  for (const [idcc, range] of cases) {
    await dashboardFor(page, idcc, range);
    await expect(page.getByTestId('budget-source').first()).toBeVisible();
    if (idcc !== '0573' || range[0] !== 50)
      await expect(page.locator('[data-testid="budget-figure"][data-figure]')).toBeVisible();
    await page
      .getByRole('button', { name: 'En savoir plus sur les conditions de financements' })
      .click();
    await collect(page, `/dashboard (${idcc})`);
  }
  await page.getByRole('button', { name: 'Demander confirmation à mon OPCO' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Demander confirmation à mon OPCO' }),
  ).toBeVisible();
  await collect(page, 'dashboard: OPCO request');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Mon OPCO m'a indiqué un/ }).click();
  const record = page.getByRole('dialog', { name: 'Le montant indiqué par votre OPCO' });
  await expect(record).toBeVisible();
  await collect(page, 'dashboard: OPCO amount');
  await record.getByRole('button', { name: 'Enregistrer' }).click();
  await collect(page, 'dashboard: OPCO amount');
  await page.keyboard.press('Escape');
});

test('an agreement the budget service does not know (issue 27)', async ({ page }) => {
  // a page of its own: a fresh device, as in tests/e2e/dashboard.e2e.ts
  await dashboardFor(page, '4321', [1, 10]);
  await expect(page.getByTestId('budget-unknown-idcc')).toBeVisible();
  await collect(page, '/dashboard (4321)');
});

async function untilGouvAnswers(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () =>
        (await request.get(`${API_URL}/registry/v2?q=447654385&cibles=siret`)).headers()[
          'x-data-source'
        ],
      { timeout: 15_000 },
    )
    .toBe('gouv');
}

test('the official registry’s answers at steps 1 and 2 (issue 27 item 6)', async ({
  page,
  request,
}) => {
  const gouv = await startFakeGouv();
  try {
    await untilGouvAnswers(request);
    await page.goto('/rechercher-entreprise');
    await companyCombobox(page).fill('901 234 567 00013');
    const option = page.getByRole('option', { name: /Entreprise non diffusible/ });
    await expect(option).toBeVisible();
    await collect(page, '/rechercher-entreprise');
    await option.click();
    const form = page.getByRole('form', { name: 'Entreprise non diffusible' });
    await collect(page, '/rechercher-entreprise');
    await form.getByLabel('Nom de votre entreprise').fill('Salon Léa');
    await form.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL(/\/informations-entreprise$/);
    await collect(page, '/informations-entreprise');
    await page.goto('/rechercher-entreprise');
    await searchAndPick(page, '812345676', 'ATELIERS DUVAL');
    await expect(page.getByText(/Cet établissement déclare l'IDCC 1486/)).toBeVisible();
    await collect(page, '/informations-entreprise');
  } finally {
    await gouv.stop();
  }
});

test('every sentence is French, with no code, and in the allow-list', () => {
  // The sync status changes by itself (a short pull after another device's change): any of the
  // states a settled, online screen can show is accepted on every screen.
  seen.set('sync status', [sync.status.synced, sync.status.live, sync.status.syncing]);
  const forbidden: Forbidden[] = [];
  for (const sentences of seen.values())
    for (const sentence of new Set(sentences)) forbidden.push(...forbiddenTokens(sentence));
  expect(
    forbidden.map((f) => `${f.why} « ${f.token} » in « ${f.sentence} »`),
    'codes, enum values or English on a screen',
  ).toEqual([]);
  if (WRITE) {
    writeAllowList(seen);
    return;
  }
  const allowed = readAllowList().sentences;
  const unknown = [
    ...new Set(
      [...seen].flatMap(([screen, sentences]) =>
        sentences.filter((s) => !allowed.has(s)).map((s) => `${screen} → ${s}`),
      ),
    ),
  ];
  expect(
    unknown,
    'sentences missing from tests/e2e/visible-strings.allow.txt (review them, then npm run strings:allow)',
  ).toEqual([]);
});
