// Issue 28 item 5: an e-mail change needed no proof from the new address (the current address's
// link alone completed it), and the new address's real owner then got « account exists ». Now, as
// GoTrue's « secure email change »: one link to the current address, one to the new, French
// e-mails, and the address changes only once both are followed; the new address stays free until
// then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/db';
import { EmailChanges } from '../../../server/auth/email-change';
import type { FrenchMailer } from '../../../server/auth/mailer';
import type { AuthThrottle } from '../../../server/auth/throttle';
import type { Backend } from '../../../server/start/backend';
import {
  createConfirmedUser,
  RELAXED_AUTH_LIMITS,
  startTestBackendWithInternals,
  uniqueEmail,
  type ConfirmedUser,
  type TestBackend,
} from '../../../server/testing/backend';
import {
  authHeaders,
  authPost,
  clickLink,
  mailbox,
  newBrowser,
  passwordGrant,
  signUpFrom,
  verifyLink,
  waitForMails,
  type MailMessage,
} from './support';

// Its own backend (a short e-mail interval), with its internals: the race test wraps its database.
let b: TestBackend & { backend: Backend };
beforeAll(async () => {
  b = await startTestBackendWithInternals({
    config: { seed: false, authLimits: { ...RELAXED_AUTH_LIMITS, emailIntervalMs: 400 } },
  });
});
afterAll(async () => {
  await b?.stop();
});

const SUBJECT = "Confirmez le changement d'adresse e-mail de votre compte Budget Formation";

