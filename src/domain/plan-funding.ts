// The training plan's OPCO funding estimate (issue 30): for one company and one calendar year of
// its plan, each request's estimated OPCO share (coverage rate, hourly cap × hours, per-action and
// per-trainee caps, all within the yearly cap consumed in the plan's order: date, then creation),
// the limits that applied and the rules a request breaks; and the year's cap, used and left.
//
// Amounts are integer cents. The rules come from ./plan-funding-terms.ts: when the sources
// disagree, the estimate is run once per source and every amount becomes a span between the
// readings ({min, max}); when nothing can be compared with the plan's costs, a request is « non
// estimable » with the reason, never a figure. The user's own coverage rate overrides the estimate
// of its request (marked as such) and still counts against the year's cap. Pure: no clock.
import { toParisDateKey } from './dates';
import {
  fundingRules,
  type CostBasis,
  type Envelope,
  type FundingCompany,
  type FundingRules,
  type NotEstimableReason,
  type RuleSource,
  type Span,
} from './plan-funding-terms';
import {
  costCents,
  hoursOf,
  runRequest,
  scenarioCap,
  scenariosOf,
  userRate,
  type PointResult,
  type RunState,
} from './plan-funding-reading';

export type FundingRequest = {
  id: string;
  /** the request's cost in euros, of the plan's cost basis */
  costEur: number;
  hours: number;
  /** the training's own date (yyyy-mm-dd) when the plan has one; else the creation date is used */
  date?: string | null;
  /** ISO instant */
  createdAt: string;
  /** a cancelled request (« Abandonnée ») does not use the cap */
  cancelled?: boolean;
  /** the user's own coverage rate (percent), overriding the estimate; null: the estimate */
  userCoverageRate?: number | null;
};

/** A limit that applied to a request's share, with what the screen words it with. */
export type FundingLimit =
  | { code: 'rate'; rate: Span }
  | { code: 'hourly'; perHour: Span; hours: number; basis: Envelope['basis'] }
  | { code: 'per_action'; cap: Span; basis: Envelope['basis'] }
  | { code: 'per_trainee'; cap: Span; basis: Envelope['basis'] }
  | { code: 'yearly_reached'; source: RuleSource }
  | { code: 'yearly_left'; left: Span; basis: Envelope['basis']; source: RuleSource }
  | { code: 'min_hours'; minHours: number };

/** A rule the request breaks (to change before it is filed), with its source. */
export type FundingFlag =
  | {
      code: 'over_hourly';
      /** cost per hour in cents (null: no hours) */
      costPerHour: number | null;
      perHour: Span;
      basis: Envelope['basis'];
      source: RuleSource;
    }
  | { code: 'over_yearly'; left: Span; basis: Envelope['basis']; source: RuleSource }
  | { code: 'under_min_hours'; minHours: number; hours: number; source: RuleSource };

export type RequestEstimate =
  | {
      kind: 'estimate';
      id: string;
      year: number;
      cost: number;
      share: Span;
      rest: Span;
      limits: FundingLimit[];
      flags: FundingFlag[];
    }
  | {
      kind: 'override';
      id: string;
      year: number;
      cost: number;
      /** the user's rate */
      rate: number;
      share: Span;
      rest: Span;
      flags: FundingFlag[];
    }
  | { kind: 'not_counted'; id: string; year: number; cost: number }
  | { kind: 'not_estimable'; id: string; year: number; cost: number; reason: NotEstimableReason };

export type YearFunding = {
  year: number;
  rules: FundingRules;
  /** the year's cap (all funds, or the confirmed amount); null: not published for every fund */
  cap: Span | null;
  /** what the plan's requests use of it; null when no estimate can be made */
  used: Span | null;
  left: Span | null;
  /** the year's counted requests (not cancelled) */
  count: number;
  cost: number;
  /** estimated and overridden shares; null when a request of the year is not estimable */
  share: Span | null;
  rest: Span | null;
  /** requests of the year in the plan's order */
  requests: RequestEstimate[];
};

const span = (min: number, max = min): Span => ({ min, max });

/**
 * An ISO-8601 UTC instant ('2026-03-02T09:00:00.000Z'): its Paris day (UTC+1 or UTC+2) is its UTC
 * date for UTC hours 0–21; other values go through the time zone database (slower: a plan of
 * thousands of requests reads this once per request).
 */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[01]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?Z$/;
const parisDay = (instant: string): string =>
  ISO_UTC.test(instant) ? instant.slice(0, 10) : toParisDateKey(instant);

/** The Paris calendar day a request counts on: its own date, else its creation. */
export function requestDay(r: Pick<FundingRequest, 'date' | 'createdAt'>): string {
  return (r.date && /^\d{4}-\d{2}-\d{2}$/.test(r.date) ? r.date : parisDay(r.createdAt)) || '';
}

/** The calendar year of a day ('' : 0). */
const yearOf = (day: string): number => (day === '' ? 0 : Number(day.slice(0, 4)));

