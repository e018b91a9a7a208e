// Login, e-mail verification and logout end to end (02 §2.6, §2.7, §4, §5, §8), against
// `npm start`: the real auth service of the embedded backend and its local mailbox.
import {
  anonClient,
  createConfirmedUser,
  mailboxFor,
  serviceClient,
  uniqueEmail,
  waitForMailCode,
  waitForMailLink,
} from './support/backend';
import { expect, expectNoA11yViolations, test } from './support/fixtures';
import { PASSWORD, SAMPLE, signUpThroughWizard, toast } from './support/onboarding-steps';

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

async function signsIn(email: string, password: string): Promise<boolean> {
  return !(await anonClient().auth.signInWithPassword({ email, password })).error;
}

async function profileByEmail(email: string) {
  const { data } = await serviceClient()
    .from('profiles')
    .select('contact_name, company_siret')
    .eq('contact_email', email)
    .maybeSingle();
  return data;
}

// Issue 28 item 2: whoever owns the inbox owns the account.
test('sign-up then the link opened in the same browser: signed in with the password chosen at sign-up', async ({
  page,
}) => {
  const email = uniqueEmail('meme-navigateur');
  await signUpThroughWizard(page, email);
  await page.goto(await waitForMailLink(email));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Adresse e-mail confirmée : vous êtes connecté.')).toBeVisible();
  expect(await signsIn(email, PASSWORD)).toBe(true);
  expect(await profileByEmail(email)).toMatchObject({
    contact_name: 'Camille Martin',
    company_siret: SAMPLE.altea.siret,
  });
  // The link served once: opened again, the French notice and a way to a new e-mail.
  await page.goto(await waitForMailLink(email));
  await expect(page.getByRole('alert')).toContainText("Ce lien n'est plus valide");
  await page.getByRole('link', { name: 'Recevoir un nouvel e-mail de confirmation' }).click();
  await expect(page).toHaveURL(/\/dashboard$/); // signed in: /verify-email sends on
});

test('the link opened in another browser: « Choisissez votre mot de passe »; the sign-up password is gone, and the sign-up browser moves on to the login', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('autre-navigateur');
  await signUpThroughWizard(page, email);
  const link = await waitForMailLink(email);

  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await phone.goto(link);
  await expect(
    phone.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' }),
  ).toBeVisible();
  await expect(phone.getByText(/Ouvrez plutôt le lien de l'e-mail sur celui-ci/)).toBeVisible();
  await expectNoA11yViolations(phone);
  await phone.getByLabel(/^Mot de passe/).fill('Choisi-par-le-proprio-9');
  await phone.getByLabel('Confirmer le mot de passe').fill('Choisi-par-le-proprio-9');
  await phone.getByRole('button', { name: 'Enregistrer et accéder à mon compte' }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);
  await expect(toast(phone, 'Mot de passe enregistré : votre compte est prêt.')).toBeVisible();
  await elsewhere.close();

  // The sign-up browser, still on /verify-email, moves on by itself.
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, /confirmée sur un autre appareil/)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  expect(await signsIn(email, PASSWORD)).toBe(false);
  expect(await signsIn(email, 'Choisi-par-le-proprio-9')).toBe(true);
  // Nothing of the sign-up (company, name) was kept.
  expect(await profileByEmail(email)).toMatchObject({ contact_name: '', company_siret: null });
});

test('the 6-digit code of the e-mail, typed on /verify-email, confirms and keeps the password', async ({
  page,
}) => {
  const email = uniqueEmail('code');
  await signUpThroughWizard(page, email);
  const code = await waitForMailCode(email);
  const field = page.getByLabel('Code de confirmation');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoA11yViolations(page);
  await field.fill('000000');
  await page.getByRole('button', { name: 'Valider le code' }).click();
  await expect(page.getByText(/Code incorrect ou expiré/)).toBeVisible();
  await field.fill(code);
  await page.getByRole('button', { name: 'Valider le code' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Email vérifié avec succès !')).toBeVisible();
  expect(await signsIn(email, PASSWORD)).toBe(true);
});
