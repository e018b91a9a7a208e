// How many items of a long list to render: `first` at once, then more in the background, a slice
// per idle moment of the browser (low priority: typing, scrolling and clicks come first), until all
// are there. Everything at once before the page is printed and when the browser's find in page is
// asked for with the keyboard (Ctrl+F, Cmd+F), so that neither misses an item.
import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Items added per slice (a slice stays well under a frame's budget on a phone). */
export const PROGRESSIVE_SLICE = 100;

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `task` when the browser is idle (or soon: at most 200 ms later); returns its cancel. */
function whenIdle(task: () => void): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const handle = w.requestIdleCallback(task, { timeout: 200 });
    return () => w.cancelIdleCallback?.(handle);
  }
  const timer = window.setTimeout(task, 16);
  return () => window.clearTimeout(timer);
}

const isFindShortcut = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f';

/**
 * The number of items to render out of `total`. `key` names the selection: when it changes (a
 * filter), the list starts again from `first`; when only the items change (an edit, a pull), what
 * is rendered stays.
 */
export function useProgressiveCount(total: number, first: number, key: string): number {
  const [state, setState] = useState({ key, count: first });
  let count = state.count;
  if (state.key !== key) {
    count = first;
    setState({ key, count: first });
  }
  const shown = Math.min(total, count);

  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() =>
      startTransition(() =>
        setState((s) => (s.key === key ? { key, count: s.count + PROGRESSIVE_SLICE } : s)),
      ),
    );
  }, [shown, total, key]);

  useEffect(() => {
    const all = () => flushSync(() => setState({ key, count: Number.POSITIVE_INFINITY }));
    const onKey = (e: KeyboardEvent) => {
      if (isFindShortcut(e)) all();
    };
    window.addEventListener('beforeprint', all);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('beforeprint', all);
      window.removeEventListener('keydown', onKey);
    };
  }, [key]);

  return shown;
}
