// Whether a modal dialog is open (issue 29 item 9: toasts never cover a dialog's controls): the
// Dialog counts itself in while open; the toaster reads it to place toasts in the band the dialog
// leaves free at the top of the screen (ui.css).
import { useSyncExternalStore } from 'react';

let open = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Counts one open dialog in; returns the function that counts it out. */
export function enterDialog(): () => void {
  open += 1;
  emit();
  let left = false;
  return () => {
    if (left) return;
    left = true;
    open -= 1;
    emit();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const isDialogOpen = (): boolean => open > 0;

/** True while at least one modal dialog is open. */
export function useDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, isDialogOpen, () => false);
}
