// The funding rules a plan's estimate applies (issue 30), read from the company's budget figure
// (./budget-figure.ts) and an amount its OPCO confirmed: each fund's caps in cents, as spans
// ({min, max}: min < max where the sources disagree), their basis and sources; or why no estimate
// can be made. Nothing is invented here: a cap the sources do not state stays null, and a figure
// that cannot be compared with the plan's costs (another basis) gives no estimate at all. Pure.
import type {
  AmountBasis,
  BudgetFigure,
  CapRange,
  FigureReliability,
  FundingTerms,
  FundKind,
} from './budget-figure';

/** An amount in cents; min === max for one figure. */
export type Span = { min: number; max: number };

/** The basis of the plan's costs: what the user types and the app's prices (€ HT). */
export type CostBasis = 'HT' | 'TTC';

/** An amount the company's OPCO confirmed for a calendar year (the year of its date). */
export type ConfirmedFunding = {
  amountCents: number;
  basis: AmountBasis;
  /** yyyy-mm-dd */
  confirmedOn: string;
};

/** Why the company's criteria are not on this device (the screen says which). */
export type MissingCriteria =
  'loading' | 'lookup_failed' | 'no_idcc' | 'auto_entrepreneur' | 'no_figure' | 'no_company';

export type FundingCompany = {
  criteria: { kind: 'figure'; figure: BudgetFigure } | { kind: 'missing'; why: MissingCriteria };
  /** what the OPCO confirmed: one amount, or every amount recorded (the latest of a year applies) */
  confirmed: ConfirmedFunding | readonly ConfirmedFunding[] | null;
};

/** Where a rule comes from: a published source, or the amount the OPCO confirmed. */
export type RuleSource =
  | {
      kind: 'criteria';
      opco: string;
      url: string;
      reliability: FigureReliability;
      /** 'S1' / 'S2' for the two compilations */
      label: string | null;
      year: number | null;
      /** the page's date, else the reading date (ISO day) */
      date: string | null;
    }
  | { kind: 'confirmed'; confirmedOn: string };

/** One reading of a fund's caps (cents; `rate` in percent): null when not stated. */
export type PointCaps = {
  yearly: number | null;
  hourly: number | null;
  perAction: number | null;
  perTrainee: number | null;
  rate: number | null;
};

/** One fund's rules in cents (per hour for `hourly`), each null when no source states it. */
export type Envelope = {
  fund: FundKind;
  yearly: Span | null;
  hourly: Span | null;
  perAction: Span | null;
  perTrainee: Span | null;
  /** percent */
  rate: Span | null;
  minHours: number | null;
  /** the basis of the amounts above ('unknown': not stated by the source, said on screen) */
  basis: AmountBasis;
  source: RuleSource;
  /**
   * The readings the estimate is run with: one when the sources agree; one per source when they
   * disagree (each source's own figures: a range is between the sources, never a mix of them).
   */
  variants: PointCaps[];
};

export type NotEstimableReason =
  MissingCriteria | 'unavailable' | 'from_50' | 'no_amount' | 'basis_mismatch';

export type FundingRules =
  | {
      ok: true;
      envelopes: Envelope[];
      /** the OPCO's confirmed amount for the year: a cap on the year's total, replacing the funds' yearly caps */
      confirmed: { cents: number; basis: AmountBasis; source: RuleSource } | null;
      figure: BudgetFigure;
    }
  | { ok: false; reason: NotEstimableReason };

const cents = (euros: number): number => Math.round(euros * 100);
const spanOf = (range: CapRange | null): Span | null =>
  range === null ? null : { min: cents(range.min), max: cents(Math.max(range.min, range.max)) };
const rateOf = (range: CapRange | null): Span | null =>
  range === null
    ? null
    : {
        min: Math.min(100, Math.max(0, range.min)),
        max: Math.min(100, Math.max(0, range.min, range.max)),
      };

/** The source a rule cites: the first (best) source of the terms. */
export function termsSource(terms: FundingTerms): RuleSource {
  const s = terms.sources[0];
  return {
    kind: 'criteria',
    opco: s?.opco ?? '',
    url: s?.url ?? '',
    reliability: terms.reliability,
    label: s?.label ?? null,
    year: terms.year,
    date: s?.publishedOn ?? s?.retrievedOn ?? null,
  };
}

/** A basis the plan's costs can be compared with: the same, or not stated (said on screen). */
const comparable = (basis: AmountBasis | null, costBasis: CostBasis): boolean =>
  basis === null || basis === 'unknown' || basis === costBasis;

const point = (euros: number | null): number | null => (euros === null ? null : cents(euros));
const percent = (value: number | null): number | null =>
  value === null ? null : Math.min(100, Math.max(0, value));

/** Both ends of a span when they differ (a cap stated as a range by one reading). */
const ends = (span: Span | null): (number | null)[] =>
  span === null ? [null] : span.min === span.max ? [span.min] : [span.min, span.max];

