import { toast } from 'sonner';
import { LocalStoreError } from '@/db';
import { fr } from '@/i18n/fr';
import { syncFieldLabel } from '@/lib/sync';

/** A local action on a notice failed: say why in French (full disk first). */
export function toastLocalError(error: unknown): void {
  const message =
    error instanceof LocalStoreError
      ? (fr.sync.localErrors[error.code] ?? fr.shell.sync.actionError)
      : fr.shell.sync.actionError;
  toast.error(message);
}

export function fieldLabel(name: string): string {
  return syncFieldLabel(name);
}
