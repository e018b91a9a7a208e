import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { TrainingRequestStatus } from '@/domain/labels';
import type { PlanRequestRow } from '../hooks/use-plan-rows';
import { TrainingRequestCard } from './training-request-card';

/** Estimated card height (px) until a card is measured. */
export const CARD_ESTIMATE = 260;

type Props = {
  rows: readonly PlanRequestRow[];
  onDelete: (row: PlanRequestRow) => void;
  onStatusChange: (row: PlanRequestRow, status: TrainingRequestStatus) => void;
};

/**
 * The plan's cards, virtualised on the window scroll (5 000 requests stay smooth): only the cards
 * near the viewport are in the DOM. Keyboard users tab through them: focusing the last rendered
 * card scrolls it into view, which renders the next ones (overscan).
 */
export function TrainingRequestList({ rows, onDelete, onStatusChange }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((prev) => (Math.abs(prev - top) > 1 ? top : prev));
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(document.body);
    return () => observer?.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => CARD_ESTIMATE,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => rows[index]?.id ?? index,
    measureElement: (el) => {
      const height = el.getBoundingClientRect().height;
      return height > 0 ? height : CARD_ESTIMATE;
    },
  });
  const items = virtualizer.getVirtualItems();

  return (
    <ul ref={listRef} className="plan-list" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="plan-list-item"
            aria-setsize={rows.length}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <TrainingRequestCard row={row} onDelete={onDelete} onStatusChange={onStatusChange} />
          </li>
        );
      })}
    </ul>
  );
}