/** The calendar year a request belongs to (0 when it has no readable date). */
export function requestYear(r: Pick<FundingRequest, 'date' | 'createdAt'>): number {
  return yearOf(requestDay(r));
}

type Keyed<R> = { r: R; day: string };

const byPlanOrder = <R extends FundingRequest>(a: Keyed<R>, b: Keyed<R>) =>
  (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
  (a.r.createdAt < b.r.createdAt ? -1 : a.r.createdAt > b.r.createdAt ? 1 : 0) ||
  (a.r.id < b.r.id ? -1 : a.r.id > b.r.id ? 1 : 0);

/** The plan's order: the training's day, then creation, then id (deterministic). */
export function planOrder<R extends FundingRequest>(requests: readonly R[]): R[] {
  return requests
    .map((r) => ({ r, day: requestDay(r) }))
    .sort(byPlanOrder)
    .map((k) => k.r);
}

// ---- a year -----------------------------------------------------------------------------------------

const spanOfAll = (values: readonly number[]): Span => ({
  min: Math.min(...values),
  max: Math.max(...values),
});

function limitsOf(
  runs: readonly PointResult[],
  envelopes: readonly Envelope[],
  rules: Extract<FundingRules, { ok: true }>,
  hours: number,
): FundingLimit[] {
  const out: FundingLimit[] = [];
  const seen = new Set<string>();
  const add = (key: string, make: () => FundingLimit) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(make());
  };
  for (const run of runs)
    for (const { fund, hit } of run.hits) {
      const e = envelopes[fund]!;
      if (hit === 'rate' && e.rate) add(`rate${fund}`, () => ({ code: 'rate', rate: e.rate! }));
      if (hit === 'hourly' && e.hourly)
        add(`hourly${fund}`, () => ({ code: 'hourly', perHour: e.hourly!, hours, basis: e.basis }));
      if (hit === 'per_action' && e.perAction)
        add(`action${fund}`, () => ({ code: 'per_action', cap: e.perAction!, basis: e.basis }));
      if (hit === 'per_trainee' && e.perTrainee)
        add(`trainee${fund}`, () => ({ code: 'per_trainee', cap: e.perTrainee!, basis: e.basis }));
      if (hit === 'min_hours' && e.minHours !== null)
        add(`min${fund}`, () => ({ code: 'min_hours', minHours: e.minHours! }));
      const confirmedHit = hit === 'confirmed_reached' || hit === 'confirmed_left';
      const source = confirmedHit && rules.confirmed ? rules.confirmed.source : e.source;
      if (hit === 'yearly_reached' || hit === 'confirmed_reached')
        add('reached', () => ({ code: 'yearly_reached', source }));
    }
  // What was left of the cap, as a span over the readings that met it (one limit line).
  const lefts = runs.flatMap((r) =>
    r.hits.filter((h) => h.hit === 'yearly_left' || h.hit === 'confirmed_left'),
  );
  if (lefts.length > 0 && !seen.has('reached')) {
    const first = lefts[0]!;
    const e = envelopes[first.fund]!;
    const confirmedHit = first.hit === 'confirmed_left' && rules.confirmed;
    out.push({
      code: 'yearly_left',
      left: spanOfAll(lefts.map((h) => h.left)),
      basis: confirmedHit ? rules.confirmed!.basis : e.basis,
      source: confirmedHit ? rules.confirmed!.source : e.source,
    });
  }
  return out;
}

function flagsOf(
  runs: readonly PointResult[],
  envelopes: readonly Envelope[],
  rules: Extract<FundingRules, { ok: true }>,
  cost: number,
  hours: number,
): FundingFlag[] {
  const flags: FundingFlag[] = [];
  const hourly = new Set(runs.flatMap((r) => r.overHourly));
  for (const k of hourly) {
    const e = envelopes[k]!;
    if (e.hourly)
      flags.push({
        code: 'over_hourly',
        costPerHour: hours > 0 ? Math.round(cost / hours) : null,
        perHour: e.hourly,
        basis: e.basis,
        source: e.source,
      });
  }
  const over = runs.flatMap((r) => r.overYearly);
  if (over.length > 0) {
    const first = over[0]!;
    const e = envelopes[first.fund]!;
    flags.push({
      code: 'over_yearly',
      left: spanOfAll(over.map((o) => o.left)),
      basis: first.confirmed && rules.confirmed ? rules.confirmed.basis : e.basis,
      source: first.confirmed && rules.confirmed ? rules.confirmed.source : e.source,
    });
  }
  const under = new Set(runs.flatMap((r) => r.underMin));
  for (const k of under) {
    const e = envelopes[k]!;
    flags.push({ code: 'under_min_hours', minHours: e.minHours!, hours, source: e.source });
  }
  return flags;
}

