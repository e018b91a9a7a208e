// Issue 14 item 5: referral fraud. An unconfirmed sign-up naming any profile as referrer created a
// 'registered' referral at once. The referral (like the profile and the first simulation) is now
// recorded when the address is confirmed, and only to another confirmed account.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, uniqueEmail } from '../../../server/testing/backend';
import { backend, service, userIdOf } from '../helpers';
import { clickLink, mailbox, referralParam, signUp, verifyLink } from './support';

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
    for (const email of emails) {
      const res = await signUp(backend, email, 'Filleul-mot-de-passe-1', {
        contact_name: 'Faux filleul',
        referral_id: referralParam(referrer.id),
      });
      expect(res.status).toBe(200);
    }
    // Nothing recorded for addresses nobody confirmed, and no profile either.
    expect(await referralsOf(referrer.id)).toEqual([]);
    const ids = (await service().auth.admin.listUsers({ perPage: 1000 })).data.users
      .filter((u) => emails.includes(u.email ?? ''))
      .map((u) => u.id);
    expect(ids).toHaveLength(3);
    expect((await service().from('profiles').select('id').in('id', ids)).data).toEqual([]);

    // The honest path: the person who owns the first address confirms it.
    const [mail] = await mailbox(backend, emails[0]!);
    const click = await clickLink(verifyLink(mail!));
    expect(click.error).toBeNull();
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
    await signUp(backend, email, 'Filleul-mot-de-passe-2', { referral_id: referralParam(ghostId) });
    const [mail] = await mailbox(backend, email);
    expect((await clickLink(verifyLink(mail!))).error).toBeNull();
    expect(await referralsOf(ghostId)).toEqual([]);
  });
});
