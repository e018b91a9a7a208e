// Service worker lifecycle and install prompt, as UI state. registerType 'prompt': a new version
// waits until the user clicks; the app checks for one periodically while online.
import { create } from 'zustand';

/** Chrome's install prompt event (not in lib.dom). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type PwaState = {
  needRefresh: boolean;
  offlineReady: boolean;
  installEvent: BeforeInstallPromptEvent | null;
  installed: boolean;
  /** Activates the waiting service worker and reloads (set once registered). */
  applyUpdate: (() => Promise<void>) | null;
  dismissUpdate: () => void;
};

export const usePwaStore = create<PwaState>((set) => ({
  needRefresh: false,
  offlineReady: false,
  installEvent: null,
  installed: false,
  applyUpdate: null,
  dismissUpdate: () => set({ needRefresh: false }),
}));

/** Check for a new version every hour while online, and when the app comes back to the foreground. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export type RegisterSW = (options: {
  immediate?: boolean;
  onNeedRefresh?: () => void;
  onNeedReload?: () => void;
  onOfflineReady?: () => void;
  onRegisteredSW?: (swUrl: string, registration: ServiceWorkerRegistration | undefined) => void;
  onRegisterError?: (error: unknown) => void;
}) => (reloadPage?: boolean) => Promise<void>;

export function startUpdateChecks(
  registration: ServiceWorkerRegistration,
  env: {
    isOnline: () => boolean;
    setInterval: (callback: () => void, ms: number) => unknown;
    document: Pick<Document, 'addEventListener' | 'visibilityState'>;
  } = {
    isOnline: () => navigator.onLine,
    setInterval: (callback, ms) => setInterval(callback, ms),
    document,
  },
): void {
  const check = () => {
    if (!env.isOnline() || registration.installing) return;
    registration.update().catch(() => {
      // offline or server unreachable: the next check will try again
    });
  };
  env.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  env.document.addEventListener('visibilitychange', () => {
    if (env.document.visibilityState === 'visible') check();
  });
}

type ReloadEnv = {
  serviceWorker: Pick<ServiceWorkerContainer, 'addEventListener'> | undefined;
  reload: () => void;
};

const browserReloadEnv = (): ReloadEnv => ({
  serviceWorker: typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
  reload: () => window.location.reload(),
});

/**
 * Wires vite-plugin-pwa's registerSW (workbox-window) to the store. After the user's click, the
 * page reloads as soon as the new worker controls it. workbox-window reloads only when its
 * 'controlling' event is an update, which it is not when this page was the app's very first visit
 * (no worker at registration): the old JS would keep running against the new worker's caches.
 */
export function connectServiceWorker(
  registerSW: RegisterSW,
  env: ReloadEnv = browserReloadEnv(),
): void {
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    env.reload();
  };
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => usePwaStore.setState({ needRefresh: true }),
    onNeedReload: reloadOnce,
    onOfflineReady: () => usePwaStore.setState({ offlineReady: true }),
    onRegisteredSW: (_url, registration) => {
      if (registration) startUpdateChecks(registration);
    },
  });
  usePwaStore.setState({
    applyUpdate: async () => {
      env.serviceWorker?.addEventListener('controllerchange', reloadOnce, { once: true });
      await update(true);
    },
  });
}

export function listenForInstallPrompt(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('beforeinstallprompt', (event: Event) => {
    event.preventDefault();
    usePwaStore.setState({ installEvent: event as BeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () =>
    usePwaStore.setState({ installEvent: null, installed: true }),
  );
}

/** iOS Safari has no install prompt: the Add to Home Screen steps are shown instead. */
export function isIosSafari(
  nav: { userAgent: string; maxTouchPoints?: number; standalone?: boolean } = navigator,
): boolean {
  const ua = nav.userAgent;
  const ios =
    /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && (nav.maxTouchPoints ?? 0) > 1);
  const safari = /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
  return ios && safari && nav.standalone !== true;
}
