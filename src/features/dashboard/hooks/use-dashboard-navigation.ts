// Navigation state of /dashboard (02 §2.1: "a company siret and a refresh flag"), validated with
// zod. The siret becomes the current company; refresh runs the budget lookup again (the lists are
// live queries and need no refresh). The state is then cleared so that a reload or a later switch
// in the sidebar is not overridden by an old navigation.
import { useEffect, useReducer } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';

export const dashboardStateSchema = z.object({
  siret: z
    .string()
    .regex(/^\d{14}$/)
    .optional(),
  refresh: z.boolean().optional(),
});

export type DashboardNavigation = {
  /** the siret asked for by the navigation that is being applied, if any */
  siret: string | null;
  /** increases with each refresh navigation */
  refreshKey: number;
};

export function useDashboardNavigation(
  select: (siret: string | null) => void,
): DashboardNavigation {
  const location = useLocation();
  const navigate = useNavigate();
  const [refreshKey, bump] = useReducer((n: number) => n + 1, 0);
  const parsed = dashboardStateSchema.safeParse(location.state);
  const state = parsed.success && location.state != null ? parsed.data : null;
  const siret = state?.siret ?? null;
  const refresh = state?.refresh === true;
  const hasState = state !== null;

  useEffect(() => {
    if (!hasState) return;
    if (siret) select(siret);
    if (refresh) bump();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [
    location.key,
    hasState,
    siret,
    refresh,
    select,
    navigate,
    location.pathname,
    location.search,
  ]);

  return { siret, refreshKey };
}
