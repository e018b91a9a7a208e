// A seconds countdown to a deadline (the resend button of 02 §2.7), ticking once a second.
import { useEffect, useState } from 'react';
import { secondsLeft } from '@/domain/onboarding-rules';

export function useCountdown(deadlineMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(deadlineMs, now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left, deadlineMs]);
  return left;
}
