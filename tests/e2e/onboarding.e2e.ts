// The onboarding wizard end to end (01 §2, §4, §8; issue 5), in Debian's chromium against
// `npm start`: the real registry, budget API, auth and database of the embedded backend.
import { buildReferralLink } from '../../src/domain/links';
import { encodeCompanyParam } from '../../src/domain/registry';
import {
  createConfirmedUser,
  serviceClient,
  uniqueEmail,
  waitForMailLink,
} from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';
import {
  agreementSelect,
  bandSelect,
  chooseBand,
  companyCombobox,
  fillAccount,
  PASSWORD,
  SAMPLE,
  searchAndPick,
  toast,
} from './support/onboarding-steps';

async function profileByEmail(email: string) {
  const { data, error } = await serviceClient()
    .from('profiles')
    .select('*')
    .eq('contact_email', email)
    .maybeSingle();
  if (error) throw error;
  return data as Record<string, unknown> | null;
}

async function simulationsOf(profileId: string) {
  const { data, error } = await serviceClient()
    .from('simulations')
    .select('*')
    .eq('profile_id', profileId);
  if (error) throw error;
  return data as Record<string, unknown>[];
}

test('a new user goes from the search to the dashboard, confirming the e-mail through the local mailbox', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('parcours');
  await page.goto('/rechercher-entreprise');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rechercher votre entreprise' }),
  ).toBeVisible();
  const steps = page
    .getByRole('list', { name: "Progression de l'inscription" })
    .getByRole('listitem');
  await expect(steps).toHaveText([/Entreprise/, /Informations/, /Contact/]);
  await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  await expectNoA11yViolations(page);

  // Step 1: fewer than 3 characters never searches; then the combobox, with the keyboard.
  await companyCombobox(page).fill('AL');
  await expect(page.getByRole('listbox', { name: 'Entreprises correspondantes' })).toBeHidden();
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);

  // Step 2: the first NAF suggestion preselected and its bands loaded.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Informations sur votre entreprise' }),
  ).toBeVisible();
  await expect(agreementSelect(page)).toHaveValue('1486');
  await expect(bandSelect(page).locator('option')).toHaveText([
    'Sélectionnez une tranche',
    'Auto-entrepreneur',
    '1 à 10 salariés',
    '11 à 49 salariés',
    '50 à 299 salariés',
    '300 salariés et plus',
    'Je ne trouve pas mon effectif',
  ]);
  // The sample company's INSEE band (1 or 2 employees) prefills 1 to 10, labelled sample data.
  await expect(bandSelect(page)).toHaveValue('1:10');
  await expect(page.getByText('Effectif INSEE 2023 : 1 ou 2 salariés')).toBeVisible();
  await expect(page.getByText("Données d'exemple : cette entreprise est fictive.")).toBeVisible();
  await bandSelect(page).selectOption('');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText("Veuillez sélectionner une tranche d'effectif")).toBeVisible();
  // The help popup: payslip example and contact link.
  await page.getByRole('button', { name: 'Où trouver ma convention collective ?' }).click();
  const help = page.getByRole('dialog', { name: 'Où trouver votre convention collective ?' });
  await expect(help.getByRole('img', { name: /bulletin de paie/ })).toBeVisible();
  await expect(help.getByRole('link', { name: /Contactez-nous/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await chooseBand(page, '11 à 49 salariés');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Continuer' }).click();

  // Step 3: the account form and its rules.
  await expect(page).toHaveURL(/\/creer-compte$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Créer votre compte' })).toBeVisible();
  const pending = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('pendingSimulation') ?? 'null'),
  );
  expect(pending).toMatchObject({
    company_siret: SAMPLE.altea.siret,
    idcc: '1486',
    employee_range_min: 11,
    employee_range_max: 49,
    // Atlas's published criteria for IDCC 1486, 11-49 (data/opco-criteria-2026.csv line 147).
    budget_type: 'TOTAL',
    budget_total: 3000,
  });
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le nom est requis')).toBeVisible();
  await expect(page.getByText('Email invalide')).toBeVisible();
  await expect(page.getByText('Veuillez sélectionner votre rôle')).toBeVisible();
  await expect(page.getByLabel('Prénom')).toBeFocused();
  await expectNoA11yViolations(page);
  await fillAccount(page, { email, phone: '06 12 34 56 78' });
  await page.getByLabel('Confirmer le mot de passe').fill('autre-chose');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  const stored = await page.evaluate(() => localStorage.getItem('contactFormData') ?? '');
  expect(stored).toContain(email);
  expect(stored).not.toContain(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  await expect(toast(page, 'Inscription réussie ! Veuillez vérifier votre email.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(`Email envoyé à ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Renvoyer l'email dans \d+ s/ })).toBeDisabled();
  expect(await page.evaluate(() => localStorage.getItem('pendingSimulation'))).toBeNull();
  await expectNoA11yViolations(page);
  // /verify-email replaced /creer-compte in the history.
  await page.goBack();
  await expect(page).toHaveURL(/\/informations-entreprise$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/verify-email$/);

  // Nothing is created for an address nobody has confirmed yet (docs/security.md).
  expect(await profileByEmail(email)).toBeNull();

  // The confirmation link, opened in another tab of the same browser, signs this one in too.
  const link = await waitForMailLink(email);
  const other = await context.newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Email vérifié avec succès !')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await other.close();

  // The confirmation made the server do steps 3-5: profile and first simulation.
  const profile = await profileByEmail(email);
  expect(profile).toMatchObject({
    contact_name: 'Camille Martin',
    contact_role: 'RH',
    contact_phone: '06 12 34 56 78',
    company_siret: SAMPLE.altea.siret,
  });
  const sims = await simulationsOf(String(profile!.id));
  expect(sims).toHaveLength(1);
  // Atlas's published criteria for IDCC 1486, 11-49: a yearly cap of 3 000 € HT.
  expect(sims[0]).toMatchObject({
    idcc: '1486',
    employee_range_min: 11,
    employee_range_max: 49,
    budget_type: 'TOTAL',
    budget_total: 3000,
    opco_name: expect.any(String),
  });
});