/** The readings of one fund: each disputing source's figures, else the terms' own (both ends). */
function variantsOf(terms: FundingTerms, e: Envelope): PointCaps[] {
  const perTrainee = ends(e.perTrainee);
  const disputed = terms.status === 'disputed' && terms.sources.length > 1;
  const base: PointCaps[] = disputed
    ? terms.sources.map((s) => ({
        yearly: point(s.figures.yearlyCapEur),
        hourly: point(s.figures.hourlyCapEur),
        perAction: point(s.figures.perActionCapEur),
        perTrainee: null,
        rate: percent(s.figures.coverageRatePct),
      }))
    : [
        {
          yearly: e.yearly?.min ?? null,
          hourly: e.hourly?.min ?? null,
          perAction: e.perAction?.min ?? null,
          perTrainee: null,
          rate: e.rate?.min ?? null,
        },
        {
          yearly: e.yearly?.max ?? null,
          hourly: e.hourly?.max ?? null,
          perAction: e.perAction?.max ?? null,
          perTrainee: null,
          rate: e.rate?.max ?? null,
        },
      ];
  const out: PointCaps[] = [];
  const seen = new Set<string>();
  for (const b of base)
    for (const t of perTrainee) {
      const v = { ...b, perTrainee: t };
      const key = JSON.stringify(v);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(v);
      }
    }
  return out;
}

function envelopeOf(terms: FundingTerms): Envelope {
  const e: Envelope = {
    fund: terms.fund,
    yearly: spanOf(terms.yearlyCap),
    hourly: spanOf(terms.hourlyCap),
    perAction: spanOf(terms.perActionCap),
    perTrainee: spanOf(terms.perTraineePerFileCap),
    rate: rateOf(terms.coverageRatePct),
    minHours: terms.minHours,
    basis: terms.basis,
    source: termsSource(terms),
    variants: [],
  };
  e.variants = variantsOf(terms, e);
  return e;
}

const statesAmount = (e: Envelope): boolean =>
  e.yearly !== null ||
  e.hourly !== null ||
  e.perAction !== null ||
  e.perTrainee !== null ||
  e.rate !== null;

/** The calendar year of a yyyy-mm-dd date (null when not one). */
const yearOfDay = (day: string): number | null =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? Number(day.slice(0, 4)) : null;

/** The amount confirmed for a year: the latest dated in it (null when none). */
export function confirmedFor(
  confirmed: FundingCompany['confirmed'],
  year: number,
): ConfirmedFunding | null {
  const list: readonly ConfirmedFunding[] =
    confirmed === null
      ? []
      : Array.isArray(confirmed)
        ? confirmed
        : [confirmed as ConfirmedFunding];
  let best: ConfirmedFunding | null = null;
  for (const c of list)
    if (yearOfDay(c.confirmedOn) === year && (best === null || c.confirmedOn > best.confirmedOn))
      best = c;
  return best;
}

/**
 * The rules for one calendar year of the company's plan, or why none can be applied. The legal
 * fund comes first, then the branch's conventional fund (the order of the figure's parts). An
 * amount the OPCO confirmed applies to the year of its date: it caps the year's total and
 * replaces the published yearly caps (the other caps still apply).
 */
export function fundingRules(
  company: FundingCompany,
  year: number,
  costBasis: CostBasis,
): FundingRules {
  if (company.criteria.kind === 'missing') return { ok: false, reason: company.criteria.why };
  const figure = company.criteria.figure;
  if (figure.kind === 'unavailable') return { ok: false, reason: 'unavailable' };
  if (figure.parts.length === 0)
    return { ok: false, reason: figure.kind === 'from_50' ? 'from_50' : 'unavailable' };
  const confirmedNow = confirmedFor(company.confirmed, year);
  let envelopes = figure.parts.map(envelopeOf);
  if (confirmedNow)
    envelopes = envelopes.map((e) => ({
      ...e,
      yearly: null,
      variants: e.variants.map((v) => ({ ...v, yearly: null })),
    }));
  if (!confirmedNow && !envelopes.some(statesAmount)) return { ok: false, reason: 'no_amount' };
  const stated = envelopes.filter(statesAmount);
  // A confirmed amount alone (no other cap published): one fund, the whole cost within it.
  const used = stated.length > 0 ? stated : envelopes.slice(0, 1);
  if (used.some((e) => !comparable(e.basis, costBasis)))
    return { ok: false, reason: 'basis_mismatch' };
  if (confirmedNow && !comparable(confirmedNow.basis, costBasis))
    return { ok: false, reason: 'basis_mismatch' };
  return {
    ok: true,
    envelopes: used,
    confirmed: confirmedNow
      ? {
          cents: Math.max(0, Math.round(confirmedNow.amountCents)),
          basis: confirmedNow.basis,
          source: { kind: 'confirmed', confirmedOn: confirmedNow.confirmedOn },
        }
      : null,
    figure,
  };
}
