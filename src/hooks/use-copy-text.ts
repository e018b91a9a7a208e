// Copies a text to the clipboard, offline included: the Clipboard API; where it is refused
// (permissions, insecure context, older browsers) the text shown in `fieldRef` is selected and the
// browser's copy command is tried; when that fails too, the text stays selected for a manual copy.
// Returns what happened, so the caller says it in its own words.
import { useCallback, type RefObject } from 'react';

export type CopyOutcome = 'copied' | 'selected';

export function useCopyText(
  text: string,
  fieldRef: RefObject<HTMLTextAreaElement | HTMLInputElement | null>,
): () => Promise<CopyOutcome> {
  return useCallback(async () => {
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        return 'copied';
      }
    } catch {
      // Refused: fall back to the selection.
    }
    const field = fieldRef.current;
    field?.focus();
    field?.select();
    try {
      if (typeof document.execCommand === 'function' && document.execCommand('copy'))
        return 'copied';
    } catch {
      // not supported
    }
    return 'selected';
  }, [text, fieldRef]);
}
