// The Supabase client, loaded lazily: supabase-js is not needed to paint the first screen (the
// persisted session is read synchronously by the auth store), so it stays out of the initial
// bundle, and a visitor with no session loads it only for the screens that sign in or up.
// Every caller goes through getSupabase().
import type { SupabaseClient } from '@supabase/supabase-js';
import { config } from '@/lib/config';
import { withBusyRetry } from '@/lib/busy-retry';

/** localStorage key of the persisted auth session (explicit, so the app can read it at boot). */
export const AUTH_STORAGE_KEY = 'bf-auth-session';

let clientPromise: Promise<SupabaseClient> | null = null;
let onLoad: Array<(client: SupabaseClient) => void> = [];

/**
 * Runs `listener` with the client as soon as it exists (at once if it does), before any caller of
 * getSupabase() gets it: the auth session subscribes to its events this way without loading
 * supabase-js for a visitor who has no session yet.
 */
export function onSupabaseClient(listener: (client: SupabaseClient) => void): void {
  if (clientPromise) void clientPromise.then(listener, () => onLoad.push(listener));
  else onLoad.push(listener);
}

export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= import('@supabase/supabase-js')
    .then(({ createClient }) => {
      const client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
        auth: {
          flowType: 'pkce',
          storageKey: AUTH_STORAGE_KEY,
          persistSession: true,
          autoRefreshToken: true,
          // The app reads the links' codes and tokens itself (src/lib/auth/auth-session.ts and the
          // confirmation screen): a confirmation code must not be spent before the screen decides
          // between exchanging it and asking for a password.
          detectSessionInUrl: false,
        },
        // A busy server (503 + Retry-After) is asked again after that wait (busy-retry.ts).
        global: { fetch: withBusyRetry((input, init) => fetch(input, init)) },
      });
      const listeners = onLoad;
      onLoad = [];
      for (const listener of listeners) listener(client);
      return client;
    })
    .catch((error: unknown) => {
      // The chunk could not be fetched (offline before it was cached): the next call tries again.
      clientPromise = null;
      throw error;
    });
  return clientPromise;
}

/** Starts loading supabase-js ahead of an action that needs it (sign-up, sign-in). */
export function preloadSupabase(): void {
  getSupabase().catch(() => {
    // offline: the action itself reports the failure
  });
}
