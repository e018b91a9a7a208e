// Browser side of the prerendered first screen (vite.prerender.ts): React does not hydrate the
// prerendered markup, it replaces it with its own render of the same screen (createRoot).
//  - The render is a transition: React renders in short slices (the prerendered screen stays
//    visible and usable meanwhile) and swaps the markup in one commit, so no long task blocks
//    the page that is already painted.
//  - What the visitor did before the swap is carried over: the text typed in a field (re-entered
//    through an input event, so the component's state gets it) and the focus. Elements are
//    matched by their position among the root's fields and focusable elements, which holds
//    because both trees are the same screen; a mismatch (other tag or class) is skipped.
import { startTransition } from 'react';

const FIELDS = 'input, textarea';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

type Field = HTMLInputElement | HTMLTextAreaElement;

const isField = (el: Element | null | undefined): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;

const sameKind = (a: Element, b: Element | undefined): b is Element =>
  b !== undefined && a.tagName === b.tagName && a.className === b.className;

function setTypedValue(field: Field, value: string): void {
  // React tracks the value it last rendered: set through the prototype's setter, then announce it.
  const proto =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Renders `root`'s app over its prerendered markup, keeping typed text and focus. */
export function takeOverPrerendered(root: HTMLElement, render: () => void): void {
  const oldFields = [...root.querySelectorAll<Field>(FIELDS)];
  const oldFocusables = [...root.querySelectorAll(FOCUSABLE)];
  // The prerendered element that has the focus (removing it from the page also blurs it: only a
  // blur while it is still in the page counts).
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

  const carryOver = () => {
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('focusout', onFocusOut, true);
    const newFields = [...root.querySelectorAll<Field>(FIELDS)];
    oldFields.forEach((field, index) => {
      const next = newFields[index];
      if (field.value !== field.defaultValue && sameKind(field, next))
        setTypedValue(next as Field, field.value);
    });
    const focusedIndex = focused ? oldFocusables.indexOf(focused) : -1;
    if (
      focusedIndex < 0 ||
      !(document.activeElement === null || document.activeElement === document.body)
    )
      return;
    const next = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)][focusedIndex];
    if (!sameKind(focused!, next)) return;
    (next as HTMLElement).focus();
    if (isField(focused) && isField(next)) {
      try {
        next.setSelectionRange(focused.selectionStart, focused.selectionEnd);
      } catch {
        // not a text field (no selection)
      }
    }
  };
  // React's commit replaces the root's children at once: carry over right after it.
  const observer = new MutationObserver(() => {
    observer.disconnect();
    carryOver();
  });
  observer.observe(root, { childList: true });
  startTransition(render);
}
