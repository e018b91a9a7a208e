// How the company the user is looking at reaches an advisor (src/domain/advisor-access.ts): one
// rule for the menu's « Prendre RDV », the plan's card and « Trouver un accompagnement » (list from
// VITE_RDV_IDCC_LIST or the default).
import { advisorRoute, type AdvisorRoute } from '@/domain/advisor-access';
import { config } from './config';
import { useCurrentCompany } from './current-company';

/** The current company's way to an advisor ('booking' while the companies load or without one). */
export function useAdvisorRoute(userId: string | null | undefined): AdvisorRoute {
  const { company } = useCurrentCompany(userId);
  return advisorRoute(company?.simulation.idcc, config.rdvIdccList);
}

/** « Prendre RDV » is offered (menu entry, plan card): false while the companies load, without a
 * company, or for an IDCC out of the list. */
export function useMeetingsEntry(userId: string | null | undefined): boolean {
  return useAdvisorRoute(userId) === 'meetings';
}
