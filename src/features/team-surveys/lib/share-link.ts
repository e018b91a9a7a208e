// Sharing a survey's link (issue 29 item 10): the system's share sheet where the browser has the
// Web Share API (phones, most desktop browsers), the clipboard otherwise.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type ShareNavigator = Pick<Navigator, 'clipboard'> & {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
};

/** Whether this browser can open the system's share sheet for a link. */
export function canShareLink(nav: ShareNavigator = navigator): boolean {
  const data = { url: 'https://example.test/' };
  return typeof nav.share === 'function' && (nav.canShare?.(data) ?? true);
}

export async function copyLink(text: string, nav: ShareNavigator = navigator): Promise<boolean> {
  try {
    await nav.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shares `data.url` with the share sheet when there is one (the user closing it is 'cancelled',
 * not an error), else copies it.
 */
export async function shareLink(
  data: { title: string; text: string; url: string },
  nav: ShareNavigator = navigator,
): Promise<ShareOutcome> {
  if (canShareLink(nav) && nav.share) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture, a policy): fall back to the clipboard.
    }
  }
  return (await copyLink(data.url, nav)) ? 'copied' : 'failed';
}
