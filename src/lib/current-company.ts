// The company the signed-in user is looking at (sidebar switcher, dashboard, every page that
// acts "for the current company"). UI state: the chosen siret, kept in localStorage so a reload
// keeps it; the company itself always comes from the local store. Default: the newest (02 §2.2).
import { create } from 'zustand';
import { z } from 'zod';
import { useCompanies, type Company } from '@/db';

const STORAGE_KEY = 'currentCompanySiret';
const siretSchema = z.string().regex(/^\d{14}$/);

function readStored(): string | null {
  try {
    const parsed = siretSchema.safeParse(window.localStorage.getItem(STORAGE_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type CurrentCompanyState = { siret: string | null; select: (siret: string | null) => void };

export const useCurrentCompanyStore = create<CurrentCompanyState>((set) => ({
  siret: typeof window === 'undefined' ? null : readStored(),
  select: (siret) => {
    const valid = siret !== null && siretSchema.safeParse(siret).success ? siret : null;
    try {
      if (valid) window.localStorage.setItem(STORAGE_KEY, valid);
      else window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
    set({ siret: valid });
  },
}));

/** The chosen company if it still exists, else the newest; null when the user has none. */
export function pickCurrentCompany(
  companies: readonly Company[],
  siret: string | null,
): Company | null {
  return companies.find((c) => c.siret === siret) ?? companies[0] ?? null;
}

export type CurrentCompany = {
  /** undefined while the local store loads */
  companies: Company[] | undefined;
  company: Company | null | undefined;
  select: (siret: string | null) => void;
};

export function useCurrentCompany(userId: string | null | undefined): CurrentCompany {
  const companies = useCompanies(userId);
  const siret = useCurrentCompanyStore((s) => s.siret);
  const select = useCurrentCompanyStore((s) => s.select);
  return {
    companies,
    company: companies === undefined ? undefined : pickCurrentCompany(companies, siret),
    select,
  };
}
