// Issue 27 item 7 and issue 29 item 7, desktop and phone: the budget card with its two OPCO
// actions, the request dialog, the record dialog, a confirmed amount before the published figure,
// and the no-figure dashboard. `npm run screenshots -- -g "OPCO"` (under the e2e lock).
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createConfirmedUser } from '../e2e/support/backend';
import { injectSession } from '../e2e/support/fixtures';
import { open, shot } from './support';

function company(idcc: string, range: { min: number; max: number }, budget: object) {
  return {
    contact_name: 'Camille Martin',
    contact_phone: '06 12 34 56 78',
    pending_simulation: {
      id: randomUUID(),
      company_name: 'Altéa Conseil',
      company_address: '10 rue de Rivoli, 75001 Paris',
      company_siret: '44306184100047',
      code_naf: '62.02A',
      idcc,
      employee_range_min: range.min,
      employee_range_max: range.max,
      ...budget,
    },
  };
}

test('OPCO: the budget card actions, both dialogs, a confirmed amount', async ({ page }, info) => {
  test.setTimeout(180_000);
  const withFigure = await createConfirmedUser(
    company('1486', { min: 11, max: 49 }, { budget_type: 'TOTAL', budget_total: 3000 }),
  );
  await injectSession(page, withFigure);
  await open(page, '/dashboard');
  await expect(page.getByTestId('budget-figure')).toContainText('€');
  await shot(page, info, '50-budget-card-opco-actions');

  await page.getByRole('button', { name: 'Demander confirmation à mon OPCO' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, info, '51-opco-request-dialog', { dialog: true });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: "Mon OPCO m'a indiqué un autre montant" }).click();
  const record = page.getByRole('dialog');
  await record.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(record.getByText('Le montant est requis')).toBeVisible();
  await shot(page, info, '52-opco-record-dialog-errors', { dialog: true });
  await record.getByRole('textbox', { name: /Montant/ }).fill('4 800');
  await record.getByText('HT (hors taxes)').click();
  await record.getByLabel(/Date de la confirmation/).fill('2026-11-20');
  await record
    .getByRole('textbox', { name: /Commentaire/ })
    .fill('Par téléphone avec la conseillère Atlas');
  await shot(page, info, '53-opco-record-dialog', { dialog: true });
  await record.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('confirmed-amount')).toBeVisible();
  await shot(page, info, '54-dashboard-confirmed-amount');
});

test('OPCO: the no-figure dashboard and its request', async ({ page }, info) => {
  const noFigure = await createConfirmedUser(
    company('0573', { min: 50, max: 299 }, { budget_type: 'UNKNOWN', opco_name: 'AKTO' }),
  );
  await injectSession(page, noFigure);
  await open(page, '/dashboard');
  await expect(
    page.getByRole('heading', { name: 'Vous êtes éligible à un accompagnement' }),
  ).toBeVisible();
  await expect(page.getByTestId('budget-source').first()).toBeVisible();
  await shot(page, info, '55-dashboard-no-figure');
  await page.getByRole('button', { name: 'Demander confirmation à mon OPCO' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, info, '56-opco-request-no-figure', { dialog: true });
});
