// French wording of conflict notices and refused changes, with their actions, for the screens
// that list them (useConflicts / useDeadLetters from '@/db').
import type { ConflictNotice, DeadLetter, QuarantinedRow, SurveyAnswerStatus } from '@/db';
import { fr } from '@/i18n/fr';
import { syncFieldLabel } from './values';

export type NoticeAction = { kind: 'accept' | 'restore' | 'retry' | 'discard'; label: string };

export type ConflictView = {
  text: string;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
  actions: NoticeAction[];
};

/**
 * A conflict notice in French: the record by its name when known (`name`, e.g. the training's
 * topic: recordName), the fields in conflict by their French names, with gender agreement.
 */
export function describeConflict(notice: ConflictNotice, name?: string | null): ConflictView {
  const t = fr.sync.conflicts;
  const record = { kind: fr.sync.records[notice.table], name: name ?? null };
  const fields = Object.keys(notice.mine)
    .filter((k) => k !== 'deleted_at')
    .map(syncFieldLabel);
  const { deleted_at: _deletedAt, ...theirs } = notice.theirs;
  switch (notice.reason) {
    case 'field':
      return {
        text: t.field(record, fields),
        mine: notice.mine,
        theirs: notice.theirs,
        actions: [
          { kind: 'accept', label: t.accept },
          { kind: 'restore', label: t.restoreMine },
        ],
      };
    case 'deleted':
      return {
        text: t.deleted(record),
        mine: notice.mine,
        theirs: {},
        actions: [
          { kind: 'accept', label: t.acceptDeletion },
          { kind: 'restore', label: t.restoreMine },
        ],
      };
    case 'delete_over_edit':
      return {
        text: t.deleteOverEdit(record),
        mine: {},
        theirs,
        actions: [
          { kind: 'accept', label: t.acceptDeletion },
          { kind: 'restore', label: t.restore },
        ],
      };
  }
}

export type DeadLetterView = { text: string; reason: string; actions: NoticeAction[] };

/** Why the server refused a change, in French (its code, and its reason when it gives one). */
export function deadLetterReason(dead: Pick<DeadLetter, 'code' | 'reason' | 'field'>): string {
  const t = fr.sync.deadLetters;
  if (dead.code === 'invalid' && dead.reason === 'timestamp')
    return t.timestamp(dead.field ? syncFieldLabel(dead.field) : null);
  if (dead.code === 'expired') return t.expired;
  return t.codes[dead.code] ?? t.unknownCode;
}

export function describeDeadLetter(dead: DeadLetter): DeadLetterView {
  const t = fr.sync.deadLetters;
  const reason = deadLetterReason(dead);
  return {
    text: t.refused(fr.sync.things[dead.table], reason),
    reason,
    actions: [
      { kind: 'retry', label: t.retry },
      { kind: 'discard', label: t.discard },
    ],
  };
}

/** A pulled row kept aside because this version of the app cannot read it. */
export function describeQuarantinedRow(row: QuarantinedRow): string {
  return fr.sync.quarantine.item(fr.sync.things[row.table]);
}

/** French outcome of a respondent's queued answer. */
export function describeSurveyAnswer(status: SurveyAnswerStatus): string {
  return fr.sync.surveyAnswer[status];
}
