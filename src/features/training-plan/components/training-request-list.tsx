import { memo, useMemo } from 'react';
import type { TableSyncStates } from '@/db';
import type { TrainingRequestStatus } from '@/domain/labels';
import type { RequestEstimate } from '@/domain/plan-funding';
import type { PlanRequestRow } from '../hooks/use-plan-rows';
import { useProgressiveRows } from '../hooks/use-progressive-rows';
import { TrainingRequestCard } from './training-request-card';

/** Estimated card height (px) of the cards not rendered yet (the list's height stays right). */
export const CARD_ESTIMATE = 260;
/** Cards in the first render: a tall screen's worth. The rest follow in the background. */
export const FIRST_CARDS = 12;

type Props = {
  /** every row of the plan, in its order */
  all: readonly PlanRequestRow[];
  /** the rows shown (a filter's result: a subset of `all`, same order) */
  rows: readonly PlanRequestRow[];
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
 * A filter hides the cards it leaves out (they stay in the page, rendered): typing in the search
 * field shows and hides cards, it does not take thousands out and put them back.
 * Memoised: a keystroke in the filter renders the page again with this list's props unchanged
 * (the filtered rows follow in a deferred render), which must not walk every card rendered.
 */
export const TrainingRequestList = memo(function TrainingRequestList({
  all,
  rows,
  syncStates = NO_STATES,
  onEdit,
  onDelete,
  onStatusChange,
  estimates,
  onUseEstimate,
}: Props) {
  const rendered = useProgressiveRows(all, rows, FIRST_CARDS);
  const position = useMemo(() => new Map(rows.map((row, i) => [row.id, i + 1])), [rows]);
  let waiting = 0;
  for (const row of rows) if (!rendered.has(row.id)) waiting += 1;
  return (
    <>
      <ul
        className="plan-list"
        hidden={rows.length === 0}
        aria-busy={waiting > 0 ? true : undefined}
      >
        {all.map((row) => {
          if (!rendered.has(row.id)) return null;
          const at = position.get(row.id);
          return (
            <li
              key={row.id}
              className="plan-list-item"
              hidden={at === undefined}
              aria-setsize={at === undefined ? undefined : rows.length}
              aria-posinset={at}
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
          );
        })}
      </ul>
      {waiting > 0 ? (
        <div
          className="plan-list-rest"
          aria-hidden="true"
          style={{ height: waiting * CARD_ESTIMATE }}
        />
      ) : null}
    </>
  );
});
