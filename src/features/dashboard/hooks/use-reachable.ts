// Whether a third-party page can be reached before embedding it. navigator.onLine says "surely
// offline" only when false (after an offline reload it may still be true), and a cross-origin
// frame that fails shows the browser's error page with a normal load event: a HEAD probe
// (no-cors, opaque answer, nothing personal sent) tells us whether a frame would load at all.
import { useEffect, useState } from 'react';
import { useOnlineStatus } from '@/hooks/use-online-status';

export const REACHABILITY_TIMEOUT_MS = 8_000;

/** true: reachable; false: offline or unreachable; undefined: still probing. */
export function useReachable(url: string | null): boolean | undefined {
  const online = useOnlineStatus();
  const [answer, setAnswer] = useState<{ url: string; ok: boolean } | null>(null);

  useEffect(() => {
    if (!url || !online) return;
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REACHABILITY_TIMEOUT_MS);
    fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    })
      .then(() => {
        if (active) setAnswer({ url, ok: true });
      })
      .catch(() => {
        if (active) setAnswer({ url, ok: false });
      })
      .finally(() => clearTimeout(timer));
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, online]);

  if (!url || !online) return false;
  return answer?.url === url ? answer.ok : undefined;
}
