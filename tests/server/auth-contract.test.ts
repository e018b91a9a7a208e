// Auth contract, driven with @supabase/supabase-js exactly as the app (flowType 'pkce'): sign up
// (e-mail confirmation on, no session) -> mailbox link -> the landing's code exchanged with the
// sign-up client's verifier -> sign in -> refresh -> get user -> update user -> sign out; and what
// the confirmation creates (profile, first simulation, referral).
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { MailboxMessage } from '../../server/auth/mailbox';
import { createConfirmedUser, pkceClient, uniqueEmail } from '../../server/testing/backend';
import { anon, backend, service, siret, userIdOf, uuid } from './helpers';

type Message = MailboxMessage;

async function mailboxFor(email: string): Promise<Message[]> {
  const res = await fetch(`${backend.url}/_mailbox/api/messages?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Message[];
}

const PASSWORD = 'Mot-de-passe-solide-1';

/**
 * Clicks the confirmation link of the newest e-mail sent to `email`, then exchanges the landing's
 * code as the app does, in the client that signed up (it holds the code verifier).
 */
async function confirmFromMailbox(email: string, client: SupabaseClient): Promise<void> {
  const [message] = await mailboxFor(email);
  const link = message!.links.find((l) => l.includes('/auth/v1/verify'))!;
  const click = await fetch(link, { redirect: 'manual' });
  const code = new URL(click.headers.get('location') ?? '').searchParams.get('code');
  expect(code).toBeTruthy();
  const { error } = await client.auth.exchangeCodeForSession(code!);
  expect(error).toBeNull();
}

describe('sign-up with e-mail confirmation', () => {
  it('runs the whole session lifecycle through the local mailbox', async () => {
    const email = uniqueEmail('signup');
    const client = pkceClient(backend);
    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: {
        emailRedirectTo: 'http://127.0.0.1:4173/dashboard',
        data: {
          contact_name: 'Claire Martin',
          contact_email: email,
          contact_phone: '06 12 34 56 78',
          contact_role: 'RH',
        },
      },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    // Confirmation on: no session until the e-mail is confirmed.
    expect(signUp.data.session).toBeNull();

    // Signing in before confirming fails with GoTrue's documented message.
    const early = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.data.session).toBeNull();
    expect(early.error?.message).toBe('Email not confirmed');
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    // The confirmation e-mail is in the local mailbox, with a link to the API's verify endpoint.
    const [message] = await mailboxFor(email);
    expect(message).toBeDefined();
    expect(message!.subject).toBe('Confirmez votre inscription à Budget Formation');
    expect(message!.html).toContain('Confirmer mon adresse e-mail');
    const link = message!.links.find((l) => l.includes('/auth/v1/verify'));
    expect(link).toBeDefined();
    expect(link!.startsWith(`${backend.url}/auth/v1/verify?`)).toBe(true);
    expect(new URL(link!).searchParams.get('type')).toBe('signup');

    // The mailbox page lists it for a person or a browser test.
    const page = await fetch(`${backend.url}/_mailbox?to=${encodeURIComponent(email)}`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain('confirm-link');

    // Clicking the link redirects to the app's confirmation screen with a one-time code, which
    // the client that signed up exchanges with its code verifier (supabase-js's PKCE flow).
    const click = await fetch(link!, { redirect: 'manual' });
    expect(click.status).toBe(303);
    const location = new URL(click.headers.get('location') ?? '');
    expect(location.origin).toBe('http://127.0.0.1:4173');
    expect(location.pathname).toBe('/confirmer-email');
    const exchanged = await client.auth.exchangeCodeForSession(location.searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email_confirmed_at).toBeTruthy();

    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.access_token).toBeTruthy();
    expect(session.user.email_confirmed_at).toBeTruthy();

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);

    const got = await client.auth.getUser();
    expect(got.error).toBeNull();
    // The sign-up's answer is built from the request (the same for every address): not the id.
    expect(got.data.user?.id).toBe(await userIdOf(email));
    expect(signUp.data.user?.identities).toHaveLength(1);
    expect(got.data.user?.user_metadata.contact_name).toBe('Claire Martin');

    const updated = await client.auth.updateUser({ data: { contact_name: 'Claire Dubois' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.contact_name).toBe('Claire Dubois');

    const newPassword = 'Un-autre-mot-de-passe-2';
    expect((await client.auth.updateUser({ password: newPassword })).error).toBeNull();

    const oldRefresh = (await client.auth.getSession()).data.session!.refresh_token;
    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    const reuse = await anon().auth.refreshSession({ refresh_token: oldRefresh });
    expect(reuse.error).not.toBeNull();

    expect(
      (await anon().auth.signInWithPassword({ email, password: PASSWORD })).error?.message,
    ).toBe('Invalid login credentials');
    expect(
      (await anon().auth.signInWithPassword({ email, password: newPassword })).error,
    ).toBeNull();
  });

  it('timestamps served by /rest/v1 are ISO 8601 as on hosted Supabase', async () => {
    const user = await createConfirmedUser(backend);
    const { data } = await user.client.from('profiles').select('created_at, updated_at').single();
    expect(data!.created_at).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/,
    );
    expect(Number.isNaN(Date.parse(data!.created_at as string))).toBe(false);
  });

  it('refuses a second account with the same e-mail', async () => {
    const email = uniqueEmail('twice');
    expect((await anon().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    await anon().auth.signUp({ email, password: PASSWORD });
    // Both sign-ups are answered first and done after (uniform-answers.ts): userIdOf waits for
    // the address's work.
    await userIdOf(email);
    const { data } = await service().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.filter((u) => u.email === email)).toHaveLength(1);
  });

  it('rejects a short password and a malformed e-mail', async () => {
    expect(
      (await anon().auth.signUp({ email: uniqueEmail(), password: 'court' })).error?.status,
    ).toBe(422);
    expect(
      (await anon().auth.signUp({ email: 'pas-un-email', password: PASSWORD })).error,
    ).not.toBeNull();
  });
});

describe('account provisioning at confirmation (on_auth_user_confirmed)', () => {
  it('creates the profile, the first simulation and the referral when the address is confirmed', async () => {
    const referrer = await createConfirmedUser(backend);
    const email = uniqueEmail('filleul');
    const simulationId = uuid();
    const companySiret = siret();
    const client = pkceClient(backend);
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: {
        data: {
          contact_name: 'Paul Lefebvre',
          contact_email: email,
          contact_phone: '0612345678',
          contact_role: 'Dirigeant',
          company_name: 'Garage Lefebvre',
          company_address: '3 rue Pasteur 69003 LYON',
          company_siret: companySiret,
          code_naf: '45.20A',
          referral_id: Buffer.from(referrer.id).toString('base64'),
          pending_simulation: {
            id: simulationId,
            company_name: 'Garage Lefebvre',
            company_address: '3 rue Pasteur 69003 LYON',
            company_siret: companySiret,
            code_naf: '45.20A',
            idcc: '1090',
            employee_range_min: 1,
            employee_range_max: 10,
            budget_type: 'TOTAL',
            budget_total: 2800,
            opco_name: 'OPCO Mobilités',
            taux_prise_en_charge: 100,
            update_count: 3,
          },
        },
      },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const userId = await userIdOf(email);
    const svc = service();
    // Nothing exists for an unconfirmed registrant.
    expect((await svc.from('profiles').select('id').eq('id', userId)).data).toEqual([]);
    await confirmFromMailbox(email, client);
    const profile = (await svc.from('profiles').select('*').eq('id', userId).single()).data!;
    expect(profile).toMatchObject({
      contact_name: 'Paul Lefebvre',
      contact_email: email,
      contact_phone: '0612345678',
      contact_role: 'Dirigeant',
      company_name: 'Garage Lefebvre',
      company_siret: companySiret,
      code_naf: '45.20A',
    });
    const sim = (await svc.from('simulations').select('*').eq('id', simulationId).single()).data!;
    expect(sim).toMatchObject({
      profile_id: userId,
      idcc: '1090',
      budget_total: 2800,
      update_count: 0,
    });
    const referral = (
      await svc.from('referrals').select('*').eq('referred_profile_id', userId).single()
    ).data!;
    expect(referral).toMatchObject({
      referrer_id: referrer.id,
      status: 'registered',
      commission_amount: null,
      referred_company_siret: companySiret,
      referred_company_name: 'Garage Lefebvre',
    });
    // The referrer sees it (read-only), the new user does not.
    expect(
      (await referrer.client.from('referrals').select('id').eq('referred_profile_id', userId)).data,
    ).toHaveLength(1);
  });

  it('still signs up when the pending simulation or the referral is invalid (failures only logged)', async () => {
    const email = uniqueEmail('invalid-extras');
    const client = pkceClient(backend);
    const { error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: {
        data: {
          contact_name: 'Invalide',
          contact_role: 'Astronaute',
          company_siret: 'pas-un-siret',
          referral_id: 'pas du base64 !',
          pending_simulation: { id: 'pas-un-uuid', company_name: '' },
        },
      },
    });
    expect(error).toBeNull();
    await confirmFromMailbox(email, client);
    const svc = service();
    const profile = (
      await svc
        .from('profiles')
        .select('*')
        .eq('id', await userIdOf(email))
        .single()
    ).data!;
    expect(profile).toMatchObject({
      contact_name: 'Invalide',
      contact_email: email,
      contact_role: null,
      company_siret: null,
    });
    expect(
      (
        await svc
          .from('simulations')
          .select('id')
          .eq('profile_id', await userIdOf(email))
      ).data,
    ).toEqual([]);
    expect(
      (
        await svc
          .from('referrals')
          .select('id')
          .eq('referred_profile_id', await userIdOf(email))
      ).data,
    ).toEqual([]);
  });

  it('never creates a self-referral', async () => {
    // The referral id names the new user's own id only if the client guessed it: use an existing
    // profile that is the same person as the new account is impossible, so check an unknown id.
    const email = uniqueEmail('self');
    const client = pkceClient(backend);
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { referral_id: Buffer.from(uuid()).toString('base64') } },
    });
    await confirmFromMailbox(email, client);
    expect(
      (
        await service()
          .from('referrals')
          .select('id')
          .eq('referred_profile_id', await userIdOf(email))
      ).data,
    ).toEqual([]);
  });
});

describe('profile_exists_for_email (sign-up step 1)', () => {
  it('answers the anonymous role, case-insensitively, without leaking anything else', async () => {
    const user = await createConfirmedUser(backend);
    const yes = await anon().rpc('profile_exists_for_email', { p_email: user.email.toUpperCase() });
    expect(yes.error).toBeNull();
    expect(yes.data).toBe(true);
    const no = await anon().rpc('profile_exists_for_email', { p_email: uniqueEmail('nobody') });
    expect(no.data).toBe(false);
    const empty = await anon().rpc('profile_exists_for_email', { p_email: '' });
    expect(empty.data).toBe(false);
    const huge = await anon().rpc('profile_exists_for_email', {
      p_email: `${'a'.repeat(400)}@x.fr`,
    });
    expect(huge.data).toBe(false);
  });
});
