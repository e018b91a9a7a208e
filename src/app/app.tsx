import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startAuthSession } from '@/lib/auth/auth-session';
import { getRouter } from './router';

type AppProps = {
  /** Called once the first render is on screen (src/prerender/hydrate.ts). */
  onCommit?: () => void;
};

export function App({ onCommit }: AppProps) {
  useEffect(() => {
    void startAuthSession();
  }, []);
  useEffect(() => {
    onCommit?.();
  }, [onCommit]);
  return <RouterProvider router={getRouter()} />;
}
