// The unlock-budget request end to end (02 §2.8, §2.9, §5, §8; issue 6): filled online, sent
// offline (kept in the local store and its outbox), then replicated to the server once the
// connection returns.
import { createUserWithCompany, serviceClient } from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';

const SIRET = '44306184100047';

async function serverRequests(profileId: string) {
  const { data, error } = await serviceClient()
    .from('survey_responses')
    .select('*')
    .eq('profile_id', profileId);
  if (error) throw error;
  return data as Array<Record<string, unknown>>;
}

test('an unlock-budget request sent offline arrives on the server after reconnecting', async ({
  page,
  context,
}) => {
  const user = await createUserWithCompany({ company_siret: SIRET });
  await injectSession(page, user);

  // /requests: the empty state, then 'Nouvelle demande' for the current company.
  await page.goto('/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeVisible();
  await expect(page.getByText('Aucune demande')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Nouvelle demande' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Débloquer mon budget formation' }),
  ).toBeVisible();
  await expect(page.getByText("Demande pour l'entreprise : Altéa Conseil")).toBeVisible();

  // Step 1 with its error, then 'Autre' and its free text.
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez sélectionner un objectif');
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: 'Autre' }).check();
  await page
    .getByRole('textbox', { name: /Précisez votre objectif/ })
    .fill('Préparer le passage à la facturation électronique');
  // A reload keeps what was typed.
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Précisez votre objectif/ })).toHaveValue(
    'Préparer le passage à la facturation électronique',
  );
  await page.getByRole('textbox', { name: /Précisez votre objectif/ }).press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: 'Public' })).toBeFocused();
  await page.getByRole('radio', { name: 'Équipes opérationnelles' }).check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('checkbox', { name: 'Gestion, finance et comptabilité' }).check();
  await page.getByRole('checkbox', { name: 'Bureautique et outils numériques' }).check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('radio', { name: 'Chaque semaine' }).check();
  await expectNoA11yViolations(page);

  // Offline: the request is kept locally and the toast says it will be sent later.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Votre demande a été envoyée avec succès !')).toBeVisible();
  await expect(
    page.getByText('Vous êtes hors ligne : elle sera transmise dès le retour de la connexion.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/requests$/);
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('En attente');
  await expect(card).toContainText("En attente d'envoi");
  await expect(card).toContainText('Préparer le passage à la facturation électronique');
  await expect(card).toContainText('Équipes opérationnelles');
  await expect(card).toContainText('Gestion, finance et comptabilité');
  await expect(card).toContainText('Chaque semaine');
  await expect(card).toContainText(/Demande du \d{1,2} \p{L}+ \d{4}/u);
  await expectNoA11yViolations(page);
  expect(await serverRequests(user.id)).toEqual([]);

  // Back online: the sync engine sends it; the marker goes away.
  await context.setOffline(false);
  await expect
    .poll(async () => (await serverRequests(user.id)).length, { timeout: 30_000 })
    .toBe(1);
  const [row] = await serverRequests(user.id);
  expect(row).toMatchObject({
    company_siret: SIRET,
    company_name: 'Altéa Conseil',
    objective: 'Préparer le passage à la facturation électronique',
    target: 'Équipes opérationnelles',
    topics: ['Gestion, finance et comptabilité', 'Bureautique et outils numériques'],
    rhythm: 'Chaque semaine',
    start_date: null,
    status: 'pending',
  });
  await expect(card).not.toContainText("En attente d'envoi", { timeout: 30_000 });
});

test('without a company, step 1 says so and offers to add one (issue 16 item 7)', async ({
  signedInPage: page,
}) => {
  await page.goto('/unlock-budget');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Débloquer mon budget formation',
  );
  const notice = page.getByTestId('unlock-no-company');
  await expect(notice).toContainText('Aucune entreprise sélectionnée');
  await expectNoA11yViolations(page);
  for (const [width, height, name] of [
    [1280, 800, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/unlock-no-company-${name}.png` });
  }
  await page.getByRole('radio', { name: 'Améliorer la performance commerciale' }).check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Objectif');
  await expect(page.getByRole('alert')).toHaveText('Aucune entreprise sélectionnée');
  await notice.getByRole('link', { name: 'Ajouter une entreprise' }).click();
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rechercher votre entreprise' }),
  ).toBeVisible();
});
