import { describe, expect, inject, it } from 'vitest';
import { anonClient, createConfirmedUser, serviceClient } from '../../server/testing/backend';

const backend = inject('backend');

describe('test harness', () => {
  it('provides the backend coordinates', () => {
    expect(backend.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(backend.anonKey).toMatch(/^eyJ/);
    expect(backend.serviceKey).toMatch(/^eyJ/);
  });

  it('creates confirmed, signed-in users with their own profile', async () => {
    const user = await createConfirmedUser(backend);
    const { data } = await user.client.auth.getUser();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(user.accessToken).toMatch(/^eyJ/);
  });

  it('gives a service client and an anonymous client', async () => {
    const { data, error } = await serviceClient(backend).auth.admin.listUsers();
    expect(error).toBeNull();
    expect(Array.isArray(data.users)).toBe(true);
    const anon = anonClient(backend);
    const { data: rows } = await anon.from('profiles').select('id');
    expect(rows ?? []).toEqual([]);
  });
});
