import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { startAuthSession } from '@/lib/auth';
import { getRouter } from './router';

export function App() {
  useEffect(() => {
    void startAuthSession();
  }, []);
  return <RouterProvider router={getRouter()} />;
}
