// Issue 14 item 5: referral fraud. An unconfirmed sign-up naming any profile as referrer created a
// 'registered' referral at once. The referral (like the profile and the first simulation) is now
// recorded when the address is confirmed, and only to another confirmed account.
// Issue 28 item 9: three plus-addresses of one mailbox with the same SIRET gave three referrals.
// A referral is now recorded once per referred company (SIRET) and once per mailbox (sub-address
// removed, Gmail's dots folded), whoever referred it.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, uniqueEmail } from '../../../server/testing/backend';
import { backend, service, userIdOf } from '../helpers';
import {
  clickLink,
  exchange,
  mailbox,
  newBrowser,
  referralParam,
  signUp,
  signUpFrom,
  verifyLink,
  waitForMails,
} from './support';

const referralsOf = async (referrerId: string) => {
  const { data, error } = await service()
    .from('referrals')
    .select('id, status, referred_profile_id')
    .eq('referrer_id', referrerId);
  expect(error).toBeNull();
  return data!;
};

describe('referral fraud', () => {
  it('an unconfirmed sign-up with referral_id creates no referral until the address is confirmed', async () => {
    const referrer = await createConfirmedUser(backend);
    const emails = [uniqueEmail('fake-1'), uniqueEmail('fake-2'), uniqueEmail('fake-3')];
    const browser = newBrowser();
    for (const email of emails) {
      const res = await signUpFrom(backend, browser, email, 'Filleul-mot-de-passe-1', {
        contact_name: 'Faux filleul',
        referral_id: referralParam(referrer.id),
      });
      expect(res.status).toBe(200);
    }
    // The sign-ups are answered first and done after (uniform-answers.ts): their e-mails say so.
    for (const email of emails) await waitForMails(backend, email, 1);
    // Nothing recorded for addresses nobody confirmed, and no profile either.
    expect(await referralsOf(referrer.id)).toEqual([]);
    const ids = (await service().auth.admin.listUsers({ perPage: 1000 })).data.users
      .filter((u) => emails.includes(u.email ?? ''))
      .map((u) => u.id);
    expect(ids).toHaveLength(3);
    expect((await service().from('profiles').select('id').in('id', ids)).data).toEqual([]);

    // The honest path: the person who owns the first address confirms it, in the browser that
    // signed up (its registration, referral included, is the one kept).
    const [mail] = await mailbox(backend, emails[0]!);
    const click = await clickLink(verifyLink(mail!));
    expect(click.error).toBeNull();
    expect((await exchange(backend, click.code!, browser)).status).toBe(200);
    const referrals = await referralsOf(referrer.id);
    expect(referrals).toHaveLength(1);
    expect(referrals[0]).toMatchObject({ status: 'registered' });
    expect(ids).toContain(referrals[0]!.referred_profile_id);
  });

  it('a referral naming an account that is not confirmed is never recorded', async () => {
    const unconfirmedReferrer = uniqueEmail('ghost-referrer');
    await signUp(backend, unconfirmedReferrer, 'Fantome-mot-de-passe-1');
    const ghostId = await userIdOf(unconfirmedReferrer);
    const email = uniqueEmail('referred');
    const browser = newBrowser();
    await signUpFrom(backend, browser, email, 'Filleul-mot-de-passe-2', {
      referral_id: referralParam(ghostId),
    });
    const [mail] = await mailbox(backend, email);
    const click = await clickLink(verifyLink(mail!));
    expect((await exchange(backend, click.code!, browser)).status).toBe(200);
    expect(await referralsOf(ghostId)).toEqual([]);
  });

  /** Signs `email` up naming `referrer`, then confirms it from its inbox, in the same browser. */
  const referredSignUp = async (referrerId: string, email: string, siret?: string) => {
    const browser = newBrowser();
    const res = await signUpFrom(backend, browser, email, 'Filleul-mot-de-passe-9', {
      contact_name: 'Filleul',
      referral_id: referralParam(referrerId),
      ...(siret ? { company_siret: siret, company_name: 'Boulangerie du parrainage' } : {}),
    });
    expect(res.status).toBe(200);
    const [mail] = await mailbox(backend, email);
    const click = await clickLink(verifyLink(mail!));
    expect((await exchange(backend, click.code!, browser)).status).toBe(200);
  };
  const siret = () => String(10_000_000_000_000 + Math.floor(Math.random() * 89_999_999_999_999));

  it('three plus-addresses of one mailbox naming one SIRET give one referral', async () => {
    const referrer = await createConfirmedUser(backend);
    const [local, domain] = uniqueEmail('plus').split('@') as [string, string];
    const company = siret();
    for (const tag of ['', '+1', '+parrainage']) {
      await referredSignUp(referrer.id, `${local}${tag}@${domain}`, company);
    }
    const referrals = await referralsOf(referrer.id);
    expect(referrals).toHaveLength(1);
  });

  it('one company is referred once, whoever refers it and from whichever mailbox', async () => {
    const [first, second] = [
      await createConfirmedUser(backend),
      await createConfirmedUser(backend),
    ];
    const company = siret();
    await referredSignUp(first.id, uniqueEmail('owner'), company);
    await referredSignUp(second.id, uniqueEmail('colleague'), company);
    await referredSignUp(first.id, uniqueEmail('other-colleague'), company);
    expect(await referralsOf(first.id)).toHaveLength(1);
    expect(await referralsOf(second.id)).toEqual([]);
  });

  it("one mailbox is referred once: plus-addresses without SIRET and Gmail's dots are folded", async () => {
    const referrer = await createConfirmedUser(backend);
    const [local, domain] = uniqueEmail('nosiret').split('@') as [string, string];
    await referredSignUp(referrer.id, `${local}+a@${domain}`);
    await referredSignUp(referrer.id, `${local.toUpperCase()}+b@${domain}`);
    const gmail = `jean${Math.random().toString(36).slice(2, 10)}`;
    await referredSignUp(referrer.id, `${gmail}@gmail.com`);
    await referredSignUp(referrer.id, `${gmail.split('').join('.')}@googlemail.com`);
    await referredSignUp(referrer.id, `${gmail}+2026@gmail.com`);
    expect(await referralsOf(referrer.id)).toHaveLength(2);
  });

  it('honest referrals of different companies and mailboxes are each recorded', async () => {
    const referrer = await createConfirmedUser(backend);
    await referredSignUp(referrer.id, uniqueEmail('bakery'), siret());
    await referredSignUp(referrer.id, uniqueEmail('garage'), siret());
    // Dots are folded for Gmail only: elsewhere they name another mailbox.
    const [local, domain] = uniqueEmail('dots').split('@') as [string, string];
    await referredSignUp(referrer.id, `${local}@${domain}`);
    await referredSignUp(referrer.id, `${local.replace('-', '.')}@${domain}`);
    expect(await referralsOf(referrer.id)).toHaveLength(4);
  });
});
