// French wording of conflict notices and refused changes, with their actions, for the screens
// that list them (useConflicts / useDeadLetters from '@/db').
import type { ConflictNotice, DeadLetter, SurveyAnswerStatus } from '@/db';
import { fr } from '@/i18n/fr';

export type NoticeAction = { kind: 'accept' | 'restore' | 'retry' | 'discard'; label: string };

export type ConflictView = {
  text: string;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
  actions: NoticeAction[];
};

export function describeConflict(notice: ConflictNotice): ConflictView {
  const t = fr.sync.conflicts;
  const thing = fr.sync.things[notice.table];
  const { deleted_at: _deletedAt, ...theirs } = notice.theirs;
  switch (notice.reason) {
    case 'field':
      return {
        text: t.field(thing),
        mine: notice.mine,
        theirs: notice.theirs,
        actions: [
          { kind: 'accept', label: t.accept },
          { kind: 'restore', label: t.restoreMine },
        ],
      };
    case 'deleted':
      return {
        text: t.deleted(thing),
        mine: notice.mine,
        theirs: {},
        actions: [
          { kind: 'accept', label: t.acceptDeletion },
          { kind: 'restore', label: t.restoreMine },
        ],
      };
    case 'delete_over_edit':
      return {
        text: t.deleteOverEdit(thing),
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

export function describeDeadLetter(dead: DeadLetter): DeadLetterView {
  const t = fr.sync.deadLetters;
  const reason = t.codes[dead.code] ?? t.unknownCode;
  return {
    text: t.refused(fr.sync.things[dead.table], reason),
    reason,
    actions: [
      { kind: 'retry', label: t.retry },
      { kind: 'discard', label: t.discard },
    ],
  };
}

/** French outcome of a respondent's queued answer. */
export function describeSurveyAnswer(status: SurveyAnswerStatus): string {
  return fr.sync.surveyAnswer[status];
}
