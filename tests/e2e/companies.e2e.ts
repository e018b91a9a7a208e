// My companies in chromium against `npm start`: list, search, details, add up to the limit,
// delete (with its associated data) and the redirect after the last one; axe on every view.
import { randomUUID } from 'node:crypto';
import { test, expect, expectNoA11yViolations, injectSession } from './support/fixtures';
import { createConfirmedUser, serviceClient, type TestUser } from './support/backend';
import { chooseBand, SAMPLE, searchAndPick } from './support/onboarding-steps';
import { expectSynced } from './support/sync-status';

function simulation(name: string, siret: string, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    company_name: name,
    company_siret: siret,
    company_address: '3 rue des Lilas, 75011 Paris',
    code_naf: '1071C',
    idcc: '0843',
    employee_range_min: 10,
    employee_range_max: 49,
    budget_type: 'UNKNOWN',
    opco_name: 'OPCO EP',
    ...extra,
  };
}

async function addSimulation(user: TestUser, s: ReturnType<typeof simulation>) {
  const { error } = await serviceClient()
    .from('simulations')
    .insert({ ...s, profile_id: user.id });
  if (error) throw error;
}

const liveSimulations = async (user: TestUser) =>
  (
    await serviceClient()
      .from('simulations')
      .select('id')
      .eq('profile_id', user.id)
      .is('deleted_at', null)
  ).data?.length ?? -1;

test('list → search → details and back, accessible at every step', async ({ page }) => {
  const alpha = simulation('Boulangerie Alpha', '11111111100011');
  const user = await createConfirmedUser({ pending_simulation: alpha });
  await addSimulation(
    user,
    simulation('Conseil Bêta', '22222222200022', {
      company_address: '5 quai Perrache, 69002 Lyon',
    }),
  );
  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes entreprises' })).toBeVisible();
  const cards = page.getByTestId('company-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Conseil Bêta');
  await expect(cards.first()).toContainText('5 quai Perrache, 69002 Lyon');
  await expect(cards.first()).toContainText('22222222200022');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.getByRole('searchbox', { name: 'Nom, adresse ou SIRET' }).fill('boulang');
  await expect(page.getByText('1 entreprise trouvée')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: /Boulangerie Alpha/ }).click();

  const details = page.getByRole('region', { name: "Informations de l'entreprise" });
  await expect(details).toContainText('11111111100011');
  await expect(details).toContainText('10 à 49 salariés');
  await expect(details).toContainText('0843');
  await expect(details).toContainText('OPCO EP');
  await expectNoA11yViolations(page);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Rechercher une entreprise' })).toBeVisible();
  await page.getByRole('button', { name: 'Retour à la liste' }).click();
  await expect(cards).toHaveCount(2);
});

