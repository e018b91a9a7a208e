// The new survey while the modal is open (name, departments chosen, services typed), kept in
// localStorage (zod-checked on read) so that a reload or a closed tab does not lose it. Cleared once
// the survey is created.
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { DEPARTMENTS } from '@/domain/public-survey-contracts';
import type { SurveyDepartment } from '@/domain/survey-departments';

const KEY = 'bf-team-survey-name-draft';
const DRAFT_KEY = 'bf-team-survey-draft';
const department = z.object({ label: z.string().min(1).max(60), set: z.enum(DEPARTMENTS) });
const draftSchema = z.object({
  name: z.string().max(200).catch(''),
  /** keys of the departments chosen (departmentKey); null: the suggested ones, untouched */
  chosen: z.array(z.string().max(70)).max(40).nullable().catch(null),
  custom: z.array(department).max(12).catch([]),
});

export type SurveyCreateDraft = {
  name: string;
  chosen: string[] | null;
  custom: SurveyDepartment[];
};

const EMPTY: SurveyCreateDraft = { name: '', chosen: null, custom: [] };

function read(): SurveyCreateDraft {
  try {
    const raw = window.localStorage.getItem(DRAFT_KEY);
    if (raw) {
      const parsed = draftSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    }
    // A name typed with an earlier version of the page.
    const name = z.string().max(200).safeParse(window.localStorage.getItem(KEY));
    return name.success ? { ...EMPTY, name: name.data } : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(value: SurveyCreateDraft): void {
  try {
    window.localStorage.removeItem(KEY);
    if (value.name === '' && value.chosen === null && value.custom.length === 0)
      window.localStorage.removeItem(DRAFT_KEY);
    else window.localStorage.setItem(DRAFT_KEY, JSON.stringify(value));
  } catch {
    // storage unavailable: the draft lasts while the page is open
  }
}

export function useCreateDraft(): [
  SurveyCreateDraft,
  (patch: Partial<SurveyCreateDraft>) => void,
  () => void,
] {
  const [draft, setDraft] = useState(read);
  const update = useCallback((patch: Partial<SurveyCreateDraft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch, name: (patch.name ?? d.name).slice(0, 200) };
      write(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    write(EMPTY);
    setDraft(EMPTY);
  }, []);
  return [draft, update, reset];
}
