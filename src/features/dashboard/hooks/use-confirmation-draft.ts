// What the user typed in « Mon OPCO m'a indiqué un autre montant » survives closing the dialog and
// reloading the page (crash, accidental refresh): a draft in sessionStorage per user and company,
// validated with zod when read back (anything malformed is dropped, never trusted); forgotten once
// the amount is recorded.
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { CONFIRMATION_BASES, type ConfirmationForm } from '@/domain/opco-confirmation';

const draftSchema = z.object({
  amount: z.string().max(40).catch(''),
  basis: z.union([z.enum(CONFIRMATION_BASES), z.literal('')]).catch(''),
  date: z.string().max(10).catch(''),
  comment: z.string().max(2000).catch(''),
});

export const confirmationDraftKey = (userId: string, siret: string) =>
  `opcoConfirmationDraft:${userId}:${siret}`;

function read(key: string, empty: ConfirmationForm): ConfirmationForm {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw || raw.length > 10_000) return empty;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : empty;
  } catch {
    return empty;
  }
}

function write(key: string, form: ConfirmationForm, empty: ConfirmationForm): void {
  try {
    if (JSON.stringify(form) === JSON.stringify(empty)) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(form));
  } catch {
    // storage full or unavailable: only the reload safety net is lost
  }
}

/** The form of one company, kept as a draft; `today` is the default date. */
export function useConfirmationDraft(userId: string, siret: string, today: string) {
  const key = confirmationDraftKey(userId, siret);
  const empty: ConfirmationForm = { amount: '', basis: '', date: today, comment: '' };
  const [state, setState] = useState(() => ({ key, form: read(key, empty) }));
  if (state.key !== key) setState({ key, form: read(key, empty) });

  const emptyJson = JSON.stringify(empty);
  useEffect(() => {
    write(state.key, state.form, JSON.parse(emptyJson) as ConfirmationForm);
  }, [state, emptyJson]);

  const update = useCallback(
    (patch: Partial<ConfirmationForm>) =>
      setState((s) => ({ ...s, form: { ...s.form, ...patch } })),
    [],
  );
  const clear = useCallback(() => {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // nothing to clear
    }
    setState({ key, form: JSON.parse(emptyJson) as ConfirmationForm });
  }, [key, emptyJson]);
  return { form: state.form, update, clear };
}
