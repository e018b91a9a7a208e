// Which rows of a long list are in the page: the selection's first screenful at once, then the
// others in the background, a slice per idle moment of the browser (low priority: typing,
// scrolling and clicks come first), the selection's rows before the others, until every row is
// there. Every row at once before the page is printed and when the browser's find in page is
// asked for with the keyboard (Ctrl+F, Cmd+F), so that neither misses one.
//
// A row once in the page stays there: another selection (a filter) only shows and hides rows, it
// never takes thousands of cards out of the page to put them back at the next keystroke.
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Rows added per slice. Chromium lays out each new card once even though it is off screen
 * (content-visibility: auto): its status <select> forces a style and layout of the card
 * (HTMLSelectElement::recalcListItems under the card's display lock; ~1.5–2 ms a card on the
 * development machine, in one task after the slice's commit: 170–210 ms for 100 cards in a trace).
 * 25 cards keep that task near 50 ms, so that a keystroke or a scroll waits little behind it.
 */
export const PROGRESSIVE_SLICE = 25;

type Keyed = { id: string };

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

/** `ids` with up to `n` more: the selection's missing rows first, then the others. */
function withMore(
  ids: ReadonlySet<string>,
  selection: readonly Keyed[],
  all: readonly Keyed[],
  n: number,
): ReadonlySet<string> {
  const next = new Set(ids);
  let added = 0;
  for (const list of [selection, all])
    for (const row of list) {
      if (added >= n) return next;
      if (!next.has(row.id)) {
        next.add(row.id);
        added += 1;
      }
    }
  return next;
}

/**
 * The ids of the rows to render, out of `all`; `selection` (a subset of `all`, in the same order)
 * is what the user asked to see. Its first `first` rows are always in (a new filter, a row added
 * at the top); the rest follow in idle slices.
 */
export function useProgressiveRows(
  all: readonly Keyed[],
  selection: readonly Keyed[],
  first: number,
): ReadonlySet<string> {
  const [state, setState] = useState<ReadonlySet<string>>(() =>
    withMore(new Set(), selection, [], first),
  );
  let ids = state;
  if (selection.slice(0, first).some((row) => !ids.has(row.id))) {
    ids = withMore(ids, selection.slice(0, first), [], first);
    setState(ids);
  }
  const complete = useMemo(() => all.every((row) => ids.has(row.id)), [all, ids]);

  useEffect(() => {
    if (complete) return;
    return whenIdle(() =>
      startTransition(() => setState((s) => withMore(s, selection, all, PROGRESSIVE_SLICE))),
    );
  }, [complete, ids, selection, all]);

  const latest = useRef(all);
  useEffect(() => {
    latest.current = all;
  }, [all]);
  useEffect(() => {
    const everything = () =>
      flushSync(() => setState((s) => withMore(s, latest.current, [], Infinity)));
    const onKey = (e: KeyboardEvent) => {
      if (isFindShortcut(e)) everything();
    };
    window.addEventListener('beforeprint', everything);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('beforeprint', everything);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  return ids;
}
