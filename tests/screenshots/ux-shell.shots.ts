// Issue 29's screens (items 3, 6, 8, 12, 13): a company's agreement and headcount edited with the
// 1596 warning, step 1 inside the app shell when a signed-in user adds a company, an expert's
// profile and its booking, the terms and privacy pages, the sign-up checkbox's links and the
// 404 inside the shell. `npm run screenshots -- -g "issue 29"`.
import { expect, test } from '@playwright/test';
import { injectSession } from '../e2e/support/fixtures';
import { seedSampleAccount } from '../e2e/support/sample-account';
import { open, shot } from './support';

const SIRET = '44306184100047';

test('visitor: terms, privacy and the sign-up checkbox (issue 29)', async ({ page }, info) => {
  await open(page, '/conditions-utilisation', "Conditions générales d'utilisation");
  await shot(page, info, '50-terms');
  await open(page, '/confidentialite', 'Confidentialité');
  await shot(page, info, '51-privacy');
});

test('employer: edit a company, add one in the shell, an expert, the 404 (issue 29)', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const account = await seedSampleAccount();
  await injectSession(page, account.user);
  await open(page, `/dashboard/companies?view=edit&siret=${SIRET}`);
  const idcc = page.getByRole('textbox', { name: /Convention collective \(IDCC\)/ });
  await expect(idcc).toBeVisible();
  await idcc.fill('1596');
  await page.getByRole('combobox', { name: /hors alternant/ }).selectOption('11:49');
  await expect(page.getByText(/La convention collective 1596 concerne/)).toBeVisible();
  await shot(page, info, '52-company-edit-1596-warning');

  // As a signed-in user reaches it: « Ajouter une entreprise ». Opened by its address, the page
  // showed the prerendered visitor screen (stepper, marketing) until the guard sent it to /dashboard,
  // so the shot caught the wrong screen, or failed when the redirect came first.
  await open(page, '/dashboard/companies', 'Mes entreprises');
  await page
    .getByRole('main')
    .getByRole('button', { name: /Ajouter une entreprise/ })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Rechercher votre entreprise' }),
  ).toBeFocused();
  await expect(
    info.project.name === 'mobile'
      ? page.getByRole('banner').getByRole('button', { name: 'Menu' })
      : page.getByRole('navigation', { name: 'Navigation principale' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: "Progression de l'inscription" })).toHaveCount(0);
  await shot(page, info, '53-add-company-in-shell');

  await open(page, '/experts');
  await page
    .getByRole('button', { name: /^Voir le profil de / })
    .first()
    .click();
  const profile = page.getByRole('dialog');
  await expect(profile.getByRole('button', { name: 'Prendre rendez-vous' })).toBeVisible();
  await expect(profile.locator('[data-pending]')).toHaveCount(0);
  await shot(page, info, '54-expert-profile', { dialog: true });
  await profile.getByRole('button', { name: 'Prendre rendez-vous' }).click();
  await expect(page.getByRole('dialog', { name: 'Prendre rendez-vous' })).toBeVisible();
  await shot(page, info, '55-expert-booking', { dialog: true });
  await page.keyboard.press('Escape');

  await open(page, '/page-inexistante');
  await shot(page, info, '56-not-found-signed-in');
});
