// startAuthSession (src/lib/auth/auth-session.ts) with supabase-js replaced by a fake client (the
// library is third-party; what is tested is when the app loads it and what it does with it):
// a visitor with no session and no sign-in link does not load supabase-js; the client, once a
// screen loads it, is subscribed to before anyone uses it; a stored session or a sign-in link
// loads it at once; a failed load is retried by the next call.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: string, session: { user: unknown } | null) => void;

const fake = vi.hoisted(() => ({
  createClient: vi.fn(),
  listeners: [] as Listener[],
}));

vi.mock('@supabase/supabase-js', () => ({ createClient: fake.createClient }));

const USER = {
  id: '3f0c6d52-4a55-4d7a-9d51-1c2b3a4d5e6f',
  email: 'rh@exemple.fr',
  email_confirmed_at: '2026-11-22T10:00:00Z',
  user_metadata: {},
};

const STORED = { access_token: 'a', refresh_token: 'r', user: USER };

function fakeClient(session: { user: unknown } | null = null) {
  return {
    auth: {
      onAuthStateChange: vi.fn((listener: Listener) => {
        fake.listeners.push(listener);
        return { data: { subscription: { unsubscribe: () => {} } } };
      }),
      getSession: vi.fn(async () => ({ data: { session } })),
      initialize: vi.fn(async () => ({})),
      setSession: vi.fn(async () => ({})),
      exchangeCodeForSession: vi.fn(async () => ({ data: { session: null }, error: null })),
    },
  };
}

async function load() {
  const supabase = await import('@/lib/supabase');
  const session = await import('@/lib/auth/auth-session');
  const store = await import('@/lib/auth/auth-store');
  return { ...supabase, ...session, ...store };
}

beforeEach(() => {
  vi.resetModules();
  fake.createClient.mockReset();
  fake.listeners = [];
  window.localStorage.clear();
  window.history.replaceState(null, '', '/rechercher-entreprise');
});

afterEach(() => {
  window.localStorage.clear();
});

describe('startAuthSession', () => {
  it('does not load supabase-js for a visitor with no session and no sign-in link', async () => {
    const { startAuthSession, authStore } = await load();
    await startAuthSession();
    expect(fake.createClient).not.toHaveBeenCalled();
    expect(authStore.get().status).toBe('anonymous');
  });

  it('subscribes to the client a screen loads later, before that screen uses it', async () => {
    const client = fakeClient();
    fake.createClient.mockReturnValue(client);
    const { startAuthSession, getSupabase, authStore, AUTH_STORAGE_KEY } = await load();
    await startAuthSession();
    const got = await getSupabase();
    expect(got).toBe(client);
    expect(client.auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    // A sign-in through that client reaches the auth store.
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(STORED));
    fake.listeners[0]!('SIGNED_IN', { user: USER });
    expect(authStore.get()).toMatchObject({ status: 'signed-in', user: { email: USER.email } });
    fake.listeners[0]!('SIGNED_OUT', null);
    expect(authStore.get().status).toBe('anonymous');
  });

  it('loads supabase-js at once when a session is stored', async () => {
    const client = fakeClient({ user: USER });
    fake.createClient.mockReturnValue(client);
    window.localStorage.setItem('bf-auth-session', JSON.stringify(STORED));
    const { startAuthSession, authStore } = await load();
    await startAuthSession();
    expect(fake.createClient).toHaveBeenCalledTimes(1);
    expect(client.auth.getSession).toHaveBeenCalled();
    expect(authStore.get()).toMatchObject({ status: 'signed-in', user: { id: USER.id } });
  });

  it('a PKCE code elsewhere (hosted reset link): exchanged with this browser’s verifier, then removed from the address', async () => {
    const client = fakeClient();
    fake.createClient.mockReturnValue(client);
    window.history.replaceState(null, '', '/nouveau-mot-de-passe?code=abc&x=1');
    const { startAuthSession } = await load();
    await startAuthSession();
    expect(fake.createClient).toHaveBeenCalledTimes(1);
    expect(client.auth.exchangeCodeForSession).toHaveBeenCalledWith('abc');
    expect(window.location.pathname + window.location.search).toBe('/nouveau-mot-de-passe?x=1');
    expect(client.auth.getSession).toHaveBeenCalled();
  });

  it('a confirmation code is left to the confirmation screen (it chooses between exchanging and asking for a password)', async () => {
    const client = fakeClient();
    fake.createClient.mockReturnValue(client);
    window.history.replaceState(null, '', '/confirmer-email?code=abc');
    const { startAuthSession } = await load();
    await startAuthSession();
    expect(client.auth.exchangeCodeForSession).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?code=abc');
    // supabase-js's own URL detection is off: it never spends the code by itself.
    const options = fake.createClient.mock.calls[0]![2] as {
      auth: { detectSessionInUrl: boolean };
    };
    expect(options.auth.detectSessionInUrl).toBe(false);
  });
});

describe('getSupabase', () => {
  it('tries again after loading failed (offline chunk), and subscribes once it loads', async () => {
    const client = fakeClient();
    fake.createClient.mockReturnValue(client);
    const { startAuthSession, getSupabase } = await load();
    await startAuthSession();
    fake.createClient.mockImplementationOnce(() => {
      throw new Error('chunk failed to load');
    });
    await expect(getSupabase()).rejects.toThrow();
    await expect(getSupabase()).resolves.toBe(client);
    expect(client.auth.onAuthStateChange).toHaveBeenCalledTimes(1);
  });
});
