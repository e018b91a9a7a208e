// Keeps the auth store in step with supabase-js: its events, other tabs (storage events) and the
// confirmation link (PKCE code in the URL, handled by supabase-js on load).
import { getSupabase, AUTH_STORAGE_KEY } from '@/lib/supabase';
import { authStore, readStoredSession, toAuthUser } from './auth-store';

let started: Promise<void> | null = null;

/**
 * Offline, supabase-js cannot refresh an expired token and reports no session, but it keeps the
 * persisted one (only a definitive refusal removes it). The persisted session is therefore the
 * truth for "signed in": the user keeps working on local data and sync asks for a new sign-in
 * when the server refuses the token.
 */
function currentUserFrom(sessionUser: unknown) {
  return toAuthUser(sessionUser) ?? readStoredSession(window.localStorage);
}

export function startAuthSession(): Promise<void> {
  started ??= (async () => {
    window.addEventListener('storage', (event) => {
      if (event.key === AUTH_STORAGE_KEY || event.key === null) {
        authStore.setUser(readStoredSession(window.localStorage));
      }
    });
    try {
      const supabase = await getSupabase();
      supabase.auth.onAuthStateChange((event, session) => {
        if (event === 'SIGNED_OUT') {
          authStore.setUser(null);
          return;
        }
        authStore.setUser(currentUserFrom(session?.user ?? null));
      });
      const { data } = await supabase.auth.getSession();
      authStore.setUser(currentUserFrom(data.session?.user ?? null));
    } catch {
      // supabase-js could not load (offline first visit of a chunk): keep the stored state.
      authStore.setUser(readStoredSession(window.localStorage));
    }
  })();
  return started;
}
