/** Default 4000 ms, 3 visible, alt+T (01 §9); bottom-right, top-right in the training and survey areas (02 §9). */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE = 3;

const TOP_RIGHT_AREAS = [/^\/training(\/|-|$)/, /^\/team-survey/, /^\/survey(\/|-)/];

export function toastPositionFor(pathname: string): 'top-right' | 'bottom-right' {
  return TOP_RIGHT_AREAS.some((re) => re.test(pathname)) ? 'top-right' : 'bottom-right';
}

export type ToastPlacement = {
  position: 'top-right' | 'bottom-right' | 'top-center';
  /** sonner's offsets from the screen's edges: from 600 px wide (offset) and below (mobileOffset). */
  offset?: { top?: string; bottom?: string; right?: string };
  mobileOffset?: { top?: string };
};

/**
 * Where toasts appear without covering the action the user is about to take (issue 16 item 10):
 * - while a dialog is open (issue 29 item 9): at the top centre of the screen, in the band that the
 *   dialog then leaves free (ui.css), never over its title, close button, fields or buttons;
 * - desktop, top-right areas: below the page header, whose row holds the pages' primary actions
 *   (« Créer un sondage », « Nouvelle demande de formation »);
 * - phone and tablet layouts (the shell's header, ≤ 768 px): at the top, just under that header,
 *   over the page title, never at the bottom where forms keep their submit buttons.
 */
export function toastPlacementFor(
  pathname: string,
  isMobile: boolean,
  dialogOpen = false,
): ToastPlacement {
  if (dialogOpen)
    return { position: 'top-center', offset: { top: '0.75rem' }, mobileOffset: { top: '0.75rem' } };
  if (isMobile) {
    return {
      position: 'top-center',
      offset: { top: '4.5rem' },
      mobileOffset: { top: '6rem' },
    };
  }
  const position = toastPositionFor(pathname);
  return position === 'top-right' ? { position, offset: { top: '10rem' } } : { position };
}
