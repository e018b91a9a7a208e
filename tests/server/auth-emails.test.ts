// Issue 16 item 8: the confirmation and password e-mails are French (subject, HTML and plain-text
// parts), name the product, and their links land on the app: the confirmation screen with a
// one-time code for a sign-up (issue 28 item 2), the recovery screen for a password reset
// (server/auth/mailer.ts).
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, uniqueEmail } from '../../server/testing/backend';
import { LANDING } from '../../server/auth/mailer';
import { backend } from './helpers';
import { authPost, clickLink, mailbox, signUp, verifyLink } from './security/support';

const SITE = 'http://127.0.0.1:4173';
const ENGLISH = /confirm your|reset your password|follow this link|your login code|magic link/i;

describe('auth e-mails', () => {
  it('the confirmation e-mail is French in every part, says what to do if one did not ask, and lands on the confirmation screen', async () => {
    const email = uniqueEmail('mail-fr');
    expect(
      (await signUp(backend, email, 'Mail-en-francais-1', { contact_name: 'Inès' })).status,
    ).toBe(200);
    const [mail] = await mailbox(backend, email);
    expect(mail!.subject).toBe('Confirmez votre inscription à Budget Formation');
    expect(mail!.html).toContain('<html lang="fr">');
    expect(mail!.html).toContain('Budget Formation');
    expect(mail!.html).toContain('Confirmer mon adresse e-mail');
    expect(mail!.text).toContain('Bienvenue sur Budget Formation');
    expect(mail!.text).toMatch(/Ou saisissez ce code : \d{6}/);
    // What to do if one did not sign up (issue 28 item 2), in both parts.
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain("Vous n'avez pas demandé à créer un compte ?");
      expect(part).toContain("aucun mot de passe saisi par quelqu'un d'autre ne sera conservé");
    }
    for (const part of [mail!.subject, mail!.text, mail!.html]) expect(part).not.toMatch(ENGLISH);
    // The same link in both parts, on the API's verify endpoint, redirecting to the confirmation
    // screen with a one-time code (no session in the address).
    const link = verifyLink(mail!);
    expect(mail!.text).toContain(link);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${SITE}${LANDING.confirm}`);
    const click = await clickLink(link);
    expect(click.location.startsWith(`${SITE}${LANDING.confirm}?code=`)).toBe(true);
    expect(click.accessToken).toBeNull();
  });

  it("the app's emailRedirectTo origin is kept; a foreign one falls back to the site", async () => {
    const kept = uniqueEmail('mail-redirect');
    await authPost(
      backend,
      `signup?redirect_to=${encodeURIComponent('http://localhost:5173/dashboard')}`,
      {
        email: kept,
        password: 'Mail-en-francais-2',
      },
    );
    const [a] = await mailbox(backend, kept);
    expect(new URL(verifyLink(a!)).searchParams.get('redirect_to')).toBe(
      'http://localhost:5173/dashboard',
    );

    const foreign = uniqueEmail('mail-foreign');
    await authPost(
      backend,
      `signup?redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
      {
        email: foreign,
        password: 'Mail-en-francais-3',
      },
    );
    const [f] = await mailbox(backend, foreign);
    expect(new URL(verifyLink(f!)).searchParams.get('redirect_to')).toBe(
      `${SITE}${LANDING.confirm}`,
    );
    // Wherever the link was going, a confirmation lands on the confirmation screen of that origin.
    const landed = new URL((await clickLink(verifyLink(a!))).location);
    expect(`${landed.origin}${landed.pathname}`).toBe(`http://localhost:5173${LANDING.confirm}`);
  });

  it('the password e-mail is French and lands on the recovery screen', async () => {
    const user = await createConfirmedUser(backend);
    expect((await authPost(backend, 'recover', { email: user.email })).status).toBe(200);
    const [mail] = await mailbox(backend, user.email);
    expect(mail!.subject).toBe('Réinitialisation de votre mot de passe Budget Formation');
    expect(mail!.html).toContain('Choisir un nouveau mot de passe');
    expect(mail!.text).toContain('réinitialiser le mot de passe de votre compte Budget Formation');
    for (const part of [mail!.subject, mail!.text, mail!.html]) expect(part).not.toMatch(ENGLISH);
    const click = await clickLink(verifyLink(mail!));
    expect(click.location.startsWith(`${SITE}${LANDING.recovery}#access_token=`)).toBe(true);
    expect(click.location).toContain('type=recovery');
    // A second request inside the interval: GoTrue's 429, whether the address exists or not.
    const again = await authPost(backend, 'recover', { email: user.email });
    expect(again.status).toBe(429);
    expect(again.body.error_code).toBe('over_email_send_rate_limit');
  });
});
