// One reading of the OPCO's rules for one request of the plan (issue 30): the point caps of each
// fund under one scenario (a source's reading when the sources disagree), the request's ceiling and
// what it takes of the year's caps in the plan's order. Used by ./plan-funding.ts, which runs every
// reading and turns them into spans. Pure; amounts are integer cents.
import type { FundingRequest } from './plan-funding';
import type { Envelope, PointCaps } from './plan-funding-terms';

const INF = Number.POSITIVE_INFINITY;

export const costCents = (r: FundingRequest): number =>
  Number.isFinite(r.costEur) && r.costEur > 0 ? Math.round(r.costEur * 100) : 0;
export const hoursOf = (r: FundingRequest): number =>
  Number.isFinite(r.hours) && r.hours > 0 ? r.hours : 0;
export const userRate = (r: FundingRequest): number | null =>
  typeof r.userCoverageRate === 'number' && Number.isFinite(r.userCoverageRate)
    ? Math.min(100, Math.max(0, r.userCoverageRate))
    : null;

// ---- one reading (one scenario of point caps) ----------------------------------------------------

export type Scenario = { caps: PointCaps[]; confirmed: number | null };

export type LimitHit =
  | 'rate'
  | 'hourly'
  | 'per_action'
  | 'per_trainee'
  | 'yearly_reached'
  | 'yearly_left'
  | 'confirmed_reached'
  | 'confirmed_left'
  | 'min_hours';

export type PointResult = {
  share: number;
  /** what the request takes of the year's cap */
  consumed: number;
  /** per fund: hits, and the cap left before the request */
  hits: { fund: number; hit: LimitHit; left: number }[];
  overHourly: number[];
  overYearly: { fund: number; left: number; confirmed: boolean }[];
  underMin: number[];
};

/** The readings to run: every combination of the funds' readings (few; else both ends). */
export function scenariosOf(envelopes: readonly Envelope[], confirmed: number | null): Scenario[] {
  let combos: PointCaps[][] = [[]];
  for (const e of envelopes) {
    const next: PointCaps[][] = [];
    for (const c of combos) for (const v of e.variants) next.push([...c, v]);
    combos = next;
    if (combos.length > 32) break;
  }
  if (combos.length > 32 || combos.some((c) => c.length !== envelopes.length)) {
    const end = (pick: 'min' | 'max') =>
      envelopes.map((e) => ({
        yearly: e.yearly?.[pick] ?? null,
        hourly: e.hourly?.[pick] ?? null,
        perAction: e.perAction?.[pick] ?? null,
        perTrainee: e.perTrainee?.[pick] ?? null,
        rate: e.rate?.[pick] ?? null,
      }));
    combos = [end('min'), end('max')];
  }
  return combos.map((caps) => ({ caps, confirmed }));
}

/** The ceiling of one fund for one request, and which caps set it. */
function fundCeiling(caps: PointCaps, cost: number, hours: number) {
  const candidates: [LimitHit, number][] = [];
  if (caps.rate !== null) candidates.push(['rate', Math.floor((cost * caps.rate) / 100)]);
  if (caps.hourly !== null) candidates.push(['hourly', Math.round(caps.hourly * hours)]);
  if (caps.perAction !== null) candidates.push(['per_action', caps.perAction]);
  if (caps.perTrainee !== null) candidates.push(['per_trainee', caps.perTrainee]);
  let ceiling = INF;
  for (const [, v] of candidates) ceiling = Math.min(ceiling, v);
  return { ceiling, hits: candidates.filter(([, v]) => v === ceiling).map(([h]) => h) };
}

export type RunState = { usedByFund: number[]; usedTotal: number };

/** One request under one reading; updates what the year has used. */
export function runRequest(
  req: FundingRequest,
  envelopes: readonly Envelope[],
  sc: Scenario,
  state: RunState,
): PointResult {
  const cost = costCents(req);
  const hours = hoursOf(req);
  const rate = userRate(req);
  const result: PointResult = {
    share: 0,
    consumed: 0,
    hits: [],
    overHourly: [],
    overYearly: [],
    underMin: [],
  };
  // What the user's rate asks, else the whole cost: taken fund after fund.
  let need = rate === null ? cost : Math.floor((cost * rate) / 100);
  envelopes.forEach((e, k) => {
    const caps = sc.caps[k]!;
    if (caps.hourly !== null && cost > caps.hourly * hours) result.overHourly.push(k);
    if (e.minHours !== null && hours < e.minHours) {
      result.underMin.push(k);
      if (rate === null) {
        result.hits.push({ fund: k, hit: 'min_hours', left: 0 });
        return;
      }
    }
    const fundLeft = caps.yearly === null ? INF : Math.max(0, caps.yearly - state.usedByFund[k]!);
    const totalLeft = sc.confirmed === null ? INF : Math.max(0, sc.confirmed - state.usedTotal);
    const own = rate === null ? fundCeiling(caps, cost, hours) : { ceiling: INF, hits: [] };
    const take = Math.min(need, own.ceiling, fundLeft, totalLeft);
    if (take < need) {
      for (const hit of own.hits)
        if (own.ceiling === take) result.hits.push({ fund: k, hit, left: 0 });
      if (fundLeft === take) {
        result.hits.push({
          fund: k,
          hit: fundLeft === 0 ? 'yearly_reached' : 'yearly_left',
          left: fundLeft,
        });
        result.overYearly.push({ fund: k, left: fundLeft, confirmed: false });
      } else if (totalLeft === take) {
        result.hits.push({
          fund: k,
          hit: totalLeft === 0 ? 'confirmed_reached' : 'confirmed_left',
          left: totalLeft,
        });
        result.overYearly.push({ fund: k, left: totalLeft, confirmed: true });
      }
    }
    need -= take;
    result.consumed += take;
    state.usedByFund[k]! += take;
    state.usedTotal += take;
  });
  // A later fund paid what an earlier one could not: no limit applied to the request in the end.
  if (need === 0) {
    result.hits = [];
    result.overYearly = [];
  }
  // The user's figure is theirs: shown whole, even where the cap cannot take all of it (flagged).
  result.share = rate === null ? result.consumed : Math.floor((cost * rate) / 100);
  return result;
}

/** The year's cap under one reading: the confirmed amount, else every fund's; null if one has none. */
export function scenarioCap(sc: Scenario): number | null {
  if (sc.confirmed !== null) return sc.confirmed;
  if (sc.caps.some((c) => c.yearly === null)) return null;
  return sc.caps.reduce((sum, c) => sum + c.yearly!, 0);
}