function notEstimableYear(
  year: number,
  rules: Extract<FundingRules, { ok: false }>,
  ordered: readonly FundingRequest[],
): YearFunding {
  let cost = 0;
  let count = 0;
  let onlyOverrides = true;
  let share = 0;
  const requests = ordered.map((r): RequestEstimate => {
    const c = costCents(r);
    if (r.cancelled) return { kind: 'not_counted', id: r.id, year, cost: c };
    cost += c;
    count += 1;
    const rate = userRate(r);
    if (rate === null) {
      onlyOverrides = false;
      return { kind: 'not_estimable', id: r.id, year, cost: c, reason: rules.reason };
    }
    const s = Math.floor((c * rate) / 100);
    share += s;
    return {
      kind: 'override',
      id: r.id,
      year,
      cost: c,
      rate,
      share: span(s),
      rest: span(c - s),
      flags: [],
    };
  });
  const known = onlyOverrides;
  return {
    year,
    rules,
    cap: null,
    used: null,
    left: null,
    count,
    cost,
    share: known ? span(share) : null,
    rest: known ? span(cost - share) : null,
    requests,
  };
}

/**
 * The estimate of one calendar year of a company's plan: `requests` are that year's (any order;
 * the plan's order is applied). `costBasis`: the basis of the plan's costs.
 */
export function estimateYear(
  company: FundingCompany,
  year: number,
  requests: readonly FundingRequest[],
  costBasis: CostBasis = 'HT',
): YearFunding {
  return estimateOrdered(company, year, planOrder(requests), costBasis);
}

/** A year of requests already in the plan's order. */
function estimateOrdered(
  company: FundingCompany,
  year: number,
  ordered: readonly FundingRequest[],
  costBasis: CostBasis,
): YearFunding {
  const rules = fundingRules(company, year, costBasis);
  if (!rules.ok) return notEstimableYear(year, rules, ordered);
  const envelopes = rules.envelopes;
  const scenarios = scenariosOf(envelopes, rules.confirmed?.cents ?? null);
  const states: RunState[] = scenarios.map(() => ({
    usedByFund: envelopes.map(() => 0),
    usedTotal: 0,
  }));
  let cost = 0;
  let count = 0;
  const shareTotals = scenarios.map(() => 0);
  const out = ordered.map((r): RequestEstimate => {
    const c = costCents(r);
    if (r.cancelled) return { kind: 'not_counted', id: r.id, year, cost: c };
    cost += c;
    count += 1;
    const hours = hoursOf(r);
    const runs = scenarios.map((sc, i) => runRequest(r, envelopes, sc, states[i]!));
    runs.forEach((run, i) => (shareTotals[i]! += run.share));
    const share = spanOfAll(runs.map((run) => run.share));
    const rest = { min: c - share.max, max: c - share.min };
    const flags = flagsOf(runs, envelopes, rules, c, hours);
    const rate = userRate(r);
    if (rate !== null)
      return { kind: 'override', id: r.id, year, cost: c, rate, share, rest, flags };
    return {
      kind: 'estimate',
      id: r.id,
      year,
      cost: c,
      share,
      rest,
      limits: limitsOf(runs, envelopes, rules, hours),
      flags,
    };
  });
  const caps = scenarios.map(scenarioCap);
  const known = caps.every((c) => c !== null);
  const used = spanOfAll(states.map((s) => s.usedTotal));
  const share = spanOfAll(shareTotals);
  return {
    year,
    rules,
    cap: known ? spanOfAll(caps as number[]) : null,
    used,
    left: known ? spanOfAll(caps.map((c, i) => Math.max(0, c! - states[i]!.usedTotal))) : null,
    count,
    cost,
    share,
    rest: { min: Math.max(0, cost - share.max), max: Math.max(0, cost - share.min) },
    requests: out,
  };
}

/** Every year of a company's plan, oldest first (each request's day read once). */
export function estimatePlanFunding(
  company: FundingCompany,
  requests: readonly FundingRequest[],
  costBasis: CostBasis = 'HT',
): YearFunding[] {
  const keyed = requests.map((r) => ({ r, day: requestDay(r) })).sort(byPlanOrder);
  const byYear = new Map<number, FundingRequest[]>();
  for (const { r, day } of keyed) {
    const y = yearOf(day);
    const list = byYear.get(y);
    if (list) list.push(r);
    else byYear.set(y, [r]);
  }
  return [...byYear.keys()]
    .sort((a, b) => a - b)
    .map((y) => estimateOrdered(company, y, byYear.get(y)!, costBasis));
}

/**
 * The estimate of a request not in the plan yet (a form being filled, a recommendation): added
 * after the plan's requests of its year, so it only gets what they leave.
 */
export function estimateCandidate(
  company: FundingCompany,
  plan: readonly FundingRequest[],
  candidate: FundingRequest,
  costBasis: CostBasis = 'HT',
): RequestEstimate {
  const year = requestYear(candidate);
  const sameYear = plan.filter((r) => r.id !== candidate.id && requestYear(r) === year);
  // Last in the plan's order: after every request of its year.
  const last = { ...candidate, date: '9999-12-31', createdAt: '\uffff' };
  const funding = estimateYear(company, year, [...sameYear, last], costBasis);
  const found = funding.requests.find((r) => r.id === candidate.id)!;
  return { ...found, year };
}
