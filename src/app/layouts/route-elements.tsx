import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { SiteFooter } from './site-footer';

/** /simulation/stepN → the wizard step, keeping the query string (?ref= referral landing). */
export function RedirectKeepingSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** A visitor's page outside the app shell (onboarding, sign-in): the page, then the site footer. */
export function BarePage({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main">{children}</main>
      <SiteFooter />
    </>
  );
}
