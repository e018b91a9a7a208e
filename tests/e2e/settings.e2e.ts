// Account settings in chromium against `npm start` (issue 29 item 4, issue 28 items 2 and 5): the
// name saved offline and synced with no password; what was typed kept when the dialog closes; the
// current password asked only for a password or e-mail change; a new password ends the other
// sessions; the e-mail changes only once both addresses confirmed it; axe with the modal open.
import { test, expect, expectNoA11yViolations } from './support/fixtures';
import { anonClient, mailboxFor, serviceClient, uniqueEmail } from './support/backend';
import { toast } from './support/onboarding-steps';
import { expectSynced } from './support/sync-status';

const profileOf = async (id: string) =>
  (
    await serviceClient()
      .from('profiles')
      .select('contact_name, contact_phone')
      .eq('id', id)
      .single()
  ).data;

const signsIn = async (email: string, password: string) =>
  !(await anonClient().auth.signInWithPassword({ email, password })).error;

const CHANGE_SUBJECT = "Confirmez le changement d'adresse e-mail de votre compte Budget Formation";

test('offline, a name change needs no password: saved at once on the device, synced when back online', async ({
  signedInPage: page,
  user,
  context,
}) => {
  await page.goto('/dashboard/companies');
  await expectSynced(page.getByTestId('sync-status'));
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
  await expect(dialog.getByText('Vous êtes hors ligne', { exact: false })).toBeVisible();
  await expect(dialog.getByLabel('Mot de passe actuel')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await dialog.getByLabel('Nom complet').fill('Camille Hors Ligne');
  await dialog.getByLabel('Téléphone (optionnel)').fill('06 12 34 56 78');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Profil mis à jour avec succès')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect((await profileOf(user.id))?.contact_name).toBe('Camille Martin');

  await context.setOffline(false);
  await expect
    .poll(() => profileOf(user.id))
    .toEqual({ contact_name: 'Camille Hors Ligne', contact_phone: '06 12 34 56 78' });
  await expectSynced(page.getByTestId('sync-status'));
});

test('what was typed survives the dialog closing, until saved or cancelled', async ({
  signedInPage: page,
}) => {
  await page.goto('/dashboard/companies');
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
  await dialog.getByLabel('Nom complet').fill('Camille Brouillon');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Even after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Paramètres' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Vos modifications non enregistrées ont été reprises.',
  );
  await expect(dialog.getByLabel('Nom complet')).toHaveValue('Camille Brouillon');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Revenir aux valeurs enregistrées' }).click();
  await expect(dialog.getByLabel('Nom complet')).toHaveValue('Camille Martin');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('button', { name: 'Paramètres' }).click();
  await expect(dialog.getByLabel('Nom complet')).toHaveValue('Camille Martin');
  await expect(dialog.getByRole('status')).toHaveCount(0);
});

test('a new password needs the current one; once changed, every other session ends', async ({
  signedInPage: page,
  user,
}) => {
  await page.goto('/dashboard/companies');
  await expectSynced(page.getByTestId('sync-status'));
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
  await dialog.getByLabel('Nouveau mot de passe (optionnel)').fill('NouveauMotDePasse2!');
  await dialog.getByLabel('Confirmer le nouveau mot de passe').fill('NouveauMotDePasse2!');
  const current = dialog.getByLabel('Mot de passe actuel');
  await expect(current).toBeVisible();
  await expect(dialog.getByText('Nécessaire pour changer votre adresse e-mail')).toBeVisible();
  await expectNoA11yViolations(page);
  await current.fill('pas-le-bon');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mot de passe actuel incorrect').first()).toBeVisible();
  await expect(dialog).toBeVisible();

  await current.fill(user.password);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Profil mis à jour avec succès')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await signsIn(user.email, user.password)).toBe(false);
  expect(await signsIn(user.email, 'NouveauMotDePasse2!')).toBe(true);
  // The session the test signed in with elsewhere (another device) is over.
  const other = await user.client.auth.refreshSession();
  expect(other.error).not.toBeNull();
  // This browser is still signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/companies$/);
});

test('changing the e-mail: explained, and done only once both addresses confirmed it', async ({
  signedInPage: page,
  user,
}) => {
  const newEmail = uniqueEmail('nouvelle');
  await page.goto('/dashboard/companies');
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
  const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveAccessibleDescription(/un autre à la nouvelle/);
  await email.fill(newEmail);
  await dialog.getByLabel('Mot de passe actuel').fill(user.password);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Profil mis à jour avec succès')).toBeVisible();
  await expect(
    toast(page, `celui envoyé à ${newEmail} : l'adresse de votre compte changera`),
  ).toBeVisible();

  const linkTo = async (address: string) => {
    await expect.poll(async () => (await mailboxFor(address))[0]?.subject).toBe(CHANGE_SUBJECT);
    return (await mailboxFor(address))[0]!.links.find((l) => l.includes('/auth/v1/verify'))!;
  };
  await page.goto(await linkTo(user.email));
  await expect(page.getByRole('status')).toContainText(
    "Ouvrez maintenant le lien envoyé à l'autre adresse",
  );
  await expectNoA11yViolations(page);
  expect(await signsIn(user.email, user.password)).toBe(true);

  await page.goto(await linkTo(newEmail));
  await expect(page.getByRole('status')).toContainText('Votre adresse e-mail a été changée');
  expect(await signsIn(newEmail, user.password)).toBe(true);
  expect(await signsIn(user.email, user.password)).toBe(false);
  await page.getByRole('link', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Paramètres' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(newEmail);
});

test('offline on a phone: « Enregistrer » answers where the user is looking (issue 16 item 4)', async ({
  signedInPage: page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/companies');
  await expectSynced(page.getByTestId('sync-status'));
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
  await dialog.getByLabel('Nom complet').fill('Camille Hors Ligne');
  await dialog.getByLabel('Nouveau mot de passe (optionnel)').fill('NouveauMotDePasse2!');
  await dialog.getByLabel('Confirmer le nouveau mot de passe').fill('NouveauMotDePasse2!');
  await dialog.getByLabel('Mot de passe actuel').fill('MotDePasse123!');
  const save = dialog.getByRole('button', { name: 'Enregistrer' });
  await save.click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Nom et téléphone enregistrés sur cet appareil');
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(save).toBeInViewport({ ratio: 1 });
  await expect(save).toBeFocused();
  await expect(save).toHaveAccessibleDescription(/demande une connexion/);
  await expect(dialog.getByLabel('Mot de passe actuel')).toHaveValue('MotDePasse123!');
  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'test-results/settings-offline-phone.png' });
});
