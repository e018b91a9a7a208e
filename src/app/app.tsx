import { useEffect, useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startAuthSession } from '@/lib/auth/auth-session';
import { getRouter } from './router';

type AppProps = {
  /**
   * Called once the first render is in the page, in the same task as its commit (src/prerender/
   * hydrate.ts): a layout effect, not a passive one, which React may run a task later, after
   * keystrokes that would meanwhile have gone to the page's body.
   */
  onCommit?: () => void;
};

export function App({ onCommit }: AppProps) {
  useEffect(() => {
    void startAuthSession();
  }, []);
  useLayoutEffect(() => {
    onCommit?.();
  }, [onCommit]);
  return <RouterProvider router={getRouter()} />;
}
