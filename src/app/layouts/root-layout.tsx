import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { app } from '@/i18n/fr/app';
import { common } from '@/i18n/fr/common';
import { routes as titles } from '@/i18n/fr/routes';
import { useAuth } from '@/lib/auth/auth-store';
import { PwaPrompts } from '../pwa/pwa-prompts';
import { useFocusHeadingOnNavigation } from '../focus-on-navigation';

type RouteHandle = { title?: string };

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title}${titles.titleSuffix}` : common.appName;
  }, [title]);
}

// Replication (IndexedDB, the sync engine) loads only for signed-in users, and stays mounted once
// a user has signed in on this page so that a lost session is noticed (pending changes kept).
// sonner's Toaster is not needed for the first paint (toasts follow user actions).
const AppToaster = lazy(() => import('../toaster').then((m) => ({ default: m.AppToaster })));

const SyncBridge = lazy(() => import('../sync-bridge').then((m) => ({ default: m.SyncBridge })));

function SyncBridgeOnceSignedIn() {
  const signedIn = useAuth().status === 'signed-in';
  const [mounted, setMounted] = useState(signedIn);
  if (signedIn && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <SyncBridge />
    </Suspense>
  ) : null;
}

const noSubscription = () => () => {};

/**
 * The toaster, not in the prerendered first screen (its lazy module is not loaded at build time):
 * hydrating, React renders the server's answer (none) first, then the toaster.
 */
function ClientToaster() {
  const client = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return client ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export function RootLayout() {
  useDocumentTitle();
  useFocusHeadingOnNavigation();
  return (
    <>
      <a href="#main" className="skip-link">
        {app.skipToContent}
      </a>
      <SyncBridgeOnceSignedIn />
      <Outlet />
      <ClientToaster />
      <PwaPrompts />
      <ScrollRestoration />
    </>
  );
}
