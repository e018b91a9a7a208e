// The Supabase client, loaded lazily: supabase-js is not needed to paint the first screen (the
// persisted session is read synchronously by the auth store), so it stays out of the initial
// bundle. Every caller goes through getSupabase().
import type { SupabaseClient } from '@supabase/supabase-js';
import { config } from '@/lib/config';

/** localStorage key of the persisted auth session (explicit, so the app can read it at boot). */
export const AUTH_STORAGE_KEY = 'bf-auth-session';

let clientPromise: Promise<SupabaseClient> | null = null;

export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(config.supabaseUrl, config.supabaseAnonKey, {
      auth: {
        flowType: 'pkce',
        storageKey: AUTH_STORAGE_KEY,
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
      },
    }),
  );
  return clientPromise;
}
