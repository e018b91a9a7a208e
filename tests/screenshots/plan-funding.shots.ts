// Issue 30, desktop and phone: the plan with the OPCO estimate (the Atlas plan and a
// request with the user's own rate), a flagged request, the printable summary (screen and print),
// the estimate while a request is typed and beside the recommendations' « 100% financé ».
// `npm run screenshots -- -g "funding"` (under the e2e lock).
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createUserWithCompany, serviceClient } from '../e2e/support/backend';
import { injectSession } from '../e2e/support/fixtures';
import { open, shot } from './support';

const SIRET = '44306184100047';

async function seed(companyId: string) {
  const employee = randomUUID();
  const admin = serviceClient();
  await admin
    .from('training_employees')
    .insert({ id: employee, company_id: companyId, first_name: 'Inès', last_name: 'Dubois' });
  const plan: [string, number, number, string, boolean, number][] = [
    ['Excel avancé : tableaux croisés', 1500, 14, 'in_progress', false, 100],
    ['Anglais professionnel', 1500, 30, 'pending_funding', false, 100],
    ['Management d’équipe hybride', 1500, 21, 'to_organize', false, 100],
    ['Sauveteur secouriste du travail', 420, 14, 'to_organize', true, 80],
  ];
  const { error } = await admin.from('training_requests').insert(
    plan.map(([topic, cost, duration, status, override, rate], i) => ({
      id: randomUUID(),
      company_id: companyId,
      employee_id: employee,
      topic,
      pedagogical_objectives: `Objectifs pédagogiques de la formation « ${topic} ».`,
      business_impact: 'high',
      format: 'remote',
      training_organization: 'Budget Formation',
      duration,
      cost,
      coverage_rate: rate,
      remaining_cost: Math.round((cost * (100 - rate)) / 100),
      coverage_override: override,
      status,
      company_siret: SIRET,
      company_name: 'Altéa Conseil',
      idcc: '1486',
      created_at: new Date(Date.UTC(2026, 1, 2 + i * 7, 9)).toISOString(),
    })),
  );
  if (error) throw new Error(error.message);
}

test('funding: the plan with its estimate, a flagged request, the summary, the previews', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const user = await createUserWithCompany(
    { company_siret: SIRET, opco_name: 'Atlas', code_naf: '70.22Z' },
    { contact_name: 'Camille Martin', contact_phone: '06 12 34 56 78' },
  );
  await seed(user.id);
  await injectSession(page, user);

  await open(page, '/training-plan', 'Projet de formation');
  await expect(page.getByTestId('plan-cap-tile')).toContainText('Restant', { timeout: 30_000 });
  await expect(page.getByRole('article')).toHaveCount(4);
  await shot(page, info, '60-plan-funding');

  const flagged = page.getByRole('article', { name: 'Management d’équipe hybride' });
  await flagged.scrollIntoViewIfNeeded();
  await expect(flagged.getByTestId('plan-funding-flags')).toBeVisible();
  await flagged.screenshot({
    path: `screenshots/${info.project.name}/61-plan-flagged-request.png`,
  });

  await page.getByRole('link', { name: 'Exporter le récapitulatif' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /Récapitulatif du financement/ }),
  ).toBeVisible();
  await shot(page, info, '62-funding-recap');
  await page.emulateMedia({ media: 'print' });
  await shot(page, info, '63-funding-recap-print');
  await page.emulateMedia({ media: 'screen' });

  await open(page, '/training/new', 'Nouvelle demande de formation');
  await page.getByRole('button', { name: 'Saisir la durée et le budget moi-même' }).click();
  await page.getByRole('textbox', { name: /Thématique/ }).fill('Prise de parole en public');
  await page.getByRole('spinbutton', { name: /Durée/ }).fill('14');
  await page.getByRole('spinbutton', { name: /Budget/ }).fill('1200');
  await expect(
    page.getByRole('region', { name: /Prise en charge OPCO estimée pour/ }),
  ).toContainText('Reste à charge estimé');
  await shot(page, info, '64-new-training-estimate');

  await open(page, '/training/recommendations', 'Trouvez la formation parfaite');
  await page.getByRole('button', { name: 'Maîtriser Excel et les tableaux de bord' }).click();
  await expect(page.getByRole('article').first()).toContainText(
    'Prise en charge OPCO estimée pour',
  );
  await page.getByRole('article').first().scrollIntoViewIfNeeded();
  await shot(page, info, '65-recommendations-estimate');
});
