import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { PageSpinner } from '@/components/ui/spinner';

const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));

/** Public pages that signed-in users see inside the app shell (02 §2.1). */
export function SessionLayout() {
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
    <main id="main">
      <Outlet />
    </main>
  );
}
