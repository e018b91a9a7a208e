// The training plan end to end (issue 7; 02 §2.14–§2.16): trainings added from the AI
// recommendations (local engine of generate-training) and by hand (estimate-training), then the
// plan edited offline (status change, deletion, a new request typed by hand), exported to CSV
// offline, and the server matching once the connection returns.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { createConfirmedUser, createUserWithCompany, serviceClient } from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';
import { tabTo } from './support/keyboard';

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
  // No hover needed: the action is always shown (issue 29).
  await excelCard.getByRole('button', { name: /^Supprimer la formation/ }).click();
  const del = page.getByRole('alertdialog', { name: 'Supprimer cette formation ?' });
  await expectNoA11yViolations(page);
  await del.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Formation supprimée')).toBeVisible();
  await expect(excelCard).toHaveCount(0);

  // Edit every field of a request offline (issue 29 item 3): the employee « À définir » named,
  // the stake chosen, the coverage changed (the remaining cost follows).
  await speaking
    .getByRole('button', { name: 'Modifier la formation « Prise de parole en public »' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Modifier la formation' });
  await expect(edit.getByText(/Hors ligne : la modification est enregistrée/)).toBeVisible();
  await expectNoA11yViolations(page);
  await edit
    .getByRole('combobox', { name: /Salarié concerné/ })
    .selectOption({ label: 'Nouveau salarié…' });
  await edit.getByRole('textbox', { name: /Prénom/ }).fill('Inès');
  await edit.getByRole('textbox', { name: /^Nom/ }).fill('Dubois');
  await edit
    .getByRole('combobox', { name: /Département/ })
    .selectOption({ label: 'Ressources humaines' });
  await edit.getByRole('combobox', { name: 'Enjeu' }).selectOption({ label: 'Fort' });
  await edit.getByRole('spinbutton', { name: /Taux de prise en charge/ }).fill('80');
  await expect(edit.getByRole('status', { name: 'Reste à charge' })).toHaveText(/^380\s€$/);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Formation modifiée')).toBeVisible();
  await expect(speaking).toContainText('Employé : Inès Dubois');
  await expect(speaking).toContainText('Fort');

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
  // (A filter hides the cards it leaves out: they stay in the page, rendered.)
  const shownCards = page.getByTestId('plan-card').filter({ visible: true });
  await expect(shownCards).toHaveCount(1);
  await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
  await expect(shownCards).toHaveCount(2);

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
    // Issue 30: the OPCO estimate (IDCC 1486, 11–49: Atlas, 3 000 € HT a year).
    'Prise en charge OPCO estimée (€ HT)',
    'Reste à charge estimé (€ HT)',
    'Limite appliquée',
  ]);
  // The two requests, then the year's summary record.
  expect(records).toHaveLength(4);
  const summary = records[3]!;
  expect(summary[2]).toMatch(/^Total \d{4} · Altéa Conseil$/);
  expect(summary.slice(7, 9)).toEqual(['42', '4300']);
  expect(summary.slice(14, 16)).toEqual(['3000', '1300']);
  const byTopic = new Map(records.slice(1, 3).map((r) => [r[2], r]));
  expect(byTopic.get('Prise de parole en public')).toEqual([
    'Inès Dubois',
    'Ressources humaines',
    'Prise de parole en public',
    'Gagner en aisance pour présenter nos offres en réunion',
    'Fort',
    'Présentiel',
    '',
    '12',
    '1900',
    'OPCO',
    '80',
    '380',
    'En cours',
    expect.stringMatching(/^\d{1,2} \p{L}+ \d{4}$/u) as unknown as string,
    // The rate the user typed: theirs, marked as such, and it counts against the yearly cap.
    '1520',
    '380',
    'taux saisi par vous (80 %)',
  ]);
  // Nobody chose a stake nor an employee's department: not filled, never « Moyen » / « Autre ».
  expect(byTopic.get('Anglais professionnel')?.slice(0, 2)).toEqual(['À définir', '']);
  expect(byTopic.get('Anglais professionnel')?.slice(3, 13)).toEqual([
    'Réunions "export" ; e-mails\nclients',
    '',
    'Distanciel',
    '',
    '30',
    '2400',
    'OPCO',
    // Nobody typed a rate: the stored default is not written, the estimate is (what is left of
    // the yearly cap after the first request).
    '',
    '',
    'À organiser',
  ]);
  expect(byTopic.get('Anglais professionnel')?.slice(14)).toEqual([
    '1480',
    '920',
    expect.stringMatching(/plafond annuel/) as unknown as string,
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
  const { data: employees } = await serviceClient()
    .from('training_employees')
    .select('id, first_name, last_name, department')
    .eq('company_id', user.id);
  const ines = employees?.find((e) => e.first_name === 'Inès');
  expect(ines).toMatchObject({ last_name: 'Dubois', department: 'hr' });
  expect(after.find((r) => r.topic === 'Prise de parole en public')).toMatchObject({
    employee_id: ines?.id,
    business_impact: 'high',
    coverage_rate: 80,
    remaining_cost: 380,
  });
  expect(after.find((r) => r.topic === 'Anglais professionnel')).toMatchObject({
    business_impact: null,
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

/** A user with a company and `n` requests, the placeholder employee « À définir » on each. */
async function userWithRequests(n: number) {
  const user = await createUserWithCompany({ company_siret: SIRET });
  const employee = randomUUID();
  const admin = serviceClient();
  const e = await admin
    .from('training_employees')
    .insert({ id: employee, company_id: user.id, first_name: 'À', last_name: 'définir' });
  if (e.error) throw e.error;
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    company_id: user.id,
    employee_id: employee,
    topic: `Formation ${String(i + 1).padStart(2, '0')}`,
    pedagogical_objectives: `Objectifs de la formation ${i + 1}`,
    format: 'remote',
    duration: 7,
    cost: 1000,
    coverage_rate: 100,
    remaining_cost: 0,
    status: 'to_organize',
    created_at: new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString(),
  }));
  const r = await admin.from('training_requests').insert(rows);
  if (r.error) throw r.error;
  return user;
}

test('keyboard only: « Projet de formation » in the menu, a request edited and deleted, the focus kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await userWithRequests(3);
  await injectSession(page, user);
  await page.goto('/dashboard');
  const entry = page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Projet de formation' });
  await tabTo(page, entry);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/training-plan$/);
  await expect(entry).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('article', { name: 'Formation 02' });
  const edit = card.getByRole('button', { name: 'Modifier la formation « Formation 02 »' });
  await tabTo(page, edit);
  await expect(edit).toBeVisible();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Modifier la formation' });
  const topic = dialog.getByRole('textbox', { name: /Thématique/ });
  await expect(topic).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Gestes et postures');
  const impact = dialog.getByRole('combobox', { name: 'Enjeu' });
  await tabTo(page, impact, { max: 20 });
  await impact.selectOption('medium'); // a select is changed with the keyboard's arrows too
  await expectNoA11yViolations(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Enregistrer' }), { max: 40 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  const edited = page.getByRole('article', { name: 'Gestes et postures' });
  await expect(
    edited.getByRole('button', { name: 'Modifier la formation « Gestes et postures »' }),
  ).toBeFocused();
  await expect(edited).toContainText('Moyen');

  const del = edited.getByRole('button', { name: 'Supprimer la formation « Gestes et postures »' });
  await tabTo(page, del, { max: 5 });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer cette formation ?' });
  await tabTo(page, confirm.getByRole('button', { name: 'Supprimer' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(edited).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Vos formations' })).toBeFocused();
  await expect
    .poll(async () => (await serverPlan(user.id)).filter((r) => !r.deleted_at).length, {
      timeout: 30_000,
    })
    .toBe(2);
});

test('phone (390×844): the plan from the menu, a request edited by touch, no hover needed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await userWithRequests(2);
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await injectSession(page, user);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu' }).tap();
  await page.getByRole('dialog').getByRole('link', { name: 'Projet de formation' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Projet de formation' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Formation 01' });
  await card.getByRole('button', { name: 'Modifier la formation « Formation 01 »' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Modifier la formation' });
  await dialog.getByRole('combobox', { name: /Salarié concerné/ }).selectOption('__new__');
  await dialog.getByRole('textbox', { name: /Prénom/ }).fill('Léa');
  await dialog.getByRole('textbox', { name: /^Nom/ }).fill('Martin');
  await dialog.getByRole('combobox', { name: /Département/ }).selectOption('support');
  await dialog.getByRole('radio', { name: 'Présentiel' }).tap();
  // Nothing of the dialog is outside the phone's screen width.
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Employé : Léa Martin');
  await expect(card).toContainText('Support et service client');
  await expect(
    card.getByRole('button', { name: 'Supprimer la formation « Formation 01 »' }),
  ).toBeVisible();
  await context.close();
});

test('the whole plan is in the page: find in page and print see every card (issue 29)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await userWithRequests(60);
  await injectSession(page, user);
  await page.goto('/training-plan');
  await expect(page.getByRole('article', { name: 'Formation 60' })).toBeVisible();
  // Every card ends up in the page (the first screenful at once, the others in the background):
  // the browser's find in page reaches the last one.
  await expect(page.getByTestId('plan-card')).toHaveCount(60);
  await expect(page.getByText('Objectifs de la formation 1', { exact: true })).toBeAttached();
  // Printed: every card, without the app's frame nor the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app-sidebar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Exporter en CSV' })).toBeHidden();
  const first = page.getByRole('article', { name: 'Formation 01' });
  await expect(first).toBeVisible();
  await expect(first.getByRole('combobox')).toBeHidden();
  await expect(first.getByText('Statut : À organiser')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // Before the background has added them (its idle callbacks never run here): printing, or asking
  // the browser's find with the keyboard, puts every card in the page at once.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
    window.cancelIdleCallback = () => undefined;
  });
  for (const ask of ['print', 'find'] as const) {
    await page.reload();
    await expect(page.getByRole('article', { name: 'Formation 60' })).toBeVisible();
    await expect(page.getByTestId('plan-card')).toHaveCount(12);
    if (ask === 'print') await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    else await page.keyboard.press('ControlOrMeta+f');
    await expect(page.getByTestId('plan-card')).toHaveCount(60);
  }
});
