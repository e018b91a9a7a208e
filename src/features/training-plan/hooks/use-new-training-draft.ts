// The new training request form, kept in localStorage while it is being typed (zod-checked on
// read): a closed tab, a crash or a reload gives the text back. Cleared on save or cancel.
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';

const draftSchema = z.object({
  topic: z.string().max(300).catch(''),
  description: z.string().max(5000).catch(''),
  format: z.enum(['remote', 'in_person']).catch('remote'),
  duration: z.string().max(20).catch(''),
  budget: z.string().max(20).catch(''),
  showAmounts: z.boolean().catch(false),
  explanation: z.string().max(2000).catch(''),
});

export type NewTrainingDraft = z.infer<typeof draftSchema>;

export const EMPTY_DRAFT: NewTrainingDraft = {
  topic: '',
  description: '',
  format: 'remote',
  duration: '',
  budget: '',
  showAmounts: false,
  explanation: '',
};

export const draftKey = (ownerId: string) => `bf-new-training-draft:${ownerId}`;

export function readDraft(ownerId: string | null): NewTrainingDraft {
  if (!ownerId) return EMPTY_DRAFT;
  try {
    const raw = window.localStorage.getItem(draftKey(ownerId));
    if (!raw) return EMPTY_DRAFT;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

function writeDraft(ownerId: string, draft: NewTrainingDraft): void {
  try {
    const empty = !draft.topic && !draft.description && !draft.duration && !draft.budget;
    if (empty) window.localStorage.removeItem(draftKey(ownerId));
    else window.localStorage.setItem(draftKey(ownerId), JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the form still works, without the safety copy
  }
}

export function useNewTrainingDraft(ownerId: string | null) {
  const [draft, setDraft] = useState<NewTrainingDraft>(() => readDraft(ownerId));
  useEffect(() => {
    if (ownerId) writeDraft(ownerId, draft);
  }, [ownerId, draft]);
  const update = useCallback(
    (patch: Partial<NewTrainingDraft>) => setDraft((d) => ({ ...d, ...patch })),
    [],
  );
  const clear = useCallback(() => {
    if (ownerId) {
      try {
        window.localStorage.removeItem(draftKey(ownerId));
      } catch {
        // nothing to clear
      }
    }
  }, [ownerId]);
  return { draft, update, clear };
}