async function requestChange(user: ConfirmedUser, email: string) {
  const res = await fetch(`${b.url}/auth/v1/user`, {
    method: 'PUT',
    headers: authHeaders(b, user.accessToken),
    body: JSON.stringify({ email }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function currentEmail(user: ConfirmedUser): Promise<string> {
  const res = await fetch(`${b.url}/auth/v1/user`, { headers: authHeaders(b, user.accessToken) });
  return String(((await res.json()) as { email: string }).email);
}

const outcome = (location: string) => new URL(location).searchParams.get('email_change');

/** The change e-mails to both addresses: French, each with its own link. */
async function changeMails(from: string, to: string): Promise<[MailMessage, MailMessage]> {
  const [current] = await waitForMails(b, from, 1);
  const [next] = await waitForMails(b, to, 1);
  for (const mail of [current!, next!]) {
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toContain('confirmé depuis les deux adresses');
    expect(mail.text).toContain(from);
    expect(mail.text).toContain(to);
    expect(mail.text).not.toMatch(/confirm your|change of email/i);
  }
  expect(verifyLink(current!)).not.toBe(verifyLink(next!));
  return [current!, next!];
}

describe('e-mail change confirmed by both addresses', () => {
  it('the current address’s link alone changes nothing; with the new one the address changes', async () => {
    const user = await createConfirmedUser(b);
    const target = uniqueEmail('nouvelle');
    const asked = await requestChange(user, target);
    expect(asked.status).toBe(200);
    expect(asked.body.email).toBe(user.email);
    expect(asked.body.new_email).toBe(target);
    const [toCurrent, toNew] = await changeMails(user.email, target);

    const first = await clickLink(verifyLink(toCurrent));
    expect(new URL(first.location).pathname).toBe('/confirmer-email');
    expect(outcome(first.location)).toBe('pending');
    expect(await currentEmail(user)).toBe(user.email);
    // The same link again changes nothing more.
    expect((await clickLink(verifyLink(toCurrent))).error).toBe('otp_expired');
    expect(await currentEmail(user)).toBe(user.email);

    const second = await clickLink(verifyLink(toNew));
    expect(outcome(second.location)).toBe('done');
    expect(await currentEmail(user)).toBe(target);
    expect((await passwordGrant(b, target, user.password)).status).toBe(200);
    expect((await passwordGrant(b, user.email, user.password)).status).toBe(400);
  });

  it('the new address’s link alone changes nothing either (order does not matter)', async () => {
    const user = await createConfirmedUser(b);
    const target = uniqueEmail('ordre');
    await requestChange(user, target);
    const [toCurrent, toNew] = await changeMails(user.email, target);
    expect(outcome((await clickLink(verifyLink(toNew))).location)).toBe('pending');
    expect(await currentEmail(user)).toBe(user.email);
    expect(outcome((await clickLink(verifyLink(toCurrent))).location)).toBe('done');
    expect(await currentEmail(user)).toBe(target);
  });

  it('a stolen session cannot take someone else’s address: its owner signs up normally, and the change then fails', async () => {
    const thief = await createConfirmedUser(b);
    const victimAddress = uniqueEmail('victime');
    await requestChange(thief, victimAddress);
    const [toCurrent, toNew] = await changeMails(thief.email, victimAddress);
    expect(outcome((await clickLink(verifyLink(toCurrent))).location)).toBe('pending');

    // The real owner of the address signs up: not « account exists ».
    const browser = newBrowser();
    const signUp = await signUpFrom(b, browser, victimAddress, 'Le-vrai-proprio-6');
    expect(signUp.status).toBe(200);
    expect((signUp.body.identities as unknown[]).length).toBe(1);
    // The sign-up is answered first and done after (uniform-answers.ts): its confirmation e-mail
    // says it is done. (A link followed while it runs: see the next test.)
    await waitForMails(b, victimAddress, 2);
    // The change can no longer complete.
    const late = await clickLink(verifyLink(toNew));
    expect(late.error).toBe('email_exists');
    expect(await currentEmail(thief)).toBe(thief.email);
  });

  it('the new address signed up between the last check and the write: email_exists, never a 500', async () => {
    const user = await createConfirmedUser(b);
    const target = uniqueEmail('course');
    await requestChange(user, target);
    const [toCurrent, toNew] = await changeMails(user.email, target);
    expect(outcome((await clickLink(verifyLink(toCurrent))).location)).toBe('pending');
    // The owner's account appears right when the change is written (its sign-up runs under the
    // address's lock, the change under the account's): the database's unique address decides.
    const db = b.backend.db;
    const racing = Object.create(db) as Db;
    racing.transaction = async (fn) => {
      await createConfirmedUser(b, target);
      return db.transaction(fn);
    };
    const changes = new EmailChanges(racing, {} as FrenchMailer, {} as AuthThrottle);
    const token = new URL(verifyLink(toNew)).searchParams.get('token')!;
    expect(await changes.verify(token)).toBe('email_exists');
    expect(await currentEmail(user)).toBe(user.email);
    // The change is abandoned: its links lead nowhere now.
    expect(await changes.verify(token)).toBe('not_found');
  });

  it('the codes of the e-mails work the same (POST /verify, GoTrue’s answers)', async () => {
    const user = await createConfirmedUser(b);
    const target = uniqueEmail('codes');
    await requestChange(user, target);
    const [toCurrent, toNew] = await changeMails(user.email, target);
    const hash = (m: MailMessage) => new URL(verifyLink(m)).searchParams.get('token')!;
    const one = await authPost(b, 'verify', { type: 'email_change', token_hash: hash(toNew) });
    expect(one.status).toBe(200);
    expect(String(one.body.msg)).toMatch(/confirm link sent to the other email/);
    expect(await currentEmail(user)).toBe(user.email);
    const wrong = await authPost(b, 'verify', { type: 'email_change', token_hash: 'f'.repeat(64) });
    expect(wrong.status).toBe(403);
    const two = await authPost(b, 'verify', { type: 'email_change', token_hash: hash(toCurrent) });
    expect(two.status).toBe(200);
    expect(await currentEmail(user)).toBe(target);
  });

  it('refused: an address another account has (GoTrue’s 422 email_exists), a malformed one, a second request inside the interval', async () => {
    const user = await createConfirmedUser(b);
    const other = await createConfirmedUser(b);
    const taken = await requestChange(user, other.email);
    expect(taken.status).toBe(422);
    expect(taken.body.error_code).toBe('email_exists');
    expect((await requestChange(user, 'pas-une-adresse')).status).toBe(400);
    expect(await mailbox(b, other.email)).toHaveLength(0);

    const target = uniqueEmail('deux-fois');
    expect((await requestChange(user, target)).status).toBe(200);
    const again = await requestChange(user, uniqueEmail('trop-tot'));
    expect(again.status).toBe(429);
    expect(again.body.error_code).toBe('over_email_send_rate_limit');
    // Anonymous: refused before anything is sent.
    const anon = await fetch(`${b.url}/auth/v1/user`, {
      method: 'PUT',
      headers: authHeaders(b),
      body: JSON.stringify({ email: uniqueEmail('anonyme') }),
    });
    expect(anon.status).toBeGreaterThanOrEqual(400);
    expect(anon.status).toBeLessThan(500);
  });
});
