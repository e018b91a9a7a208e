// Whether « Prendre RDV » (/meetings) is offered for the company the user is looking at: one rule
// for the menu entry and the plan's card (02 §2.2: only when the current company's IDCC is in the
// list in force; shell-rules.ts showMeetingsEntry, list from VITE_RDV_IDCC_LIST or the default).
import { showMeetingsEntry } from '@/domain/shell-rules';
import { config } from './config';
import { useCurrentCompany } from './current-company';

/** false while the companies load, without a company, or for an IDCC out of the list. */
export function useMeetingsEntry(userId: string | null | undefined): boolean {
  const { company } = useCurrentCompany(userId);
  return showMeetingsEntry(company?.simulation.idcc, config.rdvIdccList);
}
