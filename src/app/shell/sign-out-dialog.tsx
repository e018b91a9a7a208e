import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { SignOutFlow } from './use-sign-out';

/** The warning before signing out with changes this device has not sent (issue 4). */
export function SignOutDialog({ flow }: { flow: SignOutFlow }) {
  const w = flow.warning;
  return (
    <Dialog
      open={w !== null}
      onClose={flow.cancel}
      title={fr.sync.signOut.pendingTitle}
      size="sm"
      alert
      closeOnBackdrop={false}
      footer={
        <div className="sign-out-actions">
          <Button variant="secondary" onClick={flow.cancel} data-autofocus>
            {fr.common.cancel}
          </Button>
          <Button
            variant="danger"
            disabled={flow.busy !== null}
            loading={flow.busy === 'sign-out'}
            onClick={() => void flow.signOutAnyway()}
          >
            {fr.sync.signOut.signOutAnyway}
          </Button>
          {w && w.pending > 0 ? (
            <Button
              disabled={flow.busy !== null}
              loading={flow.busy === 'sync'}
              onClick={() => void flow.syncThenSignOut()}
            >
              {fr.shell.signOut.syncThenSignOut}
            </Button>
          ) : null}
        </div>
      }
    >
      {w ? (
        <div className="stack">
          {w.pending > 0 ? <p>{fr.sync.signOut.pendingText(w.pending)}</p> : null}
          {w.conflicts > 0 ? <p>{fr.shell.signOut.conflicts(w.conflicts)}</p> : null}
          {w.deadLetters > 0 ? <p>{fr.shell.signOut.refused(w.deadLetters)}</p> : null}
        </div>
      ) : null}
    </Dialog>
  );
}
