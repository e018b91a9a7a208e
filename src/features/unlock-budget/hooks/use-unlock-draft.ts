// The unlock-budget form keeps what the user typed across a reload (crash, accidental refresh):
// a draft in sessionStorage, per user, validated with zod when read back (anything malformed is
// dropped field by field, never trusted).
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';

export type UnlockStep = 1 | 2 | 3 | 4;
export const UNLOCK_STEPS: readonly UnlockStep[] = [1, 2, 3, 4];

export type UnlockValues = {
  objective: string;
  objectiveOther: string;
  target: string;
  targetOther: string;
  topics: string[];
  topicsOther: string;
  rhythm: string;
  rhythmOther: string;
  /** 'YYYY-MM-DD' or '' */
  startDate: string;
};

export type UnlockDraft = { step: UnlockStep; values: UnlockValues };

export const EMPTY_VALUES: UnlockValues = {
  objective: '',
  objectiveOther: '',
  target: '',
  targetOther: '',
  topics: [],
  topicsOther: '',
  rhythm: '',
  rhythmOther: '',
  startDate: '',
};
const EMPTY_DRAFT: UnlockDraft = { step: 1, values: EMPTY_VALUES };

const text = z.string().max(500).catch('');
export const unlockDraftSchema = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).catch(1),
  values: z
    .object({
      objective: text,
      objectiveOther: text,
      target: text,
      targetOther: text,
      topics: z.array(z.string().max(500)).max(50).catch([]),
      topicsOther: text,
      rhythm: text,
      rhythmOther: text,
      startDate: z.string().max(10).catch(''),
    })
    .catch(EMPTY_VALUES),
});

export const draftKey = (userId: string) => `unlockBudgetDraft:${userId}`;

function isEmpty(draft: UnlockDraft): boolean {
  return draft.step === 1 && JSON.stringify(draft.values) === JSON.stringify(EMPTY_VALUES);
}

export function readDraft(key: string | null): UnlockDraft {
  if (!key) return EMPTY_DRAFT;
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw || raw.length > 100_000) return EMPTY_DRAFT;
    const parsed = unlockDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

function writeDraft(key: string, draft: UnlockDraft): void {
  try {
    if (isEmpty(draft)) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the form keeps working, only the reload safety net is lost
  }
}

export function useUnlockDraft(userId: string | null) {
  const key = userId ? draftKey(userId) : null;
  const [state, setState] = useState(() => {
    const draft = readDraft(key);
    return { key, draft, restored: !isEmpty(draft) };
  });
  // Another user (or the user id arriving late): read that user's draft. Losing the session
  // keeps what is on screen (the submission then says a sign-in is needed).
  if (key !== null && state.key !== key) {
    const draft = readDraft(key);
    setState({ key, draft, restored: !isEmpty(draft) });
  }

  useEffect(() => {
    if (state.key) writeDraft(state.key, state.draft);
  }, [state.key, state.draft]);

  const update = useCallback((patch: Partial<UnlockValues>) => {
    setState((s) => ({ ...s, draft: { ...s.draft, values: { ...s.draft.values, ...patch } } }));
  }, []);
  const setStep = useCallback((step: UnlockStep) => {
    setState((s) => ({ ...s, draft: { ...s.draft, step } }));
  }, []);
  /** After a successful submission: forget the draft. */
  const clear = useCallback(() => {
    if (key) {
      try {
        window.sessionStorage.removeItem(key);
      } catch {
        // nothing to clear
      }
    }
    setState({ key, draft: EMPTY_DRAFT, restored: false });
  }, [key]);

  return {
    step: state.draft.step,
    values: state.draft.values,
    restored: state.restored,
    update,
    setStep,
    clear,
  };
}
