// Issue 28 item 2 (after issue 14 item 1): whoever owns the inbox owns the account.
// The attack: a stranger signs up somebody's address with the stranger's password and company; the
// owner clicks the link that arrives and lands signed in an account whose password the stranger
// knows; a stranger signing up again every few seconds killed each of the owner's links (lock-out).
// Now a link proves the inbox only: the password set at sign-up survives the confirmation only in
// the browser that signed up (PKCE: it holds the code verifier); anywhere else the inbox owner
// chooses the password (« Choisissez votre mot de passe », POST /claim) and no registrant's password,
// name, company or session survives. A new sign-up never shortens the life of the pending link.
// Own backend: a short e-mail interval (400 ms instead of 60 s) keeps the delayed-mail cases fast.
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_REGISTRATIONS } from '../../../server/auth/sign-up';
import { uniqueEmail } from '../../../server/testing/backend';
import {
  authHeaders,
  authPost,
  claim,
  clickLink,
  exchange,
  mailbox,
  mailCode,
  newBrowser,
  ownBackend,
  passwordGrant,
  profileOf,
  registrationStatus,
  signUp,
  signUpFrom,
  verifyLink,
  waitForMails,
  type MailMessage,
} from './support';

const backend = ownBackend({ emailIntervalMs: 400 });
let b: ReturnType<typeof backend>;
beforeEach(() => {
  b = backend();
});

const STRANGER = {
  password: 'Mallory-secret-77',
  data: { contact_name: 'Mallory', company_name: 'Mallory SA' },
};
const OWNER = {
  password: 'Vera-choisit-le-sien-1',
  data: { contact_name: 'Vera', company_name: 'Boulangerie Vera', company_siret: '12345678901234' },
};
const CHOSEN = 'Vera-nouveau-secret-2';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The person who reads the inbox opens the link: the landing and its one-time code. */
async function open(mail: MailMessage) {
  const click = await clickLink(verifyLink(mail));
  expect(click.error).toBeNull();
  expect(new URL(click.location).pathname).toBe('/confirmer-email');
  expect(click.code).toMatch(/^[\w-]{40,}$/);
  return click.code!;
}

/** Neither registrant's password signs in, and no session is handed out. */
async function noRegistrantPasswordWorks(email: string) {
  for (const password of [STRANGER.password, OWNER.password]) {
    const res = await passwordGrant(b, email, password);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('invalid_credentials');
    expect(res.body.access_token).toBeUndefined();
    expect(res.body.refresh_token).toBeUndefined();
  }
}

async function strangerGetsNothing(email: string) {
  const res = await passwordGrant(b, email, STRANGER.password);
  expect(res.status).toBe(400);
  expect(res.body.refresh_token).toBeUndefined();
}

