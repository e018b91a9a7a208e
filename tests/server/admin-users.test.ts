// GoTrue's service-role admin API for users (/auth/v1/admin/users), added around lite: supabase-js
// auth.admin.* works as on hosted Supabase; the service key is required.
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../server/testing/backend';
import { anon, backend, service } from './helpers';

describe('auth.admin (service key)', () => {
  it('creates a confirmed user who can sign in, with the profile made by the sign-up trigger', async () => {
    const email = uniqueEmail('admin');
    const { data, error } = await service().auth.admin.createUser({
      email,
      password: 'Mot-de-passe-1',
      email_confirm: true,
      user_metadata: { contact_name: 'Opératrice' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { contact_name: 'Opératrice' } });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.identities?.[0]?.provider).toBe('email');
    const signIn = await anon().auth.signInWithPassword({ email, password: 'Mot-de-passe-1' });
    expect(signIn.error).toBeNull();
    const profile = (await service().from('profiles').select('*').eq('id', data.user!.id).single())
      .data;
    expect(profile).toMatchObject({ contact_name: 'Opératrice', contact_email: email });
  });

  it('creates an unconfirmed user (no sign-in), then confirms it with update(email_confirm)', async () => {
    const email = uniqueEmail('unconfirmed');
    const { data } = await service().auth.admin.createUser({ email, password: 'Mot-de-passe-1' });
    expect(data.user!.email_confirmed_at).toBeFalsy();
    expect(
      (await anon().auth.signInWithPassword({ email, password: 'Mot-de-passe-1' })).error?.message,
    ).toBe('Email not confirmed');
    const upd = await service().auth.admin.updateUserById(data.user!.id, {
      email_confirm: true,
      user_metadata: { plan: 'pro' },
    });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.email_confirmed_at).toBeTruthy();
    expect(upd.data.user!.user_metadata).toMatchObject({ plan: 'pro', email });
    expect(
      (await anon().auth.signInWithPassword({ email, password: 'Mot-de-passe-1' })).error,
    ).toBeNull();
  });

  it('lists (paginated), gets, updates e-mail and password, deletes (cascading to the data)', async () => {
    const admin = service().auth.admin;
    const email = uniqueEmail('lifecycle');
    const created = (
      await admin.createUser({ email, password: 'Mot-de-passe-1', email_confirm: true })
    ).data.user!;

    const page = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users.length).toBeLessThanOrEqual(2);
    expect((page.data as { total?: number }).total ?? 0).toBeGreaterThanOrEqual(1);
    const all = await admin.listUsers({ perPage: 1000 });
    expect(all.data.users.some((u) => u.id === created.id)).toBe(true);

    const got = await admin.getUserById(created.id);
    expect(got.data.user?.email).toBe(email);

    const newEmail = uniqueEmail('renamed');
    expect(
      (await admin.updateUserById(created.id, { email: newEmail, password: 'Nouveau-mot-2' }))
        .error,
    ).toBeNull();
    expect(
      (await anon().auth.signInWithPassword({ email: newEmail, password: 'Nouveau-mot-2' })).error,
    ).toBeNull();

    const signedIn = anon();
    await signedIn.auth.signInWithPassword({ email: newEmail, password: 'Nouveau-mot-2' });
    expect((await admin.deleteUser(created.id)).error).toBeNull();
    expect((await admin.getUserById(created.id)).error?.status).toBe(404);
    expect((await service().from('profiles').select('id').eq('id', created.id)).data).toEqual([]);
    expect(
      (await anon().auth.signInWithPassword({ email: newEmail, password: 'Nouveau-mot-2' })).error,
    ).not.toBeNull();
    expect((await signedIn.auth.refreshSession()).error).not.toBeNull();
  });

  it('answers GoTrue errors: duplicate e-mail, unknown user, bad input', async () => {
    const admin = service().auth.admin;
    const email = uniqueEmail('dup');
    await admin.createUser({ email, password: 'Mot-de-passe-1' });
    const dup = await admin.createUser({ email, password: 'Mot-de-passe-1' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('email_exists');
    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
    expect((await admin.createUser({ email: 'pas-un-email' })).error?.status).toBe(400);
    expect((await admin.createUser({ email: uniqueEmail(), password: '123' })).error?.status).toBe(
      422,
    );
    const raw = await fetch(`${backend.url}/auth/v1/admin/users/pas-un-uuid`, {
      method: 'DELETE',
      headers: { apikey: backend.serviceKey, authorization: `Bearer ${backend.serviceKey}` },
    });
    expect(raw.status).toBe(404);
    const badJson = await fetch(`${backend.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: backend.serviceKey,
        authorization: `Bearer ${backend.serviceKey}`,
        'content-type': 'application/json',
      },
      body: '{pas du json',
    });
    expect(badJson.status).toBe(400);
  });

  it('requires the service key: anon key, user token and no key are refused', async () => {
    const url = `${backend.url}/auth/v1/admin/users`;
    const user = anon();
    const email = uniqueEmail('notadmin');
    await service().auth.admin.createUser({
      email,
      password: 'Mot-de-passe-1',
      email_confirm: true,
    });
    const token = (await user.auth.signInWithPassword({ email, password: 'Mot-de-passe-1' })).data
      .session!.access_token;
    const cases: [Record<string, string>, number][] = [
      [{}, 401],
      [{ apikey: backend.anonKey }, 401],
      [{ apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` }, 403],
      [{ apikey: backend.anonKey, authorization: `Bearer ${token}` }, 403],
      [{ apikey: backend.serviceKey, authorization: `Bearer ${token}` }, 403],
    ];
    for (const [headers, status] of cases) {
      const list = await fetch(url, { headers });
      expect(list.status, JSON.stringify(Object.keys(headers))).toBe(status);
      const create = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: uniqueEmail('intrus'),
          password: 'Mot-de-passe-1',
          email_confirm: true,
        }),
      });
      expect(create.status).toBe(status);
    }
    const anonAdmin = await anon().auth.admin.listUsers();
    expect(anonAdmin.error).not.toBeNull();
  });
});
