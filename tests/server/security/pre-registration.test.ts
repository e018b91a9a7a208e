// Issue 14 item 1: pre-registration takeover. A stranger signs up the victim's address with the
// stranger's password and name; the victim's own sign-up used to be answered 429, the only e-mail in
// the victim's inbox was the stranger's, and clicking it opened an account with the stranger's
// password and name. Now the newest sign-up of an unconfirmed address replaces its password and
// metadata and kills every earlier link; the inbox owner confirms with their own credentials.
// Own backend: a short e-mail interval (400 ms instead of 60 s) keeps the delayed-mail case fast.
import { beforeEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../server/testing/backend';
import {
  authPost,
  clickLink,
  mailbox,
  ownBackend,
  passwordGrant,
  signUp,
  verifyLink,
  type MailMessage,
} from './support';

const backend = ownBackend({ emailIntervalMs: 400 });
let b: ReturnType<typeof backend>;
beforeEach(() => {
  b = backend();
});

const ATTACKER = {
  password: 'Mallory-secret-77',
  data: { contact_name: 'Mallory', company_name: 'Mallory SA' },
};
const VICTIM = {
  password: 'Vera-choisit-le-sien-1',
  data: { contact_name: 'Vera', company_name: 'Boulangerie Vera' },
};

async function waitForMails(email: string, count: number): Promise<MailMessage[]> {
  for (let i = 0; i < 100; i++) {
    const list = await mailbox(b, email);
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${count} e-mails for ${email}`);
}

async function profileOf(accessToken: string) {
  const res = await fetch(
    `${b.url}/rest/v1/profiles?select=contact_name,company_name,contact_email`,
    {
      headers: { apikey: b.anonKey, authorization: `Bearer ${accessToken}` },
    },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as Record<string, unknown>[])[0];
}

describe('pre-registration takeover', () => {
  it("the victim's sign-up replaces a stranger's pre-registration: their password, name and company; the stranger's link is dead", async () => {
    const email = uniqueEmail('victim');
    expect((await signUp(b, email, ATTACKER.password, ATTACKER.data)).status).toBe(200);
    const [attackerMail] = await waitForMails(email, 1);
    await new Promise((r) => setTimeout(r, 450)); // past the e-mail interval

    const res = await signUp(b, email, VICTIM.password, VICTIM.data);
    expect(res.status).toBe(200);
    expect((res.body.identities as unknown[]).length).toBe(1);
    const mails = await waitForMails(email, 2);
    const victimMail = mails[0]!; // newest first
    expect(victimMail.id).not.toBe(attackerMail!.id);

    // The stranger's link no longer confirms anything.
    const stale = await clickLink(verifyLink(attackerMail!));
    expect(stale.accessToken).toBeNull();
    expect(stale.error).toBe('otp_expired');

    const click = await clickLink(verifyLink(victimMail));
    expect(click.error).toBeNull();
    expect(await profileOf(click.accessToken!)).toMatchObject({
      contact_name: 'Vera',
      company_name: 'Boulangerie Vera',
      contact_email: email,
    });
    expect((await passwordGrant(b, email, VICTIM.password)).status).toBe(200);
    const stranger = await passwordGrant(b, email, ATTACKER.password);
    expect(stranger.status).toBe(400);
    expect(stranger.body.error_code).toBe('invalid_credentials');
  });

  it('a sign-up inside the e-mail interval still replaces the credentials at once; its e-mail follows', async () => {
    const email = uniqueEmail('quick-victim');
    await signUp(b, email, ATTACKER.password, ATTACKER.data);
    const [attackerMail] = await waitForMails(email, 1);
    const res = await signUp(b, email, VICTIM.password, VICTIM.data); // no wait: inside 400 ms
    expect(res.status).toBe(200);
    // Dead at once, before the delayed e-mail goes.
    expect((await clickLink(verifyLink(attackerMail!))).error).toBe('otp_expired');
    const [victimMail] = await waitForMails(email, 2);
    const click = await clickLink(verifyLink(victimMail!));
    expect(click.error).toBeNull();
    expect(await profileOf(click.accessToken!)).toMatchObject({ contact_name: 'Vera' });
    expect((await passwordGrant(b, email, VICTIM.password)).status).toBe(200);
    expect((await passwordGrant(b, email, ATTACKER.password)).status).toBe(400);
  });

  it('a confirmed address: a new sign-up changes nothing and reveals nothing', async () => {
    const email = uniqueEmail('owner');
    await signUp(b, email, VICTIM.password, VICTIM.data);
    const [mail] = await waitForMails(email, 1);
    expect((await clickLink(verifyLink(mail!))).error).toBeNull();
    await new Promise((r) => setTimeout(r, 450));

    const again = await signUp(b, email, ATTACKER.password, ATTACKER.data);
    expect(again.status).toBe(200);
    expect(again.body.identities).toEqual([]); // GoTrue's obfuscated user: "account exists"
    expect(await mailbox(b, email)).toHaveLength(1);
    expect((await passwordGrant(b, email, VICTIM.password)).status).toBe(200);
    expect((await passwordGrant(b, email, ATTACKER.password)).status).toBe(400);
  });

  it('resend gives a new link and kills the previous one, at most once per interval (429 + Retry-After)', async () => {
    const email = uniqueEmail('resend');
    await signUp(b, email, VICTIM.password, VICTIM.data);
    const [first] = await waitForMails(email, 1);
    const tooSoon = await authPost(b, 'resend', { type: 'signup', email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error_code).toBe('over_email_send_rate_limit');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 450));
    expect((await authPost(b, 'resend', { type: 'signup', email })).status).toBe(200);
    const [second] = await waitForMails(email, 2);
    expect((await clickLink(verifyLink(first!))).error).toBe('otp_expired');
    expect((await clickLink(verifyLink(second!))).error).toBeNull();
    // Unknown address: the same answer, no e-mail (no enumeration).
    const nobody = uniqueEmail('nobody');
    expect((await authPost(b, 'resend', { type: 'signup', email: nobody })).status).toBe(200);
    expect(await mailbox(b, nobody)).toHaveLength(0);
  });
});