test('an existing account is sent to the login with its e-mail, then signs in', async ({
  page,
}) => {
  const existing = await createConfirmedUser();
  await page.goto('/rechercher-entreprise');
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);
  await chooseBand(page, '1 à 10 salariés');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await fillAccount(page, { email: existing.email });
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(
    toast(page, 'Un compte existe déjà avec cet email. Veuillez vous connecter.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(existing.email);
  await page.getByLabel('Mot de passe').fill(existing.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(toast(page, 'Connexion réussie !')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a referral link records the referral with status registered', async ({ page }) => {
  const referrer = await createConfirmedUser();
  const link = buildReferralLink('http://127.0.0.1:4173', referrer.id);
  const ref = new URL(link).searchParams.get('ref')!;
  await page.goto(link.replace('http://127.0.0.1:4173', ''));
  await expect(page).toHaveURL(/\/rechercher-entreprise\?ref=/);
  // The prerendered step 1 shows before the JavaScript that keeps the ref: wait for it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('referralId'))).toBe(ref);
  await searchAndPick(page, SAMPLE.altea.siret, SAMPLE.altea.name);
  await chooseBand(page, '50 à 299 salariés');
  await page.getByRole('button', { name: 'Continuer' }).click();
  const email = uniqueEmail('filleul');
  await fillAccount(page, { email, role: 'Dirigeant' });
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  // Recorded when the address is confirmed, not at sign-up (docs/security.md).
  expect(await profileByEmail(email)).toBeNull();
  await page.goto(await waitForMailLink(email));
  await expect(page).toHaveURL(/\/dashboard$/);
  const profile = await profileByEmail(email);
  const { data } = await serviceClient()
    .from('referrals')
    .select('*')
    .eq('referrer_id', referrer.id);
  expect(data).toHaveLength(1);
  expect(data![0]).toMatchObject({
    status: 'registered',
    referred_company_siret: SAMPLE.altea.siret,
    referred_company_name: SAMPLE.altea.name,
    referred_profile_id: profile!.id,
  });
});

test('an auto-entrepreneur gets no budget lookup and an AUTO_ENTREPRENEUR simulation', async ({
  page,
}) => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (/\/public\/pdc\/infoPdc\/[^/]+\/min\//.test(request.url())) lookups.push(request.url());
  });
  await page.goto('/rechercher-entreprise');
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);
  await chooseBand(page, 'Auto-entrepreneur');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/creer-compte$/);
  const email = uniqueEmail('ae');
  await fillAccount(page, { email, role: 'Auto entrepreneur' });
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  expect(lookups).toEqual([]);
  await page.goto(await waitForMailLink(email));
  await expect(page).toHaveURL(/\/dashboard$/);
  const profile = await profileByEmail(email);
  const sims = await simulationsOf(String(profile!.id));
  expect(sims[0]).toMatchObject({
    employee_range_min: 0,
    employee_range_max: 0,
    budget_type: 'AUTO_ENTREPRENEUR',
    budget_total: null,
  });
});

