import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { fr } from '@/i18n/fr';
import { AppToaster } from '../toaster';
import { SyncBridge } from '../sync-bridge';
import { PwaPrompts } from '../pwa/pwa-prompts';

type RouteHandle = { title?: string };

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  useEffect(() => {
    document.title = title ? `${title}${fr.routes.titleSuffix}` : fr.common.appName;
  }, [title]);
}

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <a href="#main" className="skip-link">
        {fr.app.skipToContent}
      </a>
      <SyncBridge />
      <Outlet />
      <AppToaster />
      <PwaPrompts />
      <ScrollRestoration />
    </>
  );
}
