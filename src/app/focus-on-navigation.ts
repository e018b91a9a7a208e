// After a page change, the keyboard and screen-reader focus goes to the new page's heading (its
// <h1>), not to the top of the document: the page's name is announced and Tab continues from
// there. Not on the first load (the browser starts at the top and the skip link comes first), not
// on a change of the query string alone (sub-views move the focus to their own heading), and never
// away from a control the user has focused in the meantime.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** The page heading to focus: the first <h1> of the main landmark. */
export function pageHeading(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('main h1');
}

/** Focuses `heading` (made focusable by script only, not in the Tab order). */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * Whether the focus may still be moved: on nothing (the body, or an element gone with the previous
 * page), or still on the navigation outside the page (the menu link just used). A control of the
 * new page, or of a dialog, that has the focus keeps it.
 */
function focusIsFree(doc: Document): boolean {
  const active = doc.activeElement;
  if (active === null || active === doc.body || !doc.contains(active)) return true;
  return active.closest('main, [role="dialog"], [role="alertdialog"], dialog') === null;
}

/**
 * Waits for the new page's heading (a lazy page or its data may render it a moment later) and
 * focuses it, unless the user focused something else first. Returns the cancel function.
 */
export function focusHeadingWhenShown(doc: Document): () => void {
  const tryFocus = (): boolean => {
    if (!focusIsFree(doc)) return true;
    const heading = pageHeading(doc);
    if (!heading) return false;
    focusHeading(heading);
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) observer.disconnect();
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** Moves the focus to the page heading after each change of path (see the module comment). */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed) return;
    return focusHeadingWhenShown(document);
  }, [pathname]);
}
