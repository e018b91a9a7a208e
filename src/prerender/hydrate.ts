// Browser side of the prerendered first screen (vite.prerender.ts): React hydrates the prerendered
// markup (hydrateRoot) instead of replacing it. The elements on screen stay the same elements: the
// text a visitor typed before the JavaScript ran, the caret and the focus stay where they are.
//  - Hydration is a transition: React works in short slices, no long task blocks the page that is
//    already painted (and usable).
//  - Text typed before hydration is in the field but not in the component's state (React reads the
//    field's value when it hydrates it, as the value it already knows): once hydrated, each typed
//    field announces its text again, so the component's state (and the search) gets it.
//  - Where the client's first render differs from the prerendered screen (a returning visitor's
//    remembered company, a signed-in user adding a company, who gets the app shell: the server
//    renders what a new anonymous visitor online sees), React renders the root anew and replaces
//    the markup: the typed text and the focus are then carried over to the new elements, matched
//    by their position among the root's fields (another focused element: among the focusable
//    ones; both trees hold the same screen; a mismatch, other tag or class, is skipped). This
//    happens in the task that replaced the markup (the app's layout effect): a key pressed before
//    a later task would go to the page's body. A first screen without the fields yet (the app
//    shell's spinner) gets them as soon as they are in the page.
import { startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

const FIELDS = 'input, textarea';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

type Field = HTMLInputElement | HTMLTextAreaElement;

const isField = (el: Element | null | undefined): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;

const sameKind = (a: Element, b: Element | undefined): b is Element =>
  b !== undefined && a.tagName === b.tagName && a.className === b.className;

/**
 * Gives `field` the text `typed` and tells React, whatever value React last saw there: React keeps
 * that value through the field's own `value` property (its value tracker); set through it to the
 * field's default (what React rendered), then through the prototype's setter to the typed text,
 * the input event carries a change React cannot miss.
 */
function announceTypedValue(field: Field, typed: string): void {
  const proto =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  const focused = document.activeElement === field;
  const { selectionStart, selectionEnd } = field;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (!focused) return;
  try {
    field.setSelectionRange(selectionStart, selectionEnd);
  } catch {
    // not a text field (no selection)
  }
}

/**
 * Once React's first screen is in `root`: the text typed in the prerendered fields is announced
 * to their new selves (the same elements when hydrated, their matches by position among the
 * fields when rendered anew), and the focus goes to the match of the prerendered element that
 * had it (a field by its position among the fields, another element among the focusable ones).
 */
function carryInputOver(
  root: HTMLElement,
  oldFields: Field[],
  oldFocusables: Element[],
  focused: Element | null,
): void {
  const newFields = [...root.querySelectorAll<Field>(FIELDS)];
  oldFields.forEach((field, index) => {
    const next = field.isConnected ? field : newFields[index];
    if (field.value !== field.defaultValue && sameKind(field, next))
      announceTypedValue(next as Field, field.value);
  });
  // Hydrated: the focused element is still the focused element. Replaced: focus its match.
  if (!focused || focused.isConnected) return;
  if (!(document.activeElement === null || document.activeElement === document.body)) return;
  const next = isField(focused)
    ? newFields[oldFields.indexOf(focused)]
    : [...root.querySelectorAll<HTMLElement>(FOCUSABLE)][oldFocusables.indexOf(focused)];
  if (!sameKind(focused, next)) return;
  (next as HTMLElement).focus();
  if (isField(focused) && isField(next)) {
    try {
      next.setSelectionRange(focused.selectionStart, focused.selectionEnd);
    } catch {
      // not a text field (no selection)
    }
  }
}

/**
 * Hydrates `root`'s prerendered markup with the app `render(onCommit)` gives; the app calls
 * `onCommit` once its first render is in the page (a layout effect of its root component).
 */
export function hydratePrerendered(
  root: HTMLElement,
  render: (onCommit: () => void) => ReactNode,
): void {
  const oldFields = [...root.querySelectorAll<Field>(FIELDS)];
  const oldFocusables = [...root.querySelectorAll(FOCUSABLE)];
  // The prerendered element that has the focus, should React replace the markup (removing an
  // element from the page also blurs it: only a blur while it is still in the page counts).
  let focused: Element | null = root.contains(document.activeElement)
    ? document.activeElement
    : null;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element && root.contains(event.target) ? event.target : null;
  };
  const onFocusOut = (event: FocusEvent) => {
    const target = event.target;
    if (event.relatedTarget !== null || !(target instanceof Element)) return;
    queueMicrotask(() => {
      if (target.isConnected && focused === target) focused = null;
    });
  };
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);

  let committed = false;
  const carryOver = () => {
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('focusout', onFocusOut, true);
    carryInputOver(root, oldFields, oldFocusables, focused);
  };
  const onCommit = () => {
    if (committed) return; // StrictMode runs a development build's effects twice
    committed = true;
    root.dataset.hydrated = '';
    const replaced = oldFields.some((field) => !field.isConnected);
    if (!replaced || root.querySelector(FIELDS)) {
      carryOver();
      return;
    }
    // Rendered anew without the fields yet (a spinner while a signed-in user's app shell loads):
    // carried over as soon as they are in the page (an observer's callback runs before any input
    // event), unless the router has left the address meanwhile (a redirect: another screen).
    const path = window.location.pathname;
    const observer = new MutationObserver(() => {
      if (window.location.pathname !== path) {
        observer.disconnect();
        return;
      }
      if (!root.querySelector(FIELDS)) return;
      observer.disconnect();
      carryOver();
    });
    observer.observe(root, { childList: true, subtree: true });
  };
  startTransition(() => {
    hydrateRoot(root, render(onCommit), {
      // A first render that differs from the prerendered screen (see above) is expected: React
      // renders the root anew, and onCommit carries the visitor's input over.
      onRecoverableError: (error) => {
        if (import.meta.env.DEV) console.warn('[hydrate]', error);
      },
    });
  });
}
