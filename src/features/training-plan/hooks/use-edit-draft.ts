// The edit of one training request while the dialog is open, kept in localStorage (zod-checked on
// read) with the values the edit started from: a closed tab, a crash or a reload gives the typing
// back, and the save still sends only what the user changed since (a field changed meanwhile on
// another device is not overwritten with the old value). Cleared on save and on cancel.
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import {
  BUSINESS_IMPACTS,
  EDIT_FORMATS,
  EDIT_STATUSES,
  editDraftFromRequest,
  type EditableRequest,
  type TrainingEditDraft,
} from '@/domain/schemas/training-edit';
import { DEPARTMENTS } from '@/domain/public-survey-contracts';

const text = (max: number) => z.string().max(max);

const draftSchema = z.object({
  topic: text(300),
  objectives: text(5000),
  business_impact: z.enum([...BUSINESS_IMPACTS, '']),
  format: z.enum(EDIT_FORMATS),
  organisation: text(300),
  duration: text(20),
  cost: text(20),
  funding_type: text(50),
  coverage_rate: text(20),
  status: z.enum(EDIT_STATUSES),
  employee: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('existing'), id: text(64) }),
    z.object({
      kind: z.literal('new'),
      first_name: text(100),
      last_name: text(100),
      department: z.enum([...DEPARTMENTS, '']),
    }),
  ]),
});

const baseSchema = z.object({
  topic: z.string(),
  pedagogical_objectives: z.string(),
  business_impact: z.enum(BUSINESS_IMPACTS).nullable(),
  format: z.enum(EDIT_FORMATS),
  training_organization: z.string().nullable(),
  duration: z.number(),
  cost: z.number(),
  funding_type: z.string(),
  coverage_rate: z.number(),
  remaining_cost: z.number(),
  status: z.enum(EDIT_STATUSES),
  employee_id: z.string().nullable(),
});

const storedSchema = z.object({ base: baseSchema, draft: draftSchema });
type Stored = z.infer<typeof storedSchema>;

export const editDraftKey = (ownerId: string, requestId: string) =>
  `bf-training-edit:${ownerId}:${requestId}`;

/** The edit's starting values, as stored (the fields the form edits). */
export function editBase(row: EditableRequest): EditableRequest {
  return {
    topic: row.topic,
    pedagogical_objectives: row.pedagogical_objectives ?? '',
    business_impact: row.business_impact ?? null,
    format: row.format,
    training_organization: row.training_organization ?? null,
    duration: row.duration,
    cost: row.cost,
    funding_type: row.funding_type,
    coverage_rate: row.coverage_rate,
    remaining_cost: row.remaining_cost,
    status: row.status,
    employee_id: row.employee_id ?? null,
  };
}

function readStored(key: string): Stored | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as Stored) : null;
  } catch {
    return null;
  }
}

function writeStored(key: string, value: Stored | null): void {
  try {
    if (value) window.localStorage.setItem(key, JSON.stringify(value));
    else window.localStorage.removeItem(key);
  } catch {
    // storage full or unavailable: the dialog still works, without the safety copy
  }
}

export type EditDraftState = {
  base: EditableRequest;
  draft: TrainingEditDraft;
  /** the draft came back from an earlier, unsaved edit */
  restored: boolean;
  update: (patch: Partial<TrainingEditDraft>) => void;
  clear: () => void;
};

/** The edit of `row` by `ownerId`: a kept one if any, else the row's values. */
export function useEditDraft(ownerId: string, row: EditableRequest & { id: string }) {
  const key = editDraftKey(ownerId, row.id);
  const [state, setState] = useState(() => {
    const stored = readStored(key);
    if (stored) return { ...stored, restored: true, changed: false };
    const base = editBase(row);
    return { base, draft: editDraftFromRequest(base), restored: false, changed: false };
  });
  useEffect(() => {
    // Written once the user has typed something (opening and closing leaves nothing behind).
    if (state.changed) writeStored(key, { base: state.base, draft: state.draft } as Stored);
  }, [key, state]);
  const update = useCallback(
    (patch: Partial<TrainingEditDraft>) =>
      setState((s) => ({ ...s, draft: { ...s.draft, ...patch }, changed: true })),
    [],
  );
  const clear = useCallback(() => writeStored(key, null), [key]);
  return {
    base: state.base,
    draft: state.draft,
    restored: state.restored,
    update,
    clear,
  } satisfies EditDraftState;
}
