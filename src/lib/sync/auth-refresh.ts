// When supabase-js renews the session in the background. Its ticker (every 30 s) refreshes a token
// close to expiry; a refresh that fails on the network is retried for ~25 s, and supabase-js then
// refuses to try the same refresh token again for 60 s (REFRESH_FAILURE_COOLDOWN_MS), answering the
// cached failure instead. Left running offline, the ticker fills that cooldown, and the first
// synchronisation after reconnecting waited for it (and for the engine's backoff behind it): an
// offline edit reached the server 52 s after `online` in our measurement (token expired during the
// outage). So the ticker runs only while the tab is visible (supabase-js's own rule, which these
// calls replace) AND the browser says it is online; on `online` it restarts with one tick at once.
// The ticker's public start and stop are supabase-js's documented way to take this over (they
// remove its visibility listener).

export type AutoRefreshControl = {
  startAutoRefresh(): Promise<void>;
  stopAutoRefresh(): Promise<void>;
};

type WindowLike = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: { onLine: boolean };
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
};

const installed = new WeakSet<AutoRefreshControl>();

/**
 * Runs the session ticker only while the tab is visible and online, for the lifetime of the page
 * (once per auth client; a second call does nothing). Returns the function that removes the
 * listeners (tests).
 */
export function refreshOnlyWhileReachable(auth: AutoRefreshControl, win: WindowLike): () => void {
  if (installed.has(auth)) return () => undefined;
  installed.add(auth);
  const apply = () => {
    const run = win.navigator.onLine !== false && win.document.visibilityState === 'visible';
    (run ? auth.startAutoRefresh() : auth.stopAutoRefresh()).catch(() => undefined);
  };
  win.addEventListener('online', apply);
  win.addEventListener('offline', apply);
  win.document.addEventListener('visibilitychange', apply);
  apply();
  return () => {
    win.removeEventListener('online', apply);
    win.removeEventListener('offline', apply);
    win.document.removeEventListener('visibilitychange', apply);
    installed.delete(auth);
  };
}
