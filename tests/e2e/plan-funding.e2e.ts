// The plan knows what the OPCO will pay (issue 30), end to end against `npm start`: a company under
// IDCC 1486 with 11–49 employees (Atlas 2026: 3 000 € HT a year, the budget API's figure), a plan
// of three requests of 1 500 € shows 3 000 € used, 0 € left, the third request flagged « plafond
// annuel atteint » and a reste à charge of 1 500 €; the same offline after a reload; the printable
// summary; the estimate on a request typed by hand before it is saved.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createUserWithCompany, serviceClient } from './support/backend';
import { expect, expectNoA11yViolations, injectSession, test } from './support/fixtures';

const SIRET = '44306184100047';
const NBSP = /[\u00a0\u202f]/g;

async function seedPlan(companyId: string, costs: [string, number][]): Promise<void> {
  const employee = randomUUID();
  const admin = serviceClient();
  const e = await admin
    .from('training_employees')
    .insert({ id: employee, company_id: companyId, first_name: 'Inès', last_name: 'Dubois' });
  expect(e.error).toBeNull();
  const rows = costs.map(([topic, cost], i) => ({
    id: randomUUID(),
    company_id: companyId,
    employee_id: employee,
    topic,
    pedagogical_objectives: `Objectifs de « ${topic} ».`,
    business_impact: 'high',
    format: 'remote',
    duration: 14,
    cost,
    coverage_rate: 100,
    remaining_cost: 0,
    company_siret: SIRET,
    company_name: 'Altéa Conseil',
    idcc: '1486',
    created_at: new Date(Date.UTC(2026, 2, 2 + i, 9)).toISOString(),
  }));
  const r = await admin.from('training_requests').insert(rows);
  expect(r.error).toBeNull();
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(NBSP, ' ');

async function expectIssuePlan(page: Page): Promise<void> {
  const cap = page.getByTestId('plan-cap-tile');
  await expect(cap).toContainText('Plafond annuel OPCO 2026', { timeout: 30_000 });
  await expect.poll(() => text(page, 'plan-cap-tile')).toContain('3 000 € HT');
  expect(await text(page, 'plan-cap-tile')).toContain('Utilisé : 3 000 € · Restant : 0 €');
  expect(await text(page, 'plan-tile-budget')).toContain('Reste à charge estimé : 1 500 €');
  const third = page.getByRole('article', { name: 'Management d’équipe' });
  await expect(third.getByTestId('plan-funding-flags')).toContainText('Plafond annuel atteint');
  await expect(third.getByTestId('plan-funding')).toContainText('(plafond annuel atteint)');
  await expect(
    page.getByRole('article', { name: 'Excel avancé' }).getByTestId('plan-funding-flags'),
  ).toHaveCount(0);
}

test('IDCC 1486, 11–49: 3 000 € used, 0 € left, the third at « plafond annuel atteint », 1 500 € to pay; the same offline; the summary', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const user = await createUserWithCompany({ company_siret: SIRET });
  await seedPlan(user.id, [
    ['Excel avancé', 1500],
    ['Anglais professionnel', 1500],
    ['Management d’équipe', 1500],
  ]);
  await injectSession(page, user);
  await page.goto('/training-plan');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await expectIssuePlan(page);
  await expect(
    page.getByRole('article', { name: 'Excel avancé' }).getByTestId('plan-funding'),
  ).toContainText('Prise en charge OPCO estimée : 1 500 €');
  await expectNoA11yViolations(page);

  // The same plan offline: the app from the service worker, the plan and the criteria from
  // IndexedDB (the budget lookup's cached answer).
  await context.setOffline(true);
  await page.reload();
  await expectIssuePlan(page);

  // The printable summary, offline too.
  await page.getByRole('link', { name: 'Exporter le récapitulatif' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Récapitulatif du financement 2026' }),
  ).toBeVisible();
  const summary = page.locator('.funding-recap');
  await expect(summary).toContainText('Altéa Conseil');
  await expect(summary).toContainText(/Atlas/i);
  await expect(summary).toContainText('opco-atlas.fr');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(3)).toContainText('plafond annuel atteint');
  await expectNoA11yViolations(page);
  // One printed page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimer ou enregistrer en PDF' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4' });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages).toHaveLength(1);
  await context.setOffline(false);
});

test('a request typed by hand shows its estimate before it is saved (after the plan of the year)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await createUserWithCompany({ company_siret: SIRET });
  await seedPlan(user.id, [['Excel avancé', 2500]]);
  await injectSession(page, user);
  await page.goto('/training-plan');
  await expect(page.getByTestId('plan-cap-tile')).toContainText('Restant : 500 €', {
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Nouvelle demande de formation' }).first().click();
  await page.getByRole('button', { name: 'Saisir la durée et le budget moi-même' }).click();
  await page.getByRole('spinbutton', { name: /Durée/ }).fill('14');
  await page.getByRole('spinbutton', { name: /Budget/ }).fill('1200');
  const preview = page.getByRole('region', {
    name: 'Prise en charge OPCO estimée pour Altéa Conseil',
  });
  await expect(preview).toContainText('500 €');
  await expect(preview).toContainText('reste du plafond annuel : 500 € HT');
  await expect(preview).toContainText('Reste à charge estimé : 700 €');
  await expectNoA11yViolations(page);
});
