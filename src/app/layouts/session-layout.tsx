import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useAuth } from '@/lib/auth/auth-store';
import { Brand } from '@/components/brand';
import { PageSpinner } from '@/components/ui/spinner';
import { SiteFooter } from './site-footer';

const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));

/**
 * Public pages that signed-in users see inside the app shell (02 §2.1): the company search and
 * details when adding a company, the explainer, the terms and privacy pages, the 404. A visitor
 * gets the page and the site footer; `brand` adds the product's name above a page that has none of
 * its own (terms, privacy, 404), linking to the start.
 */
export function SessionLayout({ brand = false }: { brand?: boolean }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-in') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AppLayout />
      </Suspense>
    );
  }
  return (
    <>
      {brand ? (
        <header className="visitor-header">
          <Link to="/" className="visitor-brand">
            <Brand />
          </Link>
        </header>
      ) : null}
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
