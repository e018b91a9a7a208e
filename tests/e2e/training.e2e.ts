// The training plan end to end (issue 7; 02 §2.14–§2.16): trainings added from the AI
// recommendations (local engine of generate-training) and by hand (estimate-training), then the
// plan edited offline (status change, deletion, a new request typed by hand), exported to CSV
// offline, and the server matching once the connection returns.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { createConfirmedUser, createUserWithCompany, serviceClient } from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';

const SIRET = '44306184100047';

type ServerRow = Record<string, unknown> & {
  id: string;
  topic: string;
  status: string;
  deleted_at: string | null;
};

async function serverPlan(companyId: string): Promise<ServerRow[]> {
  const { data, error } = await serviceClient()
    .from('training_requests')
    .select('*')
    .eq('company_id', companyId);
  if (error) throw error;
  return data as ServerRow[];
}

test('plan: add from recommendations and by hand, edit and export offline, the server matches after reconnecting', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const user = await createUserWithCompany(
    { company_siret: SIRET },
    { contact_phone: '0612345678' },
  );
  await injectSession(page, user);

  // Empty plan.
  await page.goto('/training-plan');
  await expect(page.getByRole('heading', { level: 1, name: 'Projet de formation' })).toBeVisible();
  await expect(page.getByText('Aucun projet de formation')).toBeVisible();
  await expectNoA11yViolations(page);

  // 1. From the recommendations: a popular challenge, the results, 'Démarrer' and its confirmation.
  await page.getByRole('link', { name: 'Trouver une formation' }).first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Trouvez la formation parfaite' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Maîtriser Excel et les tableaux de bord' }).click();
  await expect(page.getByRole('textbox', { name: 'Votre besoin en formation' })).toHaveValue(
    'Maîtriser Excel et les tableaux de bord',
  );
  const excel = page.getByRole('article', {
    name: 'Excel avancé : tableaux croisés et tableaux de bord',
  });
  await expect(excel).toBeVisible();
  await expect(excel).toContainText('1 550 € HT');
  await expect(excel).toContainText('100% financé');
  await expect(page.getByRole('heading', { name: 'Nos recommandations pour vous' })).toBeFocused();
  await expectNoA11yViolations(page);
  await excel.getByRole('button', { name: /^Démarrer/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Ajouter cette formation à votre plan ?' });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Ajouter à mon plan' }).click();
  await expect(page.getByText('Formation ajoutée à votre plan de formation !')).toBeVisible();
  await expect(page).toHaveURL(/\/training-plan$/);
  await expect(
    page.getByRole('article', { name: 'Excel avancé : tableaux croisés et tableaux de bord' }),
  ).toBeVisible();

  // 2. By hand with the estimate (online).
  await page.getByRole('link', { name: 'Nouvelle demande de formation' }).first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Nouvelle demande de formation' }),
  ).toBeVisible();
  const estimate = page.getByRole('button', { name: 'Estimer la durée et le budget' });
  await expect(estimate).toBeDisabled();
  await page.getByRole('textbox', { name: /Thématique/ }).fill('Prise de parole en public');
  await page
    .getByRole('textbox', { name: /Description et objectifs/ })
    .fill('Gagner en aisance pour présenter nos offres en réunion');
  await page.getByRole('radio', { name: 'Présentiel' }).check();
  await expectNoA11yViolations(page);
  await estimate.click();
  await expect(page.getByText('Estimation mise à jour !')).toBeVisible();
  await expect(page.getByText(/Estimation établie à partir/)).toContainText(
    'Prise de parole en public',
  );
  const duration = page.getByRole('spinbutton', { name: /Durée \(heures\)/ });
  await expect(duration).not.toHaveValue('');
  await expectNoA11yViolations(page);
  await duration.fill('12');
  await page.getByRole('spinbutton', { name: /Budget/ }).fill('1900');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByText('Formation ajoutée à votre plan de formation !').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/training-plan$/);
  await expect(page.getByTestId('plan-tile-count')).toContainText('2');

  // Both reach the server.
  await expect
    .poll(async () => (await serverPlan(user.id)).map((r) => r.topic).sort(), { timeout: 30_000 })
    .toEqual(['Excel avancé : tableaux croisés et tableaux de bord', 'Prise de parole en public']);
  const before = await serverPlan(user.id);
  expect(before.find((r) => r.topic === 'Prise de parole en public')).toMatchObject({
    format: 'in_person',
    duration: 12,
    cost: 1900,
    coverage_rate: 100,
    remaining_cost: 0,
    status: 'to_organize',
    company_siret: SIRET,
    company_name: 'Altéa Conseil',
    idcc: '1486',
    user_name: 'Camille Martin',
    user_phone: '0612345678',
  });
  expect(before.find((r) => r.topic.startsWith('Excel'))).toMatchObject({
    format: 'remote',
    cost: 1550,
    coverage_rate: 100,
    remaining_cost: 0,
    business_impact: 'high',
    training_organization: 'Budget Formation',
  });
  await expect(page.getByText('En attente de synchronisation')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // 3. Offline: change a status, delete a request, add one by hand, export.
  await context.setOffline(true);
  const speaking = page.getByRole('article', { name: 'Prise de parole en public' });
  await speaking
    .getByRole('combobox', { name: /Statut de la formation/ })
    .selectOption({ label: 'En cours' });
  await expect(speaking.getByText('En attente de synchronisation')).toBeVisible();

  const excelCard = page.getByRole('article', {
    name: 'Excel avancé : tableaux croisés et tableaux de bord',
  });
  await excelCard.hover();
  await excelCard.getByRole('button', { name: /^Supprimer la formation/ }).click();
  const del = page.getByRole('alertdialog', { name: 'Supprimer cette formation ?' });
  await expectNoA11yViolations(page);
  await del.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Formation supprimée')).toBeVisible();
  await expect(excelCard).toHaveCount(0);

  await page.getByRole('link', { name: 'Nouvelle demande de formation' }).first().click();
  await expect(
    page.getByText('Estimation indisponible hors ligne', { exact: false }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: /Thématique/ }).fill('Anglais professionnel');
  await page
    .getByRole('textbox', { name: /Description et objectifs/ })
    .fill('Réunions "export" ; e-mails\nclients');
  await expect(page.getByRole('button', { name: 'Estimer la durée et le budget' })).toBeDisabled();
  await page.getByRole('spinbutton', { name: /Durée \(heures\)/ }).fill('30');
  await page.getByRole('spinbutton', { name: /Budget/ }).fill('2400');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/training-plan$/);
  await expect(page.getByRole('article', { name: 'Anglais professionnel' })).toBeVisible();
  await expect(page.getByTestId('plan-tile-count')).toContainText('2');

  // Filters still work offline.
  await page.getByRole('button', { name: 'Filtres' }).click();
  await page
    .getByRole('searchbox', { name: 'Rechercher un employé ou une thématique' })
    .fill('anglais');
  await expect(page.getByTestId('plan-card')).toHaveCount(1);
  await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
  await expect(page.getByTestId('plan-card')).toHaveCount(2);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^projet-formation-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  expect(csv).toContain('\r\n');
  const records = Papa.parse<string[]>(csv, { delimiter: ';' }).data;
  expect(records[0]).toEqual([
    'Employé',
    'Département',
    'Formation',
    'Objectifs',
    'Enjeu',
    'Format',
    'Organisme',
    'Durée (h)',
    'Coût (€)',
    'Financement',
    'Taux de prise en charge (%)',
    'Reste à charge (€)',
    'Statut',
    'Date de création',
  ]);
  expect(records).toHaveLength(3);
  const byTopic = new Map(records.slice(1).map((r) => [r[2], r]));
  expect(byTopic.get('Prise de parole en public')).toEqual([
    'À définir',
    'Autre',
    'Prise de parole en public',
    'Gagner en aisance pour présenter nos offres en réunion',
    'Moyen',
    'Présentiel',
    '',
    '12',
    '1900',
    'OPCO',
    '100',
    '0',
    'En cours',
    expect.stringMatching(/^\d{1,2} \p{L}+ \d{4}$/u) as unknown as string,
  ]);
  expect(byTopic.get('Anglais professionnel')?.slice(3, 13)).toEqual([
    'Réunions "export" ; e-mails\nclients',
    'Moyen',
    'Distanciel',
    '',
    '30',
    '2400',
    'OPCO',
    '100',
    '0',
    'À organiser',
  ]);
  expect(byTopic.has('Excel avancé : tableaux croisés et tableaux de bord')).toBe(false);

  // Nothing has left the device yet.
  const offlineServer = await serverPlan(user.id);
  expect(offlineServer.find((r) => r.topic === 'Prise de parole en public')?.status).toBe(
    'to_organize',
  );
  expect(offlineServer.find((r) => r.topic.startsWith('Excel'))?.deleted_at).toBeNull();
  expect(offlineServer.some((r) => r.topic === 'Anglais professionnel')).toBe(false);

  // 4. Back online: the server matches the device.
  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (await serverPlan(user.id))
          .map((r) => `${r.topic}|${r.status}|${r.deleted_at ? 'deleted' : 'live'}`)
          .sort(),
      { timeout: 45_000 },
    )
    .toEqual([
      'Anglais professionnel|to_organize|live',
      'Excel avancé : tableaux croisés et tableaux de bord|to_organize|deleted',
      'Prise de parole en public|in_progress|live',
    ]);
  const after = await serverPlan(user.id);
  expect(after.find((r) => r.topic === 'Anglais professionnel')).toMatchObject({
    duration: 30,
    cost: 2400,
    coverage_rate: 100,
    remaining_cost: 0,
    pedagogical_objectives: 'Réunions "export" ; e-mails\nclients',
  });
  await expect(page.getByText('En attente de synchronisation')).toHaveCount(0);
});

