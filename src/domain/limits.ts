// Limits and the derived companies (01 §4, §9; 02 §2.2, §2.5, §5, §9).

/** 02 §9: maximum companies per user. */
export const MAX_COMPANIES = 3;
/** 01 §9: maximum simulation updates per company (blocked at 3 or more). */
export const MAX_SIMULATION_UPDATES = 3;
/** 01 §9: the update-limit toast stays 10 seconds. */
export const UPDATE_LIMIT_TOAST_MS = 10_000;

/** Adding a company is allowed below 3 companies (the add button is hidden at 3). */
export const canAddCompany = (count: number): boolean => count < MAX_COMPANIES;

/** An existing simulation can change while its update_count is below 3. */
export const canUpdateSimulation = (updateCount: number): boolean =>
  Number.isFinite(updateCount) && updateCount < MAX_SIMULATION_UPDATES;

/**
 * update_count of a save (01 §4): 0 for a new simulation, the existing count + 1 otherwise;
 * null when the existing one is at the limit (the save is refused).
 */
export function nextUpdateCount(
  existing: { update_count: number } | null | undefined,
): number | null {
  if (existing == null) return 0;
  return canUpdateSimulation(existing.update_count) ? existing.update_count + 1 : null;
}

export type CompanySimulation = {
  company_siret: string;
  company_name: string;
  company_address: string;
  created_at: string;
  deleted_at?: string | null;
};

export type DerivedCompany<S extends CompanySimulation> = {
  siret: string;
  name: string;
  address: string;
  /** The latest simulation of the company. */
  simulation: S;
};

const time = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY;
};

/**
 * Companies derived from the user's live simulations (02 §2.2, §3): grouped by company_siret,
 * each keeping its latest simulation (created_at), newest company first.
 */
export function companiesFromSimulations<S extends CompanySimulation>(
  simulations: readonly S[],
): DerivedCompany<S>[] {
  const latest = new Map<string, S>();
  for (const sim of simulations) {
    if (sim.deleted_at) continue;
    const current = latest.get(sim.company_siret);
    if (current === undefined || time(sim.created_at) > time(current.created_at))
      latest.set(sim.company_siret, sim);
  }
  return [...latest.values()]
    .sort((a, b) => time(b.created_at) - time(a.created_at))
    .map((simulation) => ({
      siret: simulation.company_siret,
      name: simulation.company_name,
      address: simulation.company_address,
      simulation,
    }));
}

/** The company matching the given siret (navigation state), else the newest; null when none. */
export function selectCompany<C extends { siret: string }>(
  companies: readonly C[],
  siret?: string | null,
): C | null {
  return companies.find((c) => siret != null && c.siret === siret) ?? companies[0] ?? null;
}
