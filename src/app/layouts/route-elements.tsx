import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/** /simulation/stepN → the wizard step, keeping the query string (?ref= referral landing). */
export function RedirectKeepingSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

export function BarePage({ children }: { children: ReactNode }) {
  return <main id="main">{children}</main>;
}
