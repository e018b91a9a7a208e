// Issue 14 item 2: e-mail squatting through the profile. The login e-mail belongs to auth; a contact
// e-mail (editable by its owner) never blocks another person's account, in any letter case, and the
// "account exists" check of sign-up step 1 answers only for a confirmed account.
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, uniqueEmail } from '../../../server/testing/backend';
import { anon, backend, service } from '../helpers';
import {
  clickLink,
  exchange,
  mailbox,
  newBrowser,
  signUp,
  signUpFrom,
  verifyLink,
} from './support';

const exists = async (email: string) => {
  const { data, error } = await anon().rpc('profile_exists_for_email', { p_email: email });
  expect(error).toBeNull();
  return data as boolean;
};

describe('e-mail squatting through profiles.contact_email', () => {
  it("a contact e-mail set to someone else's address never blocks their sign-up", async () => {
    const attacker = await createConfirmedUser(backend);
    const victim = uniqueEmail('squatted');

    // The attacker writes the victim's address (other letter case) in their own contact field.
    const patch = await attacker.client
      .from('profiles')
      .update({ contact_email: victim.toUpperCase() })
      .eq('id', attacker.id)
      .select('contact_email');
    expect(patch.error).toBeNull();

    // Sign-up step 1 does not say "account exists" for the victim...
    expect(await exists(victim)).toBe(false);
    // ...and the victim's sign-up and confirmation go through.
    const browser = newBrowser();
    const res = await signUpFrom(backend, browser, victim, 'Victime-mot-de-passe-1', {
      contact_name: 'Vera',
    });
    expect(res.status).toBe(200);
    const [mail] = await mailbox(backend, victim);
    const click = await clickLink(verifyLink(mail!));
    expect(click.error).toBeNull();
    const session = await exchange(backend, click.code!, browser);
    expect(session.body.access_token).toBeTruthy();

    const profiles = await service()
      .from('profiles')
      .select('id, contact_email, contact_name')
      .ilike('contact_email', victim);
    expect(profiles.error).toBeNull();
    expect(profiles.data).toHaveLength(2);
    const own = profiles.data!.find((p) => p.id !== attacker.id);
    expect(own).toMatchObject({ contact_email: victim, contact_name: 'Vera' });
    // Now that the victim's account is confirmed, step 1 answers true, in any case.
    expect(await exists(victim.toUpperCase())).toBe(true);
  });

  it('an unconfirmed registration of an address does not make step 1 answer "account exists"', async () => {
    const victim = uniqueEmail('pre-registered');
    expect((await signUp(backend, victim, 'Attaquant-mot-de-passe-1')).status).toBe(200);
    expect(await exists(victim)).toBe(false);
    // The honest path: a confirmed account is reported.
    const confirmed = await createConfirmedUser(backend);
    expect(await exists(confirmed.email)).toBe(true);
  });
});
