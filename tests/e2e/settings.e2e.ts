// Account settings in chromium against `npm start`: wrong current password refused, profile and
// password changed, offline input kept; axe with the modal open.
import { test, expect, expectNoA11yViolations } from './support/fixtures';
import { anonClient, mailboxFor, serviceClient, uniqueEmail } from './support/backend';
import { expectSynced } from './support/sync-status';

const profileName = async (id: string) =>
  (
    await serviceClient()
      .from('profiles')
      .select('contact_name, contact_phone')
      .eq('id', id)
      .single()
  ).data;

test('change settings: a wrong current password is refused, then name, phone and password change', async ({
  signedInPage: page,
  user,
}) => {
  await page.goto('/dashboard/companies');
  await expectSynced(page.getByTestId('sync-status'));
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
  await expect(dialog.getByLabel('Nom complet')).toHaveValue('Camille Martin');
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(user.email);
  await expectNoA11yViolations(page);

  await dialog.getByLabel('Nom complet').fill('Camille Durand');
  await dialog.getByLabel('Téléphone (optionnel)').fill('06 12 34 56 78');
  await dialog.getByLabel('Mot de passe actuel').fill('pas-le-bon');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mot de passe actuel incorrect').first()).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((await profileName(user.id))?.contact_name).toBe('Camille Martin');

  await dialog.getByLabel('Mot de passe actuel').fill(user.password);
  await dialog.getByLabel('Nouveau mot de passe (optionnel)').fill('NouveauMotDePasse2!');
  await dialog.getByLabel('Confirmer le nouveau mot de passe').fill('NouveauMotDePasse2!');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(() => profileName(user.id))
    .toEqual({ contact_name: 'Camille Durand', contact_phone: '06 12 34 56 78' });

  const client = anonClient();
  expect(
    (await client.auth.signInWithPassword({ email: user.email, password: user.password })).error,
  ).not.toBeNull();
  expect(
    (await client.auth.signInWithPassword({ email: user.email, password: 'NouveauMotDePasse2!' }))
      .error,
  ).toBeNull();
});

test('offline: the modal says a connection is needed and keeps what was typed', async ({
  signedInPage: page,
  context,
}) => {
  await page.goto('/dashboard/companies');
  await expectSynced(page.getByTestId('sync-status'));
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
  await expect(dialog.getByText('Vous êtes hors ligne', { exact: false })).toBeVisible();
  await dialog.getByLabel('Nom complet').fill('Camille Hors Ligne');
  await dialog.getByLabel('Mot de passe actuel').fill('MotDePasse123!');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'la vérification de votre mot de passe nécessite une connexion',
  );
  await expect(dialog.getByLabel('Nom complet')).toHaveValue('Camille Hors Ligne');
  await expect(dialog.getByLabel('Mot de passe actuel')).toHaveValue('MotDePasse123!');
  await expectNoA11yViolations(page);
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
  await dialog.getByLabel('Confirmer le nouveau mot de passe').scrollIntoViewIfNeeded();
  await dialog.getByLabel('Mot de passe actuel').fill('MotDePasse123!');
  const save = dialog.getByRole('button', { name: 'Enregistrer' });
  await save.click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(
    'la vérification de votre mot de passe nécessite une connexion',
  );
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(save).toBeInViewport({ ratio: 1 });
  await expect(save).toBeFocused();
  await expect(save).toHaveAccessibleDescription(/nécessite une connexion/);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'test-results/settings-offline-phone.png' });
});

test('changing the e-mail says a confirmation was sent to the new address', async ({
  signedInPage: page,
  user,
}) => {
  const newEmail = uniqueEmail('nouvelle');
  await page.goto('/dashboard/companies');
  await page.getByRole('button', { name: 'Paramètres' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres du compte' });
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail);
  await dialog.getByLabel('Mot de passe actuel').fill(user.password);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible();
  await expect(
    page.getByText(
      `Un email de confirmation vous a été envoyé : la nouvelle adresse ${newEmail} sera active après validation du lien.`,
    ),
  ).toBeVisible();
  // the sign-in address stays the same until the link is followed (sent to the current and/or new address)
  await expect
    .poll(async () =>
      [...(await mailboxFor(user.email)), ...(await mailboxFor(newEmail))].map((m) => m.subject),
    )
    .toContain('Confirmez votre nouvelle adresse e-mail');
  expect(
    (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password }))
      .error,
  ).toBeNull();
});
