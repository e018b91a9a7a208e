// One conflict notice per field of a record (issue 29, found by the keyboard journey): a device's
// later value of a field replaces its earlier ones. A keyboard user moving a status select with
// the arrow keys writes one change per option passed (« En attente de financement », then « En
// cours »); offline, all of them lose to the other device's value together, and the user meant
// only the last: one notice, with « Ma version » the value they chose.
import type { ConflictNotice, LocalDb } from './database';

export type FoldedNotices = {
  /** Notices to write: the new ones kept, and older ones that changed. */
  put: ConflictNotice[];
  /** Stored notices now wholly replaced by later ones. */
  remove: string[];
};

const pickFields = (row: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]]));

/**
 * `stored`: the notices already kept for the rows concerned; `incoming`: this push's, in the order
 * of the device's changes (both oldest first). A field notice keeps only the fields no later field
 * notice of the same record holds; one left with none is dropped, its id kept in `superseded` of
 * the notice that replaces it (the mutation is still accounted for). Other reasons are untouched.
 */
export function foldFieldNotices(
  stored: readonly ConflictNotice[],
  incoming: readonly ConflictNotice[],
): FoldedNotices {
  const all = [...stored, ...incoming];
  const isStored = new Set(stored.map((n) => n.id));
  /** row key -> field -> the newest notice holding it */
  const holders = new Map<string, Map<string, ConflictNotice>>();
  const kept = new Map<string, ConflictNotice>();
  const remove: string[] = [];
  const changed = new Set<string>();

  for (let i = all.length - 1; i >= 0; i--) {
    const notice = all[i]!;
    if (notice.reason !== 'field') {
      kept.set(notice.id, notice);
      continue;
    }
    const key = `${notice.table}:${notice.row_id}`;
    const fields = holders.get(key) ?? new Map<string, ConflictNotice>();
    holders.set(key, fields);
    const mine = Object.keys(notice.mine);
    const left = mine.filter((f) => !fields.has(f));
    if (left.length === 0 && mine.length > 0) {
      const heir = kept.get(fields.get(mine[0]!)!.id)!;
      const superseded = [...(heir.superseded ?? []), notice.id, ...(notice.superseded ?? [])];
      kept.set(heir.id, { ...heir, superseded });
      changed.add(heir.id);
      if (isStored.has(notice.id)) remove.push(notice.id);
      continue;
    }
    const next =
      left.length === mine.length
        ? notice
        : {
            ...notice,
            mine: pickFields(notice.mine, left),
            theirs: pickFields(notice.theirs, left),
          };
    if (next !== notice) changed.add(notice.id);
    kept.set(notice.id, next);
    for (const f of left) fields.set(f, next);
  }
  const put = [...kept.values()].filter((n) => !isStored.has(n.id) || changed.has(n.id));
  return { put, remove };
}

/** Writes this push's conflict notices, one per field of a record (src/db/conflict-fold.ts). */
export async function keepNotices(db: LocalDb, notices: ConflictNotice[]): Promise<void> {
  const keys = [...new Map(notices.map((n) => [`${n.table}:${n.row_id}`, [n.table, n.row_id]]))];
  const stored = (
    await db.conflicts
      .where('[table+row_id]')
      .anyOf(keys.map(([, k]) => k))
      .toArray()
  ).sort((a, b) => a.created_at.localeCompare(b.created_at));
  const { put, remove } = foldFieldNotices(stored, notices);
  if (remove.length) await db.conflicts.bulkDelete(remove);
  if (put.length) await db.conflicts.bulkPut(put);
}
