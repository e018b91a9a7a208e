import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (relative labels such as "aujourd'hui à …"). */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