describe('the sign-up browser keeps its password; anywhere else the inbox owner chooses', () => {
  it('confirmed in the browser that signed up: its password and data are kept', async () => {
    const email = uniqueEmail('same');
    const browser = newBrowser();
    expect((await signUpFrom(b, browser, email, OWNER.password, OWNER.data)).status).toBe(200);
    // Nothing signs in before the confirmation (GoTrue's "Email not confirmed" for the registrant).
    const early = await passwordGrant(b, email, OWNER.password);
    expect(early.status).toBe(400);
    expect(early.body.error_code).toBe('email_not_confirmed');
    const [mail] = await waitForMails(b, email, 1);
    const code = await open(mail!);
    const session = await exchange(b, code, browser);
    expect(session.status).toBe(200);
    expect(await profileOf(b, String(session.body.access_token))).toMatchObject({
      contact_name: 'Vera',
      company_name: 'Boulangerie Vera',
      contact_email: email,
    });
    expect((await passwordGrant(b, email, OWNER.password)).status).toBe(200);
    // The code and the link served once.
    expect((await exchange(b, code, browser)).status).toBeGreaterThanOrEqual(400);
    expect((await clickLink(verifyLink(mail!))).error).toBe('otp_expired');
  });

  it('a stranger pre-registered the address; the owner confirms elsewhere: the stranger keeps no password, no session, no data', async () => {
    const email = uniqueEmail('victim');
    const strangerBrowser = newBrowser();
    await signUpFrom(b, strangerBrowser, email, STRANGER.password, STRANGER.data);
    const [mail] = await waitForMails(b, email, 1);
    const code = await open(mail!);

    // The owner's browser has no verifier (or another one): no session with the stranger's password.
    // No verifier at all is GoTrue's 400 validation_failed ("both auth code and code verifier
    // should be non-empty", before any flow state is looked up); supabase-js never sends that, it
    // throws AuthPKCECodeVerifierMissingError in the browser. Another verifier: bad_code_verifier.
    const refused = await exchange(b, code, null);
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('validation_failed');
    expect(refused.body.access_token).toBeUndefined();
    const other = await exchange(b, code, newBrowser());
    expect([other.status, other.body.error_code]).toEqual([400, 'bad_code_verifier']);
    // « Choisissez votre mot de passe »: the refused exchanges did not use the code up.
    const chosen = await claim(b, code, CHOSEN);
    expect(chosen.status).toBe(200);
    const token = String(chosen.body.access_token);
    expect(await profileOf(b, token)).toMatchObject({
      contact_name: '',
      company_name: null,
      company_siret: null,
      contact_email: email,
    });
    await noRegistrantPasswordWorks(email);
    expect((await passwordGrant(b, email, CHOSEN)).status).toBe(200);
    // The stranger's browser, verifier in hand, gets nothing from it either.
    expect((await exchange(b, code, strangerBrowser)).status).toBeGreaterThanOrEqual(400);
    expect((await registrationStatus(b, strangerBrowser)).body.status).toBe('confirmed');
  });

  it('the stranger signs up again every few seconds: the owner’s link stays alive and keeps the owner’s password', async () => {
    const email = uniqueEmail('lockout');
    const owner = newBrowser();
    await signUpFrom(b, owner, email, OWNER.password, OWNER.data);
    const [first] = await waitForMails(b, email, 1);
    for (let i = 0; i < 3; i++) {
      await pause(450);
      const again = await signUpFrom(b, newBrowser(), email, STRANGER.password, STRANGER.data);
      expect(again.status).toBe(200);
      // The answer shows the registrant's own data, never another registration's, and is the
      // answer of any sign-up: nothing tells that the address is taken (issue 28 item 8).
      expect((again.body.user_metadata as Record<string, unknown>).contact_name).toBe('Mallory');
      expect(again.body.identities).toHaveLength(1);
    }
    const mails = await waitForMails(b, email, 4);
    // Each new sign-up sent the same live link again: none replaced the owner's.
    expect(new Set(mails.map((m) => verifyLink(m))).size).toBe(1);
    expect(new Set(mails.map((m) => mailCode(m))).size).toBe(1);
    await strangerGetsNothing(email);

    const code = await open(first!);
    const session = await exchange(b, code, owner);
    expect(session.status).toBe(200);
    expect(await profileOf(b, String(session.body.access_token))).toMatchObject({
      contact_name: 'Vera',
      company_name: 'Boulangerie Vera',
    });
    expect((await passwordGrant(b, email, OWNER.password)).status).toBe(200);
    await strangerGetsNothing(email);
  });

  it('stranger first, owner second: the owner’s browser keeps the owner’s registration whichever copy of the link is opened', async () => {
    const email = uniqueEmail('second');
    await signUpFrom(b, newBrowser(), email, STRANGER.password, STRANGER.data);
    const [strangerMail] = await waitForMails(b, email, 1);
    await pause(450);
    const owner = newBrowser();
    await signUpFrom(b, owner, email, OWNER.password, OWNER.data);
    await waitForMails(b, email, 2);
    // The e-mail sent for the stranger's sign-up: it proves the inbox; the verifier picks the owner.
    const session = await exchange(b, await open(strangerMail!), owner);
    expect(session.status).toBe(200);
    expect(await profileOf(b, String(session.body.access_token))).toMatchObject({
      contact_name: 'Vera',
    });
    expect((await passwordGrant(b, email, OWNER.password)).status).toBe(200);
    await strangerGetsNothing(email);
  });

  it('a new sign-up inside the e-mail interval changes nothing for the pending link; the link goes again when the interval allows', async () => {
    const email = uniqueEmail('quick');
    const owner = newBrowser();
    await signUpFrom(b, owner, email, OWNER.password, OWNER.data);
    const [ownerMail] = await waitForMails(b, email, 1);
    expect((await signUp(b, email, STRANGER.password, STRANGER.data)).status).toBe(200); // < 400 ms
    expect((await clickLink(verifyLink(ownerMail!))).error).toBeNull(); // still alive
    const [delayed] = await waitForMails(b, email, 2);
    expect(verifyLink(delayed!)).toBe(verifyLink(ownerMail!));
    expect((await exchange(b, await open(delayed!), owner)).status).toBe(200);
  });

  it('a flood of sign-ups keeps a bounded number of registrations: the oldest go, nothing else changes', async () => {
    const email = uniqueEmail('flood');
    const owner = newBrowser();
    await signUpFrom(b, owner, email, OWNER.password, OWNER.data);
    const [mail] = await waitForMails(b, email, 1);
    for (let i = 0; i < MAX_OPEN_REGISTRATIONS; i++)
      expect((await signUp(b, email, `${STRANGER.password}-${i}`, STRANGER.data)).status).toBe(200);
    // Each sign-up is answered first and done after (uniform-answers.ts); the mailbox answers once
    // the address's queued work is done. (A link followed sooner may still find the owner's.)
    await mailbox(b, email);
    // The owner's registration was the oldest: dropped, so its browser is asked for a password.
    const code = await open(mail!);
    expect((await exchange(b, code, owner)).body.error_code).toBe('bad_code_verifier');
    expect((await claim(b, code, CHOSEN)).status).toBe(200);
    await noRegistrantPasswordWorks(email);
  });

  it('the code of the e-mail, typed in the sign-up browser, keeps its password; typed elsewhere, the owner chooses', async () => {
    const email = uniqueEmail('code');
    const browser = newBrowser();
    await signUpFrom(b, browser, email, OWNER.password, OWNER.data);
    const [mail] = await waitForMails(b, email, 1);
    const wrong = await authPost(b, 'verify', { type: 'signup', email, token: '000000' });
    expect(wrong.status).toBe(403);
    const typed = await authPost(b, 'verify', { type: 'signup', email, token: mailCode(mail!) });
    expect(typed.status).toBe(200);
    expect(typed.body.access_token).toBeUndefined(); // the code proves the inbox only
    const code = String(typed.body.auth_code);
    expect((await exchange(b, code, browser)).status).toBe(200);
    expect((await passwordGrant(b, email, OWNER.password)).status).toBe(200);

    const other = uniqueEmail('code-elsewhere');
    await signUpFrom(b, newBrowser(), other, STRANGER.password, STRANGER.data);
    const [otherMail] = await waitForMails(b, other, 1);
    const typedElsewhere = await authPost(b, 'verify', {
      type: 'signup',
      email: other,
      token: mailCode(otherMail!),
    });
    const otherCode = String(typedElsewhere.body.auth_code);
    expect((await exchange(b, otherCode, null)).status).toBe(400);
    expect((await claim(b, otherCode, CHOSEN)).status).toBe(200);
    expect((await passwordGrant(b, other, STRANGER.password)).status).toBe(400);
  });

  it('a sign-up without PKCE cannot prove its browser: its confirmation always asks for the password', async () => {
    const email = uniqueEmail('implicit');
    await signUp(b, email, OWNER.password, OWNER.data);
    const [mail] = await waitForMails(b, email, 1);
    const code = await open(mail!);
    expect((await exchange(b, code, newBrowser())).body.error_code).toBe('bad_code_verifier');
    expect((await claim(b, code, CHOSEN)).status).toBe(200);
    await noRegistrantPasswordWorks(email);
  });

  it('the sign-up browser learns when its address is confirmed on another device; others learn nothing', async () => {
    const email = uniqueEmail('status');
    const browser = newBrowser();
    await signUpFrom(b, browser, email, OWNER.password, OWNER.data);
    expect((await registrationStatus(b, browser)).body).toEqual({ status: 'pending' });
    expect((await registrationStatus(b, newBrowser())).body).toEqual({ status: 'unknown' });
    const [mail] = await waitForMails(b, email, 1);
    expect((await claim(b, await open(mail!), CHOSEN)).status).toBe(200);
    expect((await registrationStatus(b, browser)).body).toEqual({ status: 'confirmed' });
    // Nothing but a verifier is accepted.
    for (const body of [{}, { code_verifier: 12 }, { code_verifier: 'court' }, null])
      expect((await authPost(b, 'signup/status', body)).status).toBe(400);
  });

  it('resend sends the same live link again, at most once per interval (429 + Retry-After)', async () => {
    const email = uniqueEmail('resend');
    const browser = newBrowser();
    await signUpFrom(b, browser, email, OWNER.password, OWNER.data);
    const [first] = await waitForMails(b, email, 1);
    const tooSoon = await authPost(b, 'resend', { type: 'signup', email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error_code).toBe('over_email_send_rate_limit');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await pause(450);
    expect((await authPost(b, 'resend', { type: 'signup', email })).status).toBe(200);
    const [second] = await waitForMails(b, email, 2);
    expect(verifyLink(second!)).toBe(verifyLink(first!));
    expect((await exchange(b, await open(first!), browser)).status).toBe(200);
    // Unknown address: the same answer, no e-mail (no enumeration).
    const nobody = uniqueEmail('nobody');
    expect((await authPost(b, 'resend', { type: 'signup', email: nobody })).status).toBe(200);
    expect(await mailbox(b, nobody)).toHaveLength(0);
  });

  it('a confirmed address: a new sign-up changes nothing and reveals nothing', async () => {
    const email = uniqueEmail('owner');
    const browser = newBrowser();
    await signUpFrom(b, browser, email, OWNER.password, OWNER.data);
    const [mail] = await waitForMails(b, email, 1);
    expect((await exchange(b, await open(mail!), browser)).status).toBe(200);
    await pause(450);
    const again = await signUpFrom(b, newBrowser(), email, STRANGER.password, STRANGER.data);
    expect(again.status).toBe(200);
    // The answer of any sign-up (issue 28 item 8): one identity, as for a new address; GoTrue's
    // `identities: []` for a taken address told that it was taken.
    expect(again.body.identities).toHaveLength(1);
    expect(again.body.email).toBe(email);
    expect(await mailbox(b, email)).toHaveLength(1);
    expect((await passwordGrant(b, email, OWNER.password)).status).toBe(200);
    expect((await passwordGrant(b, email, STRANGER.password)).status).toBe(400);
  });
});

describe('« Choisissez votre mot de passe » refuses what it must', () => {
  it('bad bodies, weak passwords, unknown or used codes: 4xx, never a session', async () => {
    for (const body of [null, {}, { auth_code: 12, password: CHOSEN }, { auth_code: 'x' }, []])
      expect((await authPost(b, 'claim', body)).status).toBe(400);
    const email = uniqueEmail('claim');
    await signUpFrom(b, newBrowser(), email, STRANGER.password, STRANGER.data);
    const [mail] = await waitForMails(b, email, 1);
    const code = await open(mail!);
    expect((await claim(b, code, 'court')).body.error_code).toBe('weak_password');
    expect((await claim(b, code, 'motdepasse')).body.error_code).toBe('weak_password');
    // The strength estimator of every new password (issue 28 item 8), here too.
    const guessable = await claim(b, code, 'Budget2026!');
    expect([guessable.status, guessable.body.error_code]).toEqual([422, 'weak_password']);
    expect(guessable.body.access_token).toBeUndefined();
    expect((await claim(b, 'a'.repeat(43), CHOSEN)).status).toBe(404);
    expect((await claim(b, code, CHOSEN)).status).toBe(200);
    const reused = await claim(b, code, 'Un-autre-essai-9');
    expect(reused.status).toBe(404);
    expect(reused.body.access_token).toBeUndefined();
    expect((await passwordGrant(b, email, 'Un-autre-essai-9')).status).toBe(400);
    // A bad challenge at sign-up is a 400 in GoTrue's shape, never a 500.
    const bad = await authPost(b, 'signup', {
      email: uniqueEmail('bad-pkce'),
      password: OWNER.password,
      code_challenge: 'short',
      code_challenge_method: 's256',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('validation_failed');
  });
});

describe('the registrations belong to the server alone', () => {
  it('account_claims is out of the REST API, for the registrant too', async () => {
    const email = uniqueEmail('rest');
    await signUpFrom(b, newBrowser(), email, OWNER.password, OWNER.data);
    const [mail] = await waitForMails(b, email, 1);
    const token = String((await claim(b, await open(mail!), CHOSEN)).body.access_token);
    for (const auth of [token, undefined]) {
      for (const table of ['registrations', 'confirmation_links', 'confirmation_codes']) {
        const direct = await fetch(`${b.url}/rest/v1/${table}?select=*`, {
          headers: authHeaders(b, auth),
        });
        expect(direct.status).toBe(404);
        const bySchema = await fetch(`${b.url}/rest/v1/${table}?select=*`, {
          headers: { ...authHeaders(b, auth), 'accept-profile': 'account_claims' },
        });
        expect(bySchema.status).toBe(406);
      }
    }
  });
});
