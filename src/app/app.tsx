import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { startAuthSession } from '@/lib/auth';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  useEffect(() => {
    void startAuthSession();
  }, []);
  return <RouterProvider router={router} />;
}
