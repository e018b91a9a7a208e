// Login, e-mail verification and logout end to end (02 §2.6, §2.7, §4, §5, §8), against
// `npm start`: the real auth service of the embedded backend and its local mailbox.
import {
  anonClient,
  createConfirmedUser,
  mailboxFor,
  serviceClient,
  uniqueEmail,
} from './support/backend';
import { expect, expectNoA11yViolations, test } from './support/fixtures';
import { toast } from './support/onboarding-steps';

test('login: validation, wrong password, links to the search, then success and logout', async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email invalide')).toBeVisible();
  await expect(page.getByText('Le mot de passe est requis')).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'Email ou mot de passe incorrect. Si vous venez de vous inscrire, veuillez vérifier votre email avant de vous connecter.',
    }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/rechercher-entreprise$/);
  await page.goto('/login');

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(toast(page, 'Connexion réussie !')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Logout (the shell's button) clears local storage; /login works again afterwards.
  await page.evaluate(() => localStorage.setItem('selectedCompany', '{"x":1}'));
  await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => !k.startsWith('workbox'))),
    )
    .toEqual([]);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unconfirmed account is sent to the verification, which resends with a 60 s countdown', async ({
  page,
}) => {
  // Created by an operator, unconfirmed, without an e-mail yet (GoTrue allows one e-mail a minute).
  const email = uniqueEmail('nonconfirme');
  const { error } = await serviceClient().auth.admin.createUser({
    email,
    password: 'MotDePasse123!',
    email_confirm: false,
    user_metadata: { contact_name: 'Léa', contact_email: email },
  });
  expect(error).toBeNull();
  expect(await mailboxFor(email)).toHaveLength(0);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill('MotDePasse123!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vérifiez votre email' })).toBeVisible();
  await expect(page.getByText(`Email envoyé à ${email}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Besoin d'aide/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expectNoA11yViolations(page);

  const resend = page.getByRole('button', { name: "Renvoyer l'email" });
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(toast(page, 'Email de confirmation renvoyé')).toBeVisible();
  // The resent e-mail is in the mailbox, in French.
  await expect
    .poll(async () => (await mailboxFor(email))[0]?.subject)
    .toBe('Confirmez votre inscription à Budget Formation');
  await expect(
    page.getByRole('button', { name: /Renvoyer l'email dans (60|59|58) s/ }),
  ).toBeDisabled();
  // A second click is refused while the countdown runs.
  await expect(page.getByRole('button', { name: /Renvoyer l'email dans/ })).toBeDisabled();
});

test('the verification screen without a known address asks for it', async ({ page }) => {
  await page.goto('/verify-email');
  const field = page.getByLabel('Votre adresse email');
  await expect(field).toBeVisible();
  await page.getByRole('button', { name: "Renvoyer l'email" }).click();
  await expect(page.getByText('Email invalide')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('signed-in visitors skip the wizard: search and account creation send them to the dashboard', async ({
  signedInPage: page,
}) => {
  await page.goto('/rechercher-entreprise');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/creer-compte');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgotten password: the French e-mail opens the recovery screen, the new password signs in', async ({
  page,
}) => {
  const user = await createConfirmedUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByRole('status')).toContainText(`Si un compte existe pour ${user.email}`);

  await expect
    .poll(async () => (await mailboxFor(user.email))[0]?.subject)
    .toBe('Réinitialisation de votre mot de passe Budget Formation');
  const [mail] = await mailboxFor(user.email);
  expect(mail!.text).toContain('Budget Formation');
  const link = mail!.links.find((l) => l.includes('/auth/v1/verify'))!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/nouveau-mot-de-passe$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  // A common password is refused before anything is sent.
  await page.getByLabel('Nouveau mot de passe').fill('motdepasse');
  await page.getByLabel('Confirmer le mot de passe').fill('motdepasse');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Ce mot de passe est trop courant')).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill('Un-nouveau-mot-de-passe-7');
  await page.getByLabel('Confirmer le mot de passe').fill('Un-nouveau-mot-de-passe-7');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(toast(page, 'Mot de passe modifié : vous êtes connecté.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const signIn = await anonClient().auth.signInWithPassword({
    email: user.email,
    password: 'Un-nouveau-mot-de-passe-7',
  });
  expect(signIn.error).toBeNull();
});

test('a confirmation link replaced by a newer sign-up: the login screen says so in French and offers a new e-mail', async ({
  page,
}) => {
  const email = uniqueEmail('replaced');
  const anon = anonClient();
  const first = await anon.auth.signUp({ email, password: 'Vera-choisit-le-sien-1' });
  expect(first.error).toBeNull();
  await expect.poll(async () => (await mailboxFor(email)).length).toBe(1);
  const [mail] = await mailboxFor(email);
  // Another sign-up of the same unconfirmed address (another password): the first link dies.
  const second = await anon.auth.signUp({ email, password: 'Mallory-secret-77' });
  expect(second.error).toBeNull();

  await page.goto(mail!.links.find((l) => l.includes('/auth/v1/verify'))!);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toContainText(
    "Ce lien n'est plus valide : il a déjà servi, ou une inscription ou un envoi plus récent l'a remplacé.",
  );
  await expect(page.getByText(/Email link is invalid/)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Recevoir un nouvel email de confirmation' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
});
