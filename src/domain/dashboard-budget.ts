// Which budget figure the dashboard shows, and from where (02 §2.3, §4; local-first reading of
// 01 §8 "budget lookup failure falls back to unknown"). Pure: the lookup outcome is passed in.
//
// Our rule (the documents show the figure of one lookup; we read the local store first):
//  - while the lookup runs, the stored simulation is shown at once (never wait for the network);
//  - the lookup answered (from the network, or from the local cache of an earlier answer): its
//    figure, coverage rate, OPCO and financing conditions are shown; a cached answer carries the
//    date it was fetched ("Montant au 12 novembre 2026");
//  - the lookup obtained nothing (offline with nothing cached, server error, unknown IDCC): the
//    stored simulation stays on screen with the date it was computed, instead of hiding a known
//    figure behind "unknown". A simulation that is itself UNKNOWN still reads as not communicated;
//    an IDCC the budget API does not know is said so (issue 27), never as an error code;
//  - the answer's figure (issue 27) is what the card shows when present: its amounts with their
//    basis, its sources, its year and reliability; an answer without it (an older cache) is read
//    from its budget record as before.
import {
  budgetFromSimulation,
  parseRate,
  type Budget,
  type BudgetInfoRecord,
  type ParsedBudgetResult,
  type SimulationBudgetRow,
} from './budget';
import type { BudgetProvenance } from './budget-contract';
import { isBudgetKnown } from './budget-display';
import type { BudgetFigure } from './budget-figure';
import { isFigureKnown } from './budget-figure-display';
import { toDate } from './dates';
import { isRecord, toTrimmedText } from './text';

export type DashboardSimulation = SimulationBudgetRow & {
  taux_prise_en_charge?: unknown;
  opco_name?: unknown;
  updated_at?: unknown;
};

export type DashboardLookup = {
  source: 'network' | 'cache' | 'none';
  result: ParsedBudgetResult;
  /** ISO instant of the figure (network: now; cache: when fetched). */
  fetchedAt: string | null;
  /** the raw answer, for the figure's provenance (issue 15) and the figure itself (issue 27) */
  response?: {
    provenance?: BudgetProvenance | undefined;
    figure?: BudgetFigure | undefined;
  } | null;
  /** why nothing was obtained (an HTTP failure code): 'not_found' is an unknown IDCC */
  error?: string;
};

export type DashboardBudget = {
  budget: Budget;
  /** integer percent, 0 to 100 */
  rate: number;
  opcoName: string;
  /** financing conditions (details panel); null until a lookup answered */
  budgetInfo: BudgetInfoRecord | null;
  /**
   * ISO instant to show as "Montant au …": only for a known figure that is not fresh from the
   * network; null when fresh, still loading, or when there is no amount to date.
   */
  asOf: string | null;
  origin: 'simulation' | 'network' | 'cache';
  /** where the figure comes from (issue 15); null: not said (stored simulation, product API) */
  provenance: BudgetProvenance | null;
  /** the figure an employer can trust (issue 27); null: an answer without it (older cache) */
  figure: BudgetFigure | null;
  /** the budget API does not know the company's IDCC (nothing cached): said in words */
  unknownIdcc: boolean;
};

/** Whether the card has an amount to show (the promo block then): the figure's, else the record's. */
export const isDashboardBudgetKnown = (
  view: Pick<DashboardBudget, 'budget' | 'figure'>,
): boolean => (view.figure ? isFigureKnown(view.figure) : isBudgetKnown(view.budget));

const isoOrNull = (value: unknown): string | null => {
  const date = toDate(value);
  return date ? date.toISOString() : null;
};

/**
 * The figure to show. `lookup` undefined: still running; null: no lookup is made (no IDCC).
 */
export function resolveDashboardBudget(
  simulation: DashboardSimulation,
  lookup: DashboardLookup | null | undefined,
): DashboardBudget {
  const stored: DashboardBudget = {
    budget: budgetFromSimulation(simulation),
    rate: parseRate(simulation.taux_prise_en_charge),
    opcoName: toTrimmedText(simulation.opco_name),
    budgetInfo: null,
    asOf: null,
    origin: 'simulation',
    provenance: null,
    figure: null,
    unknownIdcc: false,
  };
  if (lookup === undefined) return stored;
  if (lookup === null || lookup.source === 'none') {
    const dated = lookup !== null && isBudgetKnown(stored.budget);
    return {
      ...stored,
      asOf: dated ? isoOrNull(simulation.updated_at) : null,
      unknownIdcc: lookup?.error === 'not_found',
    };
  }
  const { result } = lookup;
  const figure = lookup.response?.figure ?? null;
  const known = figure ? isFigureKnown(figure) : isBudgetKnown(result.budget);
  return {
    budget: result.budget,
    rate: parseRate(result.tauxPriseEnCharge),
    opcoName: toTrimmedText(result.opco) || stored.opcoName,
    budgetInfo: isRecord(result.budgetInfo) ? result.budgetInfo : null,
    asOf: lookup.source === 'cache' && known ? isoOrNull(lookup.fetchedAt) : null,
    origin: lookup.source,
    provenance: lookup.response?.provenance ?? null,
    figure,
    unknownIdcc: false,
  };
}

/**
 * The embedded form's address: the configured URL with the hidden fields as query parameters
 * (02 §7.5), existing parameters kept. An unusable base URL yields null (no frame is shown).
 */
export function formUrlWithFields(
  base: string,
  fields: Readonly<Record<string, string>>,
): string | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  return url.toString();
}
