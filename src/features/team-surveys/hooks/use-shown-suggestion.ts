// What the « Nouveau sondage » dialog suggests is decided once, when it opens: the company as the
// local store had it then (or none). On a fresh device the company may arrive by sync while the
// dialog is open; the suggested services (and the checked boxes) then stay as the employer saw them
// instead of changing under them. The next opening uses the company as it is by then.
import { useState } from 'react';
import { surveySectorOf, type SurveySector } from '@/domain/survey-departments';
import type { Company } from '@/db';

export type ShownSuggestion = { sector: SurveySector | null; companyName: string | null };

const suggestionOf = (company: Company | null): ShownSuggestion => ({
  sector: surveySectorOf(company?.simulation.code_naf),
  companyName: company?.name ?? null,
});

/** undefined while the dialog is closed or the local store is read (no suggestion shown yet). */
export function useShownSuggestion(
  open: boolean,
  company: Company | null | undefined,
): ShownSuggestion | undefined {
  const [shown, setShown] = useState<ShownSuggestion | undefined>(undefined);
  // Adjusted while rendering (no effect, no extra paint): taken once per opening, then kept.
  const next = !open || company === undefined ? undefined : (shown ?? suggestionOf(company));
  if (next !== shown) setShown(next);
  return next;
}
