// Auth state for routing and screens. Local-first: the persisted session is read synchronously
// from localStorage at boot (validated with zod), so guards decide at once and signed-in screens
// open offline. supabase-js is then loaded and its auth events keep the state current.
import { useSyncExternalStore } from 'react';
// zod/mini: this module is on the first paint's path (full zod is loaded by the screens).
import { z } from 'zod/mini';
import { AUTH_STORAGE_KEY } from '@/lib/supabase';

export type AuthUser = {
  id: string;
  email: string;
  emailConfirmed: boolean;
  metadata: Record<string, unknown>;
};

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'signed-in'; user: AuthUser };

const storedUserSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z._default(z.optional(z.string()), ''),
  email_confirmed_at: z.nullish(z.string()),
  confirmed_at: z.nullish(z.string()),
  user_metadata: z._default(z.optional(z.record(z.string(), z.unknown())), {}),
});

const storedSessionSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  user: storedUserSchema,
});

export type RawUser = z.input<typeof storedUserSchema>;

export function toAuthUser(raw: unknown): AuthUser | null {
  const parsed = storedUserSchema.safeParse(raw);
  if (!parsed.success) return null;
  const u = parsed.data;
  return {
    id: u.id,
    email: u.email,
    emailConfirmed: Boolean(u.email_confirmed_at ?? u.confirmed_at),
    metadata: u.user_metadata,
  };
}

/** Reads the session supabase-js persisted; anything malformed counts as signed out. */
export function readStoredSession(storage: Pick<Storage, 'getItem'> | undefined): AuthUser | null {
  if (!storage) return null;
  let raw: string | null = null;
  try {
    raw = storage.getItem(AUTH_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? toAuthUser(parsed.data.user) : null;
  } catch {
    return null;
  }
}

/** True while supabase-js still has to turn a confirmation/sign-in link into a session. */
export function isAuthCallbackUrl(href: string): boolean {
  try {
    const url = new URL(href);
    const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
    return (
      url.searchParams.has('code') || hash.has('access_token') || hash.has('error_description')
    );
  } catch {
    return false;
  }
}

function initialState(): AuthState {
  if (typeof window === 'undefined') return { status: 'anonymous', user: null };
  const user = readStoredSession(window.localStorage);
  if (user) return { status: 'signed-in', user };
  if (isAuthCallbackUrl(window.location.href)) return { status: 'loading', user: null };
  return { status: 'anonymous', user: null };
}

let state: AuthState = initialState();
/** The last user signed in on this page (kept after the session ends). */
let lastSignedInUserId: string | null = state.user?.id ?? null;
const listeners = new Set<() => void>();

export const authStore = {
  get: (): AuthState => state,
  /**
   * Who was signed in before the session ended, even if the screen that reacts to it loaded
   * later (the sync bridge is loaded lazily): it can still tell that user their unsent changes
   * are kept and ask them to sign in again.
   */
  lastSignedInUserId: (): string | null => lastSignedInUserId,
  set(next: AuthState) {
    if (next === state) return;
    state = next;
    if (next.user) lastSignedInUserId = next.user.id;
    listeners.forEach((l) => l());
  },
  setUser(user: AuthUser | null) {
    authStore.set(user ? { status: 'signed-in', user } : { status: 'anonymous', user: null });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

/** The signed-in user, or null. */
export function useCurrentUser(): AuthUser | null {
  return useAuth().user;
}
