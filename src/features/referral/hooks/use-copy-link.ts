// Copies the referral link: the Clipboard API, otherwise the text is selected and the browser's
// copy command is tried; when that fails too the link stays selected for a manual copy.
import { useCallback, type RefObject } from 'react';
import { toast } from 'sonner';
import { fr } from '@/i18n/fr';

export function useCopyLink(link: string, inputRef: RefObject<HTMLInputElement | null>) {
  return useCallback(async () => {
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(link);
        toast.success(fr.referral.copied);
        return;
      }
    } catch {
      // Refused (permissions, insecure context): fall back to the selection.
    }
    const input = inputRef.current;
    input?.focus();
    input?.select();
    let copied = false;
    try {
      copied = typeof document.execCommand === 'function' && document.execCommand('copy');
    } catch {
      copied = false;
    }
    if (copied) toast.success(fr.referral.copied);
    else toast.info(fr.referral.copyManual);
  }, [link, inputRef]);
}
