import { useEffect, useState } from 'react';

/**
 * True once `active` has stayed true for `ms` milliseconds (false again as soon as it turns
 * false). For notices about a state that usually ends by itself within a moment (a row just
 * created, synchronised a second later): they are not flashed, yet stay when the state lasts.
 */
export function useAfterGrace(active: boolean, ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, ms]);
  return active && elapsed;
}

/**
 * A change made online is usually on the server within a second or two: notes saying a row is
 * not synchronised yet wait this long before showing (at once when offline, where it will not be).
 */
export const SYNC_NOTICE_GRACE_MS = 4000;

/** Whether to show that a row waits for synchronisation (see SYNC_NOTICE_GRACE_MS). */
export function usePendingNotice(pending: boolean, online: boolean): boolean {
  const pendingLong = useAfterGrace(pending, SYNC_NOTICE_GRACE_MS);
  return pending && (!online || pendingLong);
}
