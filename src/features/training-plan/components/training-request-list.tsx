import { memo } from 'react';
import type { TableSyncStates } from '@/db';
import type { TrainingRequestStatus } from '@/domain/labels';
import type { RequestEstimate } from '@/domain/plan-funding';
import type { PlanRequestRow } from '../hooks/use-plan-rows';
import { useProgressiveCount } from '../hooks/use-progressive-count';
import { TrainingRequestCard } from './training-request-card';

/** Estimated card height (px) of the cards not rendered yet (the list's height stays right). */
export const CARD_ESTIMATE = 260;
/** Cards in the first render: a tall screen's worth. The rest follow in the background. */
export const FIRST_CARDS = 12;

type Props = {
  rows: readonly PlanRequestRow[];
  /** Changes when the rows are another selection (a filter): the list starts small again. */
  selectionKey?: string;
  syncStates?: TableSyncStates;
  onEdit: (row: PlanRequestRow) => void;
  onDelete: (row: PlanRequestRow) => void;
  onStatusChange: (row: PlanRequestRow, status: TrainingRequestStatus) => void;
  /** (issue 30) each request's estimated OPCO share, by id (undefined while loading) */
  estimates?: ReadonlyMap<string, RequestEstimate> | undefined;
  onUseEstimate?: (row: PlanRequestRow) => void;
};

const NO_STATES: TableSyncStates = new Map();

/**
 * The plan's cards, all in the page once rendered (issue 29: find in page, print, tab through
 * every card): the first screenful at once (a plan of 5 000 requests opens as fast as one of 20),
 * the others added in the background in small slices, or at once before printing or when the
 * browser's find is asked for. Off-screen cards cost no layout (content-visibility: auto).
 * Memoised: a keystroke in the filter renders the page again with this list's props unchanged
 * (the filtered rows follow in a deferred render), which must not walk every card rendered.
 */
export const TrainingRequestList = memo(function TrainingRequestList({
  rows,
  selectionKey = '',
  syncStates = NO_STATES,
  onEdit,
  onDelete,
  onStatusChange,
  estimates,
  onUseEstimate,
}: Props) {
  const shown = useProgressiveCount(rows.length, FIRST_CARDS, selectionKey);
  const rest = rows.length - shown;
  return (
    <>
      <ul className="plan-list" aria-busy={rest > 0 ? true : undefined}>
        {rows.slice(0, shown).map((row, index) => (
          <li
            key={row.id}
            className="plan-list-item"
            aria-setsize={rows.length}
            aria-posinset={index + 1}
          >
            <TrainingRequestCard
              row={row}
              syncState={syncStates.get(row.id) ?? 'synced'}
              onEdit={onEdit}
              onDelete={onDelete}
              onStatusChange={onStatusChange}
              estimate={estimates?.get(row.id)}
              onUseEstimate={onUseEstimate}
            />
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <div
          className="plan-list-rest"
          aria-hidden="true"
          style={{ height: rest * CARD_ESTIMATE }}
        />
      ) : null}
    </>
  );
});
