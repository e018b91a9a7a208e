// The session ticker runs only while the tab is visible and online (src/lib/sync/auth-refresh.ts),
// and the app reads a token offline without asking supabase-js for a refresh (auth-store.ts).
import { describe, expect, it } from 'vitest';
import { refreshOnlyWhileReachable } from '@/lib/sync/auth-refresh';
import { AUTH_STORAGE_KEY, readStoredAccessToken } from '@/lib/supabase';

function fakeWindow(online: boolean, visibility: 'visible' | 'hidden' = 'visible') {
  const listeners = new Map<string, Set<() => void>>();
  const on = (type: string, fn: () => void) => {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type)!.add(fn);
  };
  const off = (type: string, fn: () => void) => listeners.get(type)?.delete(fn);
  const fire = (type: string) => listeners.get(type)?.forEach((fn) => fn());
  const document = {
    visibilityState: visibility as DocumentVisibilityState,
    addEventListener: on,
    removeEventListener: off,
  };
  const win = {
    navigator: { onLine: online },
    document,
    addEventListener: on,
    removeEventListener: off,
  };
  return {
    win: win as unknown as Parameters<typeof refreshOnlyWhileReachable>[1],
    goOffline() {
      win.navigator.onLine = false;
      fire('offline');
    },
    goOnline() {
      win.navigator.onLine = true;
      fire('online');
    },
    setVisibility(v: 'visible' | 'hidden') {
      document.visibilityState = v;
      fire('visibilitychange');
    },
    count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

function fakeAuth() {
  const calls: string[] = [];
  return {
    calls,
    startAutoRefresh: async () => void calls.push('start'),
    stopAutoRefresh: async () => void calls.push('stop'),
  };
}

describe('refreshOnlyWhileReachable', () => {
  it('stops the ticker offline and restarts it (one tick at once) on `online`', () => {
    const w = fakeWindow(true);
    const auth = fakeAuth();
    const dispose = refreshOnlyWhileReachable(auth, w.win);
    expect(auth.calls).toEqual(['start']);
    w.goOffline();
    expect(auth.calls).toEqual(['start', 'stop']);
    w.goOnline();
    expect(auth.calls).toEqual(['start', 'stop', 'start']);
    dispose();
    expect(w.count()).toBe(0);
  });

  it('keeps it stopped while hidden or offline, whichever comes back first', () => {
    const w = fakeWindow(false, 'hidden');
    const auth = fakeAuth();
    refreshOnlyWhileReachable(auth, w.win);
    expect(auth.calls).toEqual(['stop']);
    w.setVisibility('visible'); // still offline
    w.goOnline(); // and now both
    w.setVisibility('hidden');
    expect(auth.calls).toEqual(['stop', 'stop', 'start', 'stop']);
  });

  it('is installed once per auth client', () => {
    const w = fakeWindow(true);
    const auth = fakeAuth();
    refreshOnlyWhileReachable(auth, w.win);
    const listeners = w.count();
    refreshOnlyWhileReachable(auth, w.win);
    expect(w.count()).toBe(listeners);
    expect(auth.calls).toEqual(['start']);
  });
});

describe('readStoredAccessToken', () => {
  const storage = (value: unknown) => ({
    getItem: (key: string) => (key === AUTH_STORAGE_KEY ? JSON.stringify(value) : null),
  });
  const now = Date.UTC(2026, 10, 27, 10, 0, 0);

  it('gives the stored token while it is valid', () => {
    const s = storage({ access_token: 'abc', expires_at: now / 1000 + 60 });
    expect(readStoredAccessToken(s, now)).toBe('abc');
  });

  it('never an expired, absent or malformed one', () => {
    expect(
      readStoredAccessToken(storage({ access_token: 'abc', expires_at: now / 1000 - 1 }), now),
    ).toBeNull();
    expect(
      readStoredAccessToken(storage({ access_token: '', expires_at: now / 1000 + 60 }), now),
    ).toBeNull();
    expect(readStoredAccessToken(storage({ expires_at: now / 1000 + 60 }), now)).toBeNull();
    expect(readStoredAccessToken({ getItem: () => '{not json' }, now)).toBeNull();
    expect(readStoredAccessToken({ getItem: () => null }, now)).toBeNull();
    expect(readStoredAccessToken(undefined, now)).toBeNull();
  });
});
