// The EnvPort of a browser tab (window events, timers, navigator.onLine).
import type { EnvPort } from './ports';

type WindowLike = Pick<
  Window,
  'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'
> & {
  navigator: { onLine: boolean };
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
};

export function browserEnv(win: WindowLike): EnvPort {
  return {
    now: () => Date.now(),
    random: () => Math.random(),
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    clearTimeout: (h) => win.clearTimeout(h as number),
    isOnline: () => win.navigator.onLine !== false,
    onOnline(listener) {
      win.addEventListener('online', listener);
      return () => win.removeEventListener('online', listener);
    },
    onVisible(listener) {
      const handler = () => {
        if (win.document.visibilityState === 'visible') listener();
      };
      win.document.addEventListener('visibilitychange', handler);
      return () => win.document.removeEventListener('visibilitychange', handler);
    },
  };
}

/** A Node/test environment: always online unless told otherwise; events fired by hand. */
export function manualEnv(opts: { online?: boolean; random?: () => number } = {}): EnvPort & {
  online: boolean;
  goOnline(): void;
  goOffline(): void;
  becomeVisible(): void;
} {
  const onlineListeners = new Set<() => void>();
  const visibleListeners = new Set<() => void>();
  const env = {
    online: opts.online ?? true,
    now: () => Date.now(),
    random: opts.random ?? (() => Math.random()),
    setTimeout: (fn: () => void, ms: number): unknown => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
    isOnline: () => env.online,
    onOnline(listener: () => void) {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    onVisible(listener: () => void) {
      visibleListeners.add(listener);
      return () => visibleListeners.delete(listener);
    },
    goOnline() {
      env.online = true;
      for (const l of onlineListeners) l();
    },
    goOffline() {
      env.online = false;
    },
    becomeVisible() {
      for (const l of visibleListeners) l();
    },
  };
  return env;
}
