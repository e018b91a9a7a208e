import { useState } from 'react';
import { fr } from '@/i18n/fr';
import { usePwaStore } from '@/lib/pwa/pwa-store';
import { useSyncStatus } from '@/lib/sync';
import { Button } from '@/components/ui/button';
import './pwa.css';

/**
 * 'Nouvelle version disponible': applies only on the user's click, and never while changes are
 * still waiting to be sent (the reload would interrupt their sending; they stay in IndexedDB,
 * but the user should see them reach the server first).
 */
export function UpdatePrompt() {
  const needRefresh = usePwaStore((s) => s.needRefresh);
  const applyUpdate = usePwaStore((s) => s.applyUpdate);
  const dismiss = usePwaStore((s) => s.dismissUpdate);
  const { pending } = useSyncStatus();
  const [busy, setBusy] = useState(false);
  if (!needRefresh || !applyUpdate) return null;
  const blocked = pending > 0;
  return (
    <section className="pwa-prompt" role="status" aria-labelledby="pwa-update-title">
      <p id="pwa-update-title" className="pwa-prompt-title">
        {fr.pwa.updateAvailable}
      </p>
      <p className="pwa-prompt-text">
        {blocked ? fr.pwa.updateWaitingForSync(pending) : fr.pwa.updateText}
      </p>
      <div className="row">
        <Button
          size="sm"
          disabled={blocked}
          loading={busy}
          onClick={() => {
            setBusy(true);
            void applyUpdate();
          }}
        >
          {fr.pwa.updateNow}
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {fr.pwa.updateLater}
        </Button>
      </div>
    </section>
  );
}
