// Conflict notices and dead letters: what sync could not apply as written, kept and shown.
//  - A conflict notice holds my losing values: accept (keep the server's) or restore mine (a new
//    change based on the server version, so it wins this time).
//  - A dead letter is a change the server refused (business rule, RLS, constraint): retry after
//    an edit (a new change with a new id) or discard (the local row already shows the server state).
import type { ConflictNotice, DeadLetter, LocalDb } from '../database';
import { LocalStoreError } from '../errors';
import type { Row } from '../meta';
import { applyLocalChanges, rwTransaction, type LocalChange, type WriteOptions } from '../write';

export function syncIssuesRepository(db: LocalDb, opts: WriteOptions = {}) {
  const allSynced = () => [
    db.profiles,
    db.simulations,
    db.survey_responses,
    db.training_employees,
    db.training_requests,
    db.team_surveys,
    db.team_survey_responses,
    db.opco_confirmations,
  ];
  return {
    listConflicts: (ownerId: string): Promise<ConflictNotice[]> =>
      db.conflicts.where('owner_id').equals(ownerId).sortBy('created_at'),
    listDeadLetters: (ownerId: string): Promise<DeadLetter[]> =>
      db.dead_letters.where('owner_id').equals(ownerId).sortBy('created_at'),

    /** Keeps the server's values: the notice goes away. */
    async acceptConflict(ownerId: string, id: string): Promise<void> {
      await rwTransaction(db, [db.conflicts], async () => {
        const notice = await db.conflicts.get(id);
        if (notice?.owner_id === ownerId) await db.conflicts.delete(id);
      });
    },

    /** Re-applies my values as a new change based on the server version (undeletes if needed). */
    async restoreMine(ownerId: string, id: string): Promise<void> {
      await rwTransaction(
        db,
        [db.conflicts, db.outbox, db.server_rows, ...allSynced()],
        async () => {
          const notice = await db.conflicts.get(id);
          if (!notice || notice.owner_id !== ownerId)
            throw new LocalStoreError('not_found', `conflict ${id}`);
          let fields: Row;
          if (notice.reason === 'field') fields = { ...notice.mine };
          else if (notice.reason === 'deleted') fields = { ...notice.mine, deleted_at: null };
          else fields = { deleted_at: null };
          await applyLocalChanges(
            db,
            ownerId,
            [
              {
                table: notice.table,
                op: 'update',
                rowId: notice.row_id,
                fields,
                baseVersion: notice.server_version,
              },
            ],
            opts,
          );
          await db.conflicts.delete(id);
        },
      );
    },

    /** Sends the refused change again (with edits), as a new mutation. */
    async retryDeadLetter(ownerId: string, id: string, edits: Row = {}): Promise<void> {
      await rwTransaction(
        db,
        [db.dead_letters, db.outbox, db.server_rows, ...allSynced()],
        async () => {
          const dead = await db.dead_letters.get(id);
          if (!dead || dead.owner_id !== ownerId)
            throw new LocalStoreError('not_found', `dead letter ${id}`);
          const exists = (await db.synced(dead.table).get(dead.row_id)) !== undefined;
          let change: LocalChange;
          if (dead.op === 'delete')
            change = { table: dead.table, op: 'delete', rowId: dead.row_id };
          else if (dead.op === 'insert' && !exists) {
            change = {
              table: dead.table,
              op: 'insert',
              rowId: dead.row_id,
              fields: { ...dead.fields, ...edits },
            };
          } else
            change = {
              table: dead.table,
              op: 'update',
              rowId: dead.row_id,
              fields: { ...dead.fields, ...edits },
            };
          await applyLocalChanges(db, ownerId, [change], opts);
          await db.dead_letters.delete(id);
        },
      );
    },

    /** Drops the refused change (the local row already shows the server's state). */
    async discardDeadLetter(ownerId: string, id: string): Promise<void> {
      await rwTransaction(db, [db.dead_letters], async () => {
        const dead = await db.dead_letters.get(id);
        if (dead?.owner_id === ownerId) await db.dead_letters.delete(id);
      });
    },
  };
}
