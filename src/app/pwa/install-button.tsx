import { useState } from 'react';
import { fr } from '@/i18n/fr';
import { isIosSafari, usePwaStore } from '@/lib/pwa/pwa-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** 'Installer l'application' from beforeinstallprompt, or the Add to Home Screen steps on iOS. */
export function InstallButton() {
  const installEvent = usePwaStore((s) => s.installEvent);
  const [iosOpen, setIosOpen] = useState(false);
  const ios = isIosSafari();
  if (!installEvent && !ios) return null;
  const onClick = async () => {
    if (!installEvent) {
      setIosOpen(true);
      return;
    }
    await installEvent.prompt();
    const choice = await installEvent.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
    usePwaStore.setState({ installEvent: null, installed: choice.outcome === 'accepted' });
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void onClick()}>
        {fr.pwa.install}
      </Button>
      <Dialog open={iosOpen} onClose={() => setIosOpen(false)} title={fr.pwa.iosTitle} size="sm">
        <ol>
          {fr.pwa.iosSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Dialog>
    </>
  );
}
