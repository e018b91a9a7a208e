// Issue 29 item 9: while a dialog is open, toasts go to the top band the dialog leaves free.
import { describe, expect, it } from 'vitest';
import { enterDialog, isDialogOpen } from '@/components/ui/dialog-presence';
import { toastPlacementFor } from '@/app/toast-position';

describe('toast placement', () => {
  it('top centre, near the edge, on every screen size and page while a dialog is open', () => {
    for (const mobile of [false, true])
      for (const path of ['/training-plan', '/dashboard'])
        expect(toastPlacementFor(path, mobile, true)).toEqual({
          position: 'top-center',
          offset: { top: '0.75rem' },
          mobileOffset: { top: '0.75rem' },
        });
    // Without a dialog: unchanged (issue 16 item 10).
    expect(toastPlacementFor('/training-plan', false)).toEqual({
      position: 'top-right',
      offset: { top: '10rem' },
    });
  });

  it('counts open dialogs (a confirmation over a dialog included), each counted out once', () => {
    expect(isDialogOpen()).toBe(false);
    const leaveA = enterDialog();
    const leaveB = enterDialog();
    leaveB();
    leaveB();
    expect(isDialogOpen()).toBe(true);
    leaveA();
    expect(isDialogOpen()).toBe(false);
  });
});