test('a company without NAF code comes back to the search with an explanation', async ({
  page,
}) => {
  await page.goto('/rechercher-entreprise');
  const input = companyCombobox(page);
  await input.fill(SAMPLE.noNaf.query);
  const option = page.getByRole('option').filter({ hasText: SAMPLE.noNaf.name });
  await option.hover();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await option.click();
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  await expect(page.getByRole('alert').filter({ hasText: "code d'activité (NAF)" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuer' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('the band fetch failing gives the default bands and a toast; the typed count auto-matches a band', async ({
  page,
}) => {
  await page.goto('/rechercher-entreprise');
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);
  await expect(agreementSelect(page)).toHaveValue('1486');
  await agreementSelect(page).selectOption({ label: "Autre convention (saisir l'IDCC)" });
  const idcc = page.getByRole('combobox', { name: 'Numéro IDCC' });
  // Non-digits are ignored; the prefix search proposes agreements from 3 digits.
  await idcc.fill('1a4b8');
  await expect(idcc).toHaveValue('148');
  await expect(
    page
      .getByRole('listbox', { name: 'Conventions correspondantes' })
      .getByRole('option', { name: /^1486 - / }),
  ).toBeVisible();
  // An agreement the budget API does not know: its bands cannot be fetched.
  await idcc.fill('9876');
  await expect(toast(page, "Erreur lors du chargement des tranches d'effectif")).toBeVisible();
  await expect(bandSelect(page).locator('option')).toHaveCount(7);
  await chooseBand(page, 'Je ne trouve pas mon effectif');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText("Veuillez saisir un nombre d'employés")).toBeVisible();
  await page.getByLabel("Nombre d'employés").fill('25');
  await expect(page.getByText('Tranche correspondante : 11 à 49 salariés')).toBeVisible();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/creer-compte$/);
  const pending = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('pendingSimulation') ?? 'null'),
  );
  expect(pending).toMatchObject({
    idcc: '9876',
    employee_range_min: 11,
    employee_range_max: 49,
    budget_type: 'UNKNOWN',
  });
});

test('offline, the search says so and the recently selected companies remain choosable', async ({
  page,
  context,
}) => {
  await page.goto('/rechercher-entreprise');
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);
  await expect(agreementSelect(page)).toHaveValue('1486');
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  await context.setOffline(true);
  await companyCombobox(page).fill('ALT');
  await expect(page.getByRole('alert').filter({ hasText: 'hors connexion' })).toBeVisible();
  await page.getByRole('button', { name: `Choisir ${SAMPLE.altea.name}` }).click();
  await expect(page).toHaveURL(/\/informations-entreprise$/);
  // The agreement suggestions of this company were kept: step 2 works offline.
  await expect(agreementSelect(page)).toHaveValue('1486');
  await context.setOffline(false);
});

test('signed in, adding a company saves it, and offline the cached budget is used with its date', async ({
  page,
  context,
}) => {
  const user = await createConfirmedUser();
  await injectSession(page, user);
  const company = {
    forme_juridique: 'SARL',
    isIdcc: true,
    siren: '978961233',
    siret: SAMPLE.altea.siret,
    companyName: SAMPLE.altea.name,
    companyAddress: '65 avenue de la République Zone industrielle Nord 73000 CHAMBÉRY',
    codeNaf: '62.02A',
    idcc: ['1486'],
  };
  const url = `/informations-entreprise?company=${encodeURIComponent(encodeCompanyParam(company))}`;
  await page.goto(url);
  await expect(page).toHaveURL(/\/informations-entreprise$/);
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  await chooseBand(page, '11 à 49 salariés');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(toast(page, 'Entreprise ajoutée avec succès')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(url);
  await chooseBand(page, '11 à 49 salariés');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(
    toast(page, /Hors connexion : budget calculé avec les données du \d{1,2} \S+ \d{4}\./),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.setOffline(false);
});

test('an invalid company parameter goes back to the search; step 2 without state goes to the dashboard', async ({
  page,
}) => {
  await page.goto('/informations-entreprise?company=pas-du-base64');
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  await page.goto('/informations-entreprise');
  // /dashboard then /login for an anonymous visitor.
  await expect(page).toHaveURL(/\/login$/);
});
