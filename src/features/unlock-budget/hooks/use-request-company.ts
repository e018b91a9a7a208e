// The company an unlock-budget request is for. 02 §5 wants "a selected company passed in
// navigation state"; when the state is absent (direct visit, reload after the state was lost)
// the current company of the sidebar is used. The state always wins.
import { useLocation } from 'react-router-dom';
import { z } from 'zod';
import { useCurrentCompany } from '@/lib/current-company';

export const requestCompanyStateSchema = z.object({
  company: z.object({
    siret: z.string().regex(/^\d{14}$/),
    name: z.string().max(300).optional(),
  }),
});

export type RequestCompany = {
  siret: string;
  name: string | null;
  source: 'navigation' | 'current';
};

/** undefined while the local store loads (only when the state gives no company). */
export function useRequestCompany(
  userId: string | null | undefined,
): RequestCompany | null | undefined {
  const location = useLocation();
  const { companies, company } = useCurrentCompany(userId);
  const parsed = requestCompanyStateSchema.safeParse(location.state);
  if (parsed.success) {
    const { siret, name } = parsed.data.company;
    const known = companies?.find((c) => c.siret === siret)?.name ?? null;
    return { siret, name: name?.trim() || known, source: 'navigation' };
  }
  if (company === undefined) return undefined;
  return company ? { siret: company.siret, name: company.name, source: 'current' } : null;
}
