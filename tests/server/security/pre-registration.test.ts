// Issue 14 item 1: pre-registration takeover, in every order of sign-ups and clicks.
// The attack: a stranger signs up somebody's address with the stranger's password and name. The
// newest sign-up of an unconfirmed address replaces its password and metadata and kills every
// earlier link, so the owner is never blocked; but if the stranger signs up AFTER the owner, the only
// live link in the owner's inbox is the one sent for the stranger's registration. Such an address is
// CONTESTED (sign-ups with different passwords): confirming it proves inbox ownership only, so no
// registrant's password, name or company survives, every earlier session dies, and the link lands
// on the new-password screen where the person who reads the inbox chooses the password. The
// stranger never signs in and never shows as the owner.
// Own backend: a short e-mail interval (400 ms instead of 60 s) keeps the delayed-mail cases fast.
import { beforeEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../server/testing/backend';
import {
  authHeaders,
  authPost,
  clickLink,
  mailbox,
  mailCode,
  ownBackend,
  passwordGrant,
  profileOf,
  setPassword,
  signUp,
  verifyLink,
  waitForMails,
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
const OWNER_NEW_PASSWORD = 'Vera-nouveau-secret-2';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const landingPath = (location: string) => new URL(location).pathname;

/** Neither registrant's password signs in. */
async function noRegistrantPasswordWorks(email: string) {
  for (const password of [STRANGER.password, OWNER.password]) {
    const res = await passwordGrant(b, email, password);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('invalid_credentials');
    expect(res.body.access_token).toBeUndefined();
  }
}

/** Confirmed with none of the registrants' names, company or passwords. */
async function nothingOfTheRegistrants(email: string, token: string) {
  expect(await profileOf(b, token)).toMatchObject({
    contact_name: '',
    company_name: null,
    company_siret: null,
    contact_email: email,
  });
  await noRegistrantPasswordWorks(email);
}

/** What the new-password screen does: the inbox owner's password, then it signs in. */
async function ownerSetsPassword(email: string, token: string) {
  expect(await setPassword(b, token, OWNER_NEW_PASSWORD)).toBe(200);
  expect((await passwordGrant(b, email, OWNER_NEW_PASSWORD)).status).toBe(200);
  await noRegistrantPasswordWorks(email);
}

describe('pre-registration takeover: every order of sign-ups and clicks', () => {
  it('stranger then owner: the stranger is never kept; the owner confirms, lands on the new-password screen with no registrant password or name', async () => {
    const email = uniqueEmail('victim');
    expect((await signUp(b, email, STRANGER.password, STRANGER.data)).status).toBe(200);
    const [strangerMail] = await waitForMails(b, email, 1);
    await pause(450); // past the e-mail interval

    const res = await signUp(b, email, OWNER.password, OWNER.data); // never blocked
    expect(res.status).toBe(200);
    expect((res.body.identities as unknown[]).length).toBe(1);
    const [ownerMail] = await waitForMails(b, email, 2);
    expect((await clickLink(verifyLink(strangerMail!))).error).toBe('otp_expired');

    const click = await clickLink(verifyLink(ownerMail!));
    expect(click.error).toBeNull();
    expect(landingPath(click.location)).toBe('/nouveau-mot-de-passe');
    await nothingOfTheRegistrants(email, click.accessToken!);
    await ownerSetsPassword(email, click.accessToken!);
  });

  it('owner then stranger (the race): the only live link, sent for the stranger, confirms no registrant password or name and lands on the new-password screen', async () => {
    const email = uniqueEmail('race');
    await signUp(b, email, OWNER.password, OWNER.data);
    const [ownerMail] = await waitForMails(b, email, 1);
    await pause(450);
    expect((await signUp(b, email, STRANGER.password, STRANGER.data)).status).toBe(200);
    const [strangerLink] = await waitForMails(b, email, 2);

    // The owner's own link died with the stranger's sign-up.
    expect((await clickLink(verifyLink(ownerMail!))).error).toBe('otp_expired');
    const click = await clickLink(verifyLink(strangerLink!));
    expect(click.error).toBeNull();
    expect(landingPath(click.location)).toBe('/nouveau-mot-de-passe');
    await nothingOfTheRegistrants(email, click.accessToken!);
    await ownerSetsPassword(email, click.accessToken!);
    // The link served once.
    expect((await clickLink(verifyLink(strangerLink!))).error).toBe('otp_expired');
  });

  it('owner then stranger inside the e-mail interval: the credentials change at once, the delayed link still confirms no registrant password', async () => {
    const email = uniqueEmail('quick');
    await signUp(b, email, OWNER.password, OWNER.data);
    const [ownerMail] = await waitForMails(b, email, 1);
    expect((await signUp(b, email, STRANGER.password, STRANGER.data)).status).toBe(200); // < 400 ms
    expect((await clickLink(verifyLink(ownerMail!))).error).toBe('otp_expired'); // dead at once
    const [delayed] = await waitForMails(b, email, 2);
    const click = await clickLink(verifyLink(delayed!));
    expect(landingPath(click.location)).toBe('/nouveau-mot-de-passe');
    await nothingOfTheRegistrants(email, click.accessToken!);
    await ownerSetsPassword(email, click.accessToken!);
  });

  it('confirming a contested address by the code of the e-mail (not its link) discards the passwords and names too', async () => {
    const email = uniqueEmail('code');
    await signUp(b, email, OWNER.password, OWNER.data);
    await waitForMails(b, email, 1);
    await pause(450);
    await signUp(b, email, STRANGER.password, STRANGER.data);
    const [latest] = await waitForMails(b, email, 2);
    const verified = await authPost(b, 'verify', {
      type: 'signup',
      email,
      token: mailCode(latest!),
    });
    expect(verified.status).toBe(200);
    const token = verified.body.access_token as string;
    await nothingOfTheRegistrants(email, token);
    await ownerSetsPassword(email, token);
  });

  it('sign-ups alone never give the stranger a session, before or after the inbox owner confirms', async () => {
    const email = uniqueEmail('nothing');
    await signUp(b, email, OWNER.password, OWNER.data);
    await waitForMails(b, email, 1);
    for (const name of ['Mallory', 'Mallory bis']) {
      await pause(450);
      await signUp(b, email, STRANGER.password, { ...STRANGER.data, contact_name: name });
      const early = await passwordGrant(b, email, STRANGER.password);
      expect(early.status).toBe(400);
      expect(early.body.access_token).toBeUndefined();
    }
    await pause(450);
    expect((await authPost(b, 'resend', { type: 'signup', email })).status).toBe(200);
    const [latest, ...earlier] = await waitForMails(b, email, 4);
    // Every earlier link died with the newer sign-up (or the resend).
    for (const mail of earlier)
      expect((await clickLink(verifyLink(mail))).error).toBe('otp_expired');
    const click = await clickLink(verifyLink(latest!));
    expect(landingPath(click.location)).toBe('/nouveau-mot-de-passe');
    const mails = (await mailbox(b, email)).length;

    // Confirmed: another sign-up by the stranger changes nothing, sends nothing, opens nothing.
    await pause(450);
    const again = await signUp(b, email, STRANGER.password, STRANGER.data);
    expect(again.status).toBe(200);
    expect(again.body.identities).toHaveLength(1); // the answer of any sign-up (issue 28 item 8)
    expect(await mailbox(b, email)).toHaveLength(mails);
    await nothingOfTheRegistrants(email, click.accessToken!);
    await ownerSetsPassword(email, click.accessToken!);
  });

  it('the same registrant again (same password) is no contest: the link lands on /dashboard with their password and newest data', async () => {
    const email = uniqueEmail('twice');
    await signUp(b, email, OWNER.password, { contact_name: 'Vra' });
    await waitForMails(b, email, 1);
    await pause(450);
    await signUp(b, email, OWNER.password, OWNER.data);
    const [latest] = await waitForMails(b, email, 2);
    const click = await clickLink(verifyLink(latest!));
    expect(landingPath(click.location)).toBe('/dashboard');
    expect(await profileOf(b, click.accessToken!)).toMatchObject({
      contact_name: 'Vera',
      company_name: 'Boulangerie Vera',
    });
    expect((await passwordGrant(b, email, OWNER.password)).status).toBe(200);
  });

  it('once contested, always contested until confirmed: the owner signing up last does not bring the passwords back', async () => {
    const email = uniqueEmail('last');
    await signUp(b, email, OWNER.password, OWNER.data);
    await signUp(b, email, STRANGER.password, STRANGER.data);
    await signUp(b, email, OWNER.password, OWNER.data);
    await pause(450); // the last replacement's e-mail goes after the interval
    const [latest] = await waitForMails(b, email, 2);
    const click = await clickLink(verifyLink(latest!));
    expect(landingPath(click.location)).toBe('/nouveau-mot-de-passe');
    await nothingOfTheRegistrants(email, click.accessToken!);
  });

  it('a confirmed address: a new sign-up changes nothing and reveals nothing', async () => {
    const email = uniqueEmail('owner');
    await signUp(b, email, OWNER.password, OWNER.data);
    const [mail] = await waitForMails(b, email, 1);
    const click = await clickLink(verifyLink(mail!));
    expect(click.error).toBeNull();
    expect(landingPath(click.location)).toBe('/dashboard'); // uncontested: today's flow
    await pause(450);

    const again = await signUp(b, email, STRANGER.password, STRANGER.data);
    expect(again.status).toBe(200);
    // The answer of any sign-up: nothing tells that the address has an account (issue 28 item 8).
    expect(again.body.identities).toHaveLength(1);
    expect(await mailbox(b, email)).toHaveLength(1);
    const owner = await passwordGrant(b, email, OWNER.password);
    expect(owner.status).toBe(200);
    expect(again.body.id).not.toBe((owner.body.user as { id: string }).id);
    expect((await passwordGrant(b, email, STRANGER.password)).status).toBe(400);
  });

  it('resend gives a new link and kills the previous one, at most once per interval (429 + Retry-After)', async () => {
    const email = uniqueEmail('resend');
    await signUp(b, email, OWNER.password, OWNER.data);
    const [first] = await waitForMails(b, email, 1);
    const tooSoon = await authPost(b, 'resend', { type: 'signup', email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error_code).toBe('over_email_send_rate_limit');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await pause(450);
    expect((await authPost(b, 'resend', { type: 'signup', email })).status).toBe(200);
    const [second] = await waitForMails(b, email, 2);
    expect((await clickLink(verifyLink(first!))).error).toBe('otp_expired');
    expect((await clickLink(verifyLink(second!))).error).toBeNull();
    // Unknown address: the same answer, no e-mail (no enumeration).
    const nobody = uniqueEmail('nobody');
    expect((await authPost(b, 'resend', { type: 'signup', email: nobody })).status).toBe(200);
    expect(await mailbox(b, nobody)).toHaveLength(0);
  });
});

describe('the contest bookkeeping belongs to the server alone', () => {
  it('account_claims is out of the REST API, for the registrant too', async () => {
    const email = uniqueEmail('rest');
    await signUp(b, email, OWNER.password, OWNER.data);
    await signUp(b, email, STRANGER.password, STRANGER.data);
    const [latest] = await waitForMails(b, email, 2);
    const token = (await clickLink(verifyLink(latest!))).accessToken!;
    for (const auth of [token, undefined]) {
      const direct = await fetch(`${b.url}/rest/v1/contested?select=*`, {
        headers: authHeaders(b, auth),
      });
      expect(direct.status).toBe(404);
      const bySchema = await fetch(`${b.url}/rest/v1/contested?select=*`, {
        headers: { ...authHeaders(b, auth), 'accept-profile': 'account_claims' },
      });
      expect(bySchema.status).toBe(406);
      const insert = await fetch(`${b.url}/rest/v1/contested`, {
        method: 'POST',
        headers: { ...authHeaders(b, auth), 'content-profile': 'account_claims' },
        body: JSON.stringify({ user_id: '00000000-0000-4000-8000-000000000000' }),
      });
      expect(insert.status).toBe(406);
    }
  });
});