test('add up to the limit: step 1 opens in adding mode below 3; at 3 the button is gone and the limit is said', async ({
  page,
}) => {
  const user = await createConfirmedUser({
    pending_simulation: simulation('Alpha', '11111111100011'),
  });
  await addSimulation(user, simulation('Bêta', '22222222200022'));
  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  await expect(page.getByTestId('company-card')).toHaveCount(2);
  await expect(page.getByText('2 entreprises sur 3')).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('button', { name: /Ajouter une entreprise/ })
    .click();
  // the guard lets a signed-in user through to step 1 when adding a company
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // the third company (created on another device) arrives by sync
  await addSimulation(user, simulation('Gamma', '33333333300033'));
  await page.goto('/dashboard/companies');
  await expect(page.getByTestId('company-card')).toHaveCount(3);
  await expect(page.getByText('3 entreprises sur 3')).toBeVisible();
  await expect(page.getByRole('button', { name: /Ajouter une entreprise/ })).toHaveCount(0);
  await expect(
    page.getByRole('main').getByText('Vous ne pouvez pas ajouter plus de 3 entreprises'),
  ).toBeVisible();
  await page.getByRole('button', { name: /Changer d'entreprise/ }).click();
  await expect(page.getByRole('button', { name: /Ajouter une entreprise/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('delete: confirmation, all associated data removed on the server, then /dashboard after the last one', async ({
  page,
}) => {
  const alpha = simulation('Alpha', '11111111100011');
  const user = await createConfirmedUser({ pending_simulation: alpha });
  const beta = simulation('Bêta', '22222222200022');
  await addSimulation(user, beta);
  const request = {
    id: randomUUID(),
    profile_id: user.id,
    company_siret: alpha.company_siret,
    company_name: alpha.company_name,
    objective: 'skills',
    target: 'all',
    topics: ['management'],
    rhythm: 'weekly',
    status: 'pending',
  };
  const inserted = await user.client.from('survey_responses').insert(request);
  expect(inserted.error).toBeNull();

  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  await expect(page.getByTestId('company-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Supprimer Alpha' }).click();
  const dialog = page.getByRole('alertdialog', { name: "Supprimer l'entreprise" });
  await expect(dialog).toContainText('irréversible');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Entreprise supprimée avec succès')).toBeVisible();
  await expect(page.getByTestId('company-card')).toHaveCount(1);
  await expect.poll(() => liveSimulations(user)).toBe(1);
  await expect
    .poll(
      async () =>
        (
          await serviceClient()
            .from('survey_responses')
            .select('deleted_at')
            .eq('id', request.id)
            .single()
        ).data?.deleted_at ?? null,
    )
    .not.toBeNull();

  await page.getByRole('button', { name: 'Supprimer Bêta' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => liveSimulations(user)).toBe(0);
  await page.goto('/dashboard/companies');
  await expect(page.getByRole('main').getByText('Aucune entreprise')).toBeVisible();
  await expectNoA11yViolations(page);
});

// ---- issue 29 items 3 and 6 ----

test('adding a company while signed in: steps 1 and 2 inside the app shell, without the visitor’s stepper nor marketing', async ({
  page,
}) => {
  const user = await createConfirmedUser({
    pending_simulation: simulation('Alpha', '11111111100011'),
  });
  await injectSession(page, user);
  await page.goto('/dashboard/companies');
  await expect(page.getByTestId('company-card')).toHaveCount(1);
  await page
    .getByRole('main')
    .getByRole('button', { name: /Ajouter une entreprise/ })
    .click();
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  const shell = page.getByRole('navigation', { name: 'Navigation principale' });
  const inShell = async () => {
    await expect(shell).toBeVisible();
    await expect(page.getByRole('list', { name: "Progression de l'inscription" })).toHaveCount(0);
    await expect(page.getByText('Contact', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Nos engagements')).toHaveCount(0);
  };
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rechercher votre entreprise' }),
  ).toBeFocused();
  await inShell();
  await expectNoA11yViolations(page);
  await searchAndPick(page, SAMPLE.altea.query, SAMPLE.altea.name);
  await chooseBand(page, '11 à 49 salariés');
  await inShell();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: /Changer d'entreprise/ })).toHaveAccessibleName(
    /ALTÉA SYSTÈMES/,
  );
});

test('editing the agreement and the headcount, offline and keyboard only: 1596 with 11 to 49 is warned, saved, then sent', async ({
  page,
  context,
}) => {
  const alpha = simulation('Bâtiment Alpha', '11111111100011', {
    idcc: '1597',
    employee_range_min: 11,
    employee_range_max: 49,
  });
  const user = await createConfirmedUser({ pending_simulation: alpha });
  await injectSession(page, user);
  await page.goto(`/dashboard/companies?view=details&siret=${alpha.company_siret}`);
  await expectSynced(page.getByTestId('sync-status'));

  await context.setOffline(true);
  const edit = page.getByRole('button', {
    name: "Modifier la convention collective et l'effectif de Bâtiment Alpha",
  });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: "Modifier la convention collective et l'effectif",
    }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  const idcc = page.getByRole('textbox', { name: /Convention collective \(IDCC\)/ });
  await expect(idcc).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('1596');
  await expect(
    page.getByText(/La convention collective 1596 concerne les entreprises/),
  ).toContainText("jusqu'à 10 salariés, et l'effectif indiqué est « 11 à 49 salariés »");
  await expect(page.getByText(/c'est en général la convention 1597/)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Enregistrer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Entreprise mise à jour avec succès')).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('1 modification en attente');
  // the details keep the warning
  await expect(page.getByText(/La convention collective 1596 concerne/)).toBeVisible();

  await context.setOffline(false);
  await expectSynced(page.getByTestId('sync-status'));
  await expect
    .poll(async () => {
      const { data } = await serviceClient()
        .from('simulations')
        .select('idcc, employee_range_min, employee_range_max, update_count')
        .eq('id', alpha.id)
        .single();
      return data;
    })
    .toEqual({ idcc: '1596', employee_range_min: 11, employee_range_max: 49, update_count: 1 });
});

test('phone: editing the headcount with « Je ne trouve pas mon effectif » and a typed count', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const alpha = simulation('Boulangerie Alpha', '11111111100011');
  const user = await createConfirmedUser({ pending_simulation: alpha });
  await injectSession(page, user);
  await page.goto(`/dashboard/companies?view=details&siret=${alpha.company_siret}`);
  await page.getByRole('button', { name: /Modifier la convention collective/ }).click();
  await page
    .getByRole('combobox', { name: /nbr de salariés hors alternant/ })
    .selectOption({ label: 'Je ne trouve pas mon effectif' });
  await page.getByRole('textbox', { name: /Nombre de salariés/ }).fill('7');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Entreprise mise à jour avec succès')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('1 à 10 salariés');
  await expect
    .poll(async () => {
      const { data } = await serviceClient()
        .from('simulations')
        .select('employee_range_min, employee_range_max')
        .eq('id', alpha.id)
        .single();
      return data;
    })
    .toEqual({ employee_range_min: 1, employee_range_max: 10 });
});
