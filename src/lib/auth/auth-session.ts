// Keeps the auth store in step with supabase-js: its events, other tabs (storage events) and the
// e-mail links that sign in (supabase-js's own URL detection is off, src/lib/supabase.ts):
// a reset link of the embedded backend (#access_token=...), or a PKCE `?code=` of hosted GoTrue
// outside the confirmation screen, which exchanges its code itself (« Choisissez votre mot de
// passe » when this browser did not sign up).
import { getSupabase, onSupabaseClient, AUTH_STORAGE_KEY } from '@/lib/supabase';
import { rememberAuthLink } from './auth-link';
import { authStore, isAuthCallbackUrl, readStoredSession, toAuthUser } from './auth-store';

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

/**
 * A confirmation link of a server that verifies e-mails with the implicit flow (the embedded
 * backend's /auth/v1/verify redirects with #access_token=...&refresh_token=...) is refused by the
 * PKCE client ("Not a valid PKCE flow url"): the tokens are adopted here, then removed from the
 * address. Hosted Supabase with PKCE redirects with ?code= and never reaches this.
 */
async function adoptImplicitRedirect(
  supabase: Awaited<ReturnType<typeof getSupabase>>,
): Promise<void> {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const accessToken = hash.get('access_token');
  const refreshToken = hash.get('refresh_token');
  if (!accessToken || !refreshToken) return;
  await supabase.auth.initialize();
  await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}`,
  );
}

/** The screen that handles sign-up confirmation codes (server/auth/mailer.ts LANDING.confirm). */
export const CONFIRMATION_PATH = '/confirmer-email';

/**
 * A `?code=` elsewhere (hosted GoTrue's PKCE redirect of a password reset): exchanged with this
 * browser's verifier, then removed from the address.
 */
async function adoptCodeRedirect(supabase: Awaited<ReturnType<typeof getSupabase>>) {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  if (!code || url.pathname === CONFIRMATION_PATH) return;
  await supabase.auth.exchangeCodeForSession(code);
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function startAuthSession(): Promise<void> {
  started ??= (async () => {
    rememberAuthLink(window.location.href);
    window.addEventListener('storage', (event) => {
      if (event.key === AUTH_STORAGE_KEY || event.key === null) {
        authStore.setUser(readStoredSession(window.localStorage));
      }
    });
    onSupabaseClient((supabase) =>
      supabase.auth.onAuthStateChange((event, session) => {
        if (event === 'SIGNED_OUT') {
          authStore.setUser(null);
          return;
        }
        authStore.setUser(currentUserFrom(session?.user ?? null));
      }),
    );
    // A visitor with no session and no sign-in link in the address has nothing for supabase-js to
    // restore: it loads when a screen signs in or up (preloadSupabase), not on the first screen.
    if (!readStoredSession(window.localStorage) && !isAuthCallbackUrl(window.location.href)) return;
    try {
      const supabase = await getSupabase();
      await adoptImplicitRedirect(supabase);
      await adoptCodeRedirect(supabase);
      const { data } = await supabase.auth.getSession();
      authStore.setUser(currentUserFrom(data.session?.user ?? null));
    } catch {
      // supabase-js could not load (offline first visit of a chunk): keep the stored state.
      authStore.setUser(readStoredSession(window.localStorage));
    }
  })();
  return started;
}
