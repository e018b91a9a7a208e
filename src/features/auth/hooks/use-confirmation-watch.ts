// /verify-email moves on by itself (02 §4, issue 29 item 5): when this browser becomes signed in with
// a confirmed address (the link opened in another tab signs it in: the auth store hears the
// storage event), and when the address is confirmed on another device (the sign-up browser asks the
// server about its own registration, src/lib/auth/email-confirmation.ts). It asks every
// VERIFY_POLL_MS, only while the page is visible and the device online, and at once when either
// comes back: no loop in the background.
import { useEffect, useRef } from 'react';
import { VERIFY_POLL_MS } from '@/domain/onboarding-rules';
import { authStore, refreshCurrentUser, registrationStatus } from '@/lib/auth';

export type ConfirmationWatchDeps = {
  refreshUser: () => Promise<unknown>;
  status: () => Promise<'pending' | 'confirmed' | 'unknown' | null>;
};

const defaultDeps: ConfirmationWatchDeps = {
  refreshUser: refreshCurrentUser,
  status: () => registrationStatus(window.localStorage),
};

export function useConfirmationWatch(
  handlers: { onConfirmed: () => void; onConfirmedElsewhere: () => void },
  deps: ConfirmationWatchDeps = defaultDeps,
) {
  const latest = useRef({ handlers, deps });
  useEffect(() => {
    latest.current = { handlers, deps };
  });

  useEffect(() => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let asking = false;

    const finish = (elsewhere: boolean) => {
      if (done) return;
      done = true;
      stop();
      const h = latest.current.handlers;
      if (elsewhere) h.onConfirmedElsewhere();
      else h.onConfirmed();
    };
    const checkStore = () => {
      const state = authStore.get();
      if (state.status === 'signed-in' && state.user.emailConfirmed) finish(false);
    };
    const active = () => document.visibilityState === 'visible' && navigator.onLine;

    const ask = async () => {
      if (done || asking || !active()) return;
      asking = true;
      try {
        const { refreshUser, status } = latest.current.deps;
        if (authStore.get().status === 'signed-in') await refreshUser();
        else if ((await status()) === 'confirmed') {
          // Confirmed, and not here (this browser would be signed in): on another device.
          checkStore();
          if (!done && authStore.get().status !== 'signed-in') finish(true);
        }
      } catch {
        // the next round asks again
      } finally {
        asking = false;
      }
      schedule();
    };
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (!done && active()) timer = setTimeout(() => void ask(), VERIFY_POLL_MS);
    };
    const resume = () => {
      if (active()) void ask();
      else schedule();
    };
    const stop = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      unsubscribe();
      document.removeEventListener('visibilitychange', resume);
      window.removeEventListener('online', resume);
      window.removeEventListener('offline', schedule);
    };

    const unsubscribe = authStore.subscribe(checkStore);
    document.addEventListener('visibilitychange', resume);
    window.addEventListener('online', resume);
    window.addEventListener('offline', schedule);
    checkStore();
    schedule();
    return () => {
      done = true;
      stop();
    };
  }, []);
}