test('recommendations: no results, blank challenge, Enter submits, booking modal, offline notice', async ({
  page,
  context,
}) => {
  const user = await createConfirmedUser({
    pending_simulation: {
      id: randomUUID(),
      company_name: 'Boulangerie Durand',
      company_address: '3 place du Marché, 69002 Lyon',
      company_siret: '55210055400013',
      idcc: '0843',
      employee_range_min: 1,
      employee_range_max: 10,
      budget_type: 'TOTAL',
      budget_total: 3000,
    },
  });
  await injectSession(page, user);
  await page.goto('/training/recommendations');
  const box = page.getByRole('textbox', { name: 'Votre besoin en formation' });
  await expect(box).toBeVisible();
  await expect(page.getByRole('link', { name: 'Créer un sondage' })).toHaveAttribute(
    'href',
    '/team-survey',
  );
  await expect(page.getByRole('link', { name: 'Faire une demande' })).toHaveAttribute(
    'href',
    '/training/new',
  );

  await box.fill('   ');
  await expect(page.getByRole('button', { name: 'Utiliser mon budget' })).toBeDisabled();
  await box.press('Enter');
  await expect(page.getByText('Veuillez décrire votre besoin en formation')).toBeVisible();

  await box.fill('xqzwv plorbt');
  await box.press('Enter');
  await expect(page.getByText('Aucune formation ne correspond encore à votre défi')).toBeVisible();
  await expectNoA11yViolations(page);

  await box.fill('mes vendeurs doivent mieux négocier les prix');
  await box.press('Enter');
  const first = page.getByRole('article').first();
  await expect(first).toContainText('Négociation');
  await first.getByRole('button', { name: /^Parler à un conseiller/ }).click();
  const booking = page.getByRole('dialog', { name: 'Prendre rendez-vous' });
  await expect(booking).toBeVisible();
  await expect(booking).toContainText('Négociation');
  await page.keyboard.press('Escape');
  await expect(booking).toHaveCount(0);

  await context.setOffline(true);
  await expect(
    page.getByText('Les recommandations nécessitent une connexion internet.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Utiliser mon budget' })).toBeDisabled();
  await expectNoA11yViolations(page);
  await context.setOffline(false);
});
