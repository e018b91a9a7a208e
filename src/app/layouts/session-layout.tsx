import { Outlet } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { PageSpinner } from '@/components/ui/spinner';
import { AppLayout } from './app-layout';

/** Public pages that signed-in users see inside the app shell (02 §2.1). */
export function SessionLayout() {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-in') return <AppLayout />;
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
