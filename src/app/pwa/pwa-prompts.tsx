import { lazy, Suspense } from 'react';
import { usePwaStore } from '@/lib/pwa/pwa-store';

// Loaded only when a new version waits: it reads the sync status (IndexedDB), which the first
// paint of most pages does not need.
const UpdatePrompt = lazy(() =>
  import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

/** Global PWA prompts (mounted once by the root layout). */
export function PwaPrompts() {
  const needRefresh = usePwaStore((s) => s.needRefresh);
  return needRefresh ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}
