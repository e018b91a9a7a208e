// The plan's OPCO funding estimate (issue 30), by example: the Atlas case, each cap, the
// disputes and unknown criteria (never a figure), an amount the OPCO confirmed, the user's own rate.
import { describe, expect, it } from 'vitest';
import {
  estimateCandidate,
  estimatePlanFunding,
  estimateYear,
  planOrder,
  requestYear,
  type FundingRequest,
  type RequestEstimate,
} from '@/domain/plan-funding';
import type { FundingCompany } from '@/domain/plan-funding-terms';
import {
  ATLAS_1486_11_49,
  disputedTerms,
  figure,
  FROM_50_NO_FIGURE,
  terms,
  UNAVAILABLE,
} from '../fixtures/budget-figures';

const company = (f = ATLAS_1486_11_49, confirmed: FundingCompany['confirmed'] = null) =>
  ({ criteria: { kind: 'figure', figure: f }, confirmed }) satisfies FundingCompany;

let n = 0;
const req = (costEur: number, hours = 35, over: Partial<FundingRequest> = {}): FundingRequest => {
  n += 1;
  return {
    id: `r${String(n).padStart(3, '0')}`,
    costEur,
    hours,
    createdAt: `2026-03-${String(n % 28 || 1).padStart(2, '0')}T09:00:00.000Z`,
    ...over,
  };
};

function estimateOf(e: RequestEstimate) {
  if (e.kind !== 'estimate') throw new Error(`expected an estimate, got ${e.kind}`);
  return e;
}

describe('the issue: IDCC 1486, 11–49 employees, Atlas 2026 (3 000 € HT a year)', () => {
  it('three requests of 1 500 €: 3 000 € used, 0 € left, the third at « plafond annuel atteint », 1 500 € to pay', () => {
    n = 0;
    const plan = [req(1500), req(1500), req(1500)];
    const year = estimateYear(company(), 2026, plan);
    expect(year.cap).toEqual({ min: 300_000, max: 300_000 });
    expect(year.used).toEqual({ min: 300_000, max: 300_000 });
    expect(year.left).toEqual({ min: 0, max: 0 });
    expect(year.rest).toEqual({ min: 150_000, max: 150_000 });
    const [a, b, c] = year.requests.map(estimateOf);
    expect(a!.share).toEqual({ min: 150_000, max: 150_000 });
    expect(b!.share).toEqual({ min: 150_000, max: 150_000 });
    expect(a!.flags).toEqual([]);
    expect(c!.share).toEqual({ min: 0, max: 0 });
    expect(c!.rest).toEqual({ min: 150_000, max: 150_000 });
    expect(c!.limits.map((l) => l.code)).toEqual(['yearly_reached']);
    expect(c!.flags).toMatchObject([{ code: 'over_yearly', left: { min: 0, max: 0 } }]);
    expect(c!.flags[0]).toMatchObject({
      source: { kind: 'criteria', opco: 'ATLAS', reliability: 'compilation', label: 'S1' },
    });
  });

  it('what is left of the cap limits the request that reaches it', () => {
    n = 0;
    const year = estimateYear(company(), 2026, [req(2000), req(1500)]);
    const second = estimateOf(year.requests[1]!);
    expect(second.share).toEqual({ min: 100_000, max: 100_000 });
    expect(second.limits).toMatchObject([{ code: 'yearly_left', left: { min: 100_000 } }]);
    expect(second.flags).toMatchObject([{ code: 'over_yearly', left: { min: 100_000 } }]);
  });
});

describe('the caps of a request', () => {
  it('hourly cap × hours: 30 € HT/h × 35 h = 1 050 €, flagged over the hourly cap', () => {
    const f = figure([terms({ yearly: 10_000, hourly: 30 })]);
    const year = estimateYear(company(f), 2026, [req(4200, 35)]);
    const e = estimateOf(year.requests[0]!);
    expect(e.share).toEqual({ min: 105_000, max: 105_000 });
    expect(e.rest).toEqual({ min: 315_000, max: 315_000 });
    expect(e.limits).toEqual([
      { code: 'hourly', perHour: { min: 3000, max: 3000 }, hours: 35, basis: 'HT' },
    ]);
    expect(e.flags).toMatchObject([{ code: 'over_hourly', costPerHour: 12_000 }]);
  });

  it('a request within the hourly cap is paid whole and not flagged', () => {
    const f = figure([terms({ yearly: 10_000, hourly: 50 })]);
    const e = estimateOf(estimateYear(company(f), 2026, [req(1400, 35)]).requests[0]!);
    expect(e.share.min).toBe(140_000);
    expect(e.limits).toEqual([]);
    expect(e.flags).toEqual([]);
  });

  it('per-action and per-trainee caps, and a coverage rate', () => {
    const perAction = figure([terms({ perAction: 1200 })]);
    expect(
      estimateOf(estimateYear(company(perAction), 2026, [req(2000)]).requests[0]!).limits,
    ).toMatchObject([{ code: 'per_action', cap: { min: 120_000 } }]);
    const perTrainee = figure([terms({ perTrainee: 800 })]);
    expect(
      estimateOf(estimateYear(company(perTrainee), 2026, [req(2000)]).requests[0]!).share,
    ).toEqual({ min: 80_000, max: 80_000 });
    const rate = figure([terms({ yearly: 5000, rate: 50 })]);
    const e = estimateOf(estimateYear(company(rate), 2026, [req(1555)]).requests[0]!);
    expect(e.share).toEqual({ min: 77_750, max: 77_750 });
    expect(e.limits).toEqual([{ code: 'rate', rate: { min: 50, max: 50 } }]);
  });

  it('shorter than the minimum hours: nothing, flagged with the rule and its source', () => {
    const f = figure([terms({ yearly: 3000, minHours: 4 })]);
    const year = estimateYear(company(f), 2026, [req(500, 3), req(500, 7)]);
    const short = estimateOf(year.requests[0]!);
    expect(short.share).toEqual({ min: 0, max: 0 });
    expect(short.limits).toEqual([{ code: 'min_hours', minHours: 4 }]);
    expect(short.flags).toMatchObject([{ code: 'under_min_hours', minHours: 4, hours: 3 }]);
    expect(estimateOf(year.requests[1]!).share.min).toBe(50_000);
    expect(year.used).toEqual({ min: 50_000, max: 50_000 });
  });

  it('no yearly cap published: the requests are estimated, the year has no cap to show', () => {
    const f = figure([terms({ hourly: 25 })]);
    const year = estimateYear(company(f), 2026, [req(1000, 20)]);
    expect(estimateOf(year.requests[0]!).share.min).toBe(50_000);
    expect(year.cap).toBeNull();
    expect(year.left).toBeNull();
    expect(year.used).toEqual({ min: 50_000, max: 50_000 });
  });

  it('two funds: the legal plan first, then the branch fund for the rest of the cost', () => {
    const f = figure([
      terms({ yearly: 1000 }, { fund: 'legal' }),
      terms({ yearly: 2000, hourly: 40 }, { fund: 'conventional' }),
    ]);
    const year = estimateYear(company(f), 2026, [req(2500, 35), req(1000, 35)]);
    const [a, b] = year.requests.map(estimateOf);
    // 1 000 from the legal fund, then min(1 500, 40 × 35 = 1 400) from the branch's.
    expect(a!.share.min).toBe(240_000);
    expect(a!.limits.map((l) => l.code)).toEqual(['hourly', 'yearly_left']);
    // The legal fund is used up; the branch has 600 left.
    expect(b!.share.min).toBe(60_000);
    expect(year.cap).toEqual({ min: 300_000, max: 300_000 });
    expect(year.used).toEqual({ min: 300_000, max: 300_000 });
  });
});

describe('criteria that are a range or unknown: never an invented figure', () => {
  it('two sources disagree (3 000 or 5 000 € HT): every amount a range between them', () => {
    n = 0;
    const f = figure([disputedTerms({ yearly: 3000 }, { yearly: 5000 })]);
    const year = estimateYear(company(f), 2026, [req(1500), req(1500), req(1500)]);
    expect(year.cap).toEqual({ min: 300_000, max: 500_000 });
    expect(year.used).toEqual({ min: 300_000, max: 450_000 });
    expect(year.left).toEqual({ min: 0, max: 50_000 });
    const third = estimateOf(year.requests[2]!);
    expect(third.share).toEqual({ min: 0, max: 150_000 });
    expect(third.rest).toEqual({ min: 0, max: 150_000 });
    expect(year.rest).toEqual({ min: 0, max: 150_000 });
  });

  it('each source is one reading: a range never mixes one source’s yearly cap with another’s hourly cap', () => {
    // A: 3 000 a year, no hourly cap. B: 5 000 a year, 20 €/h.
    const f = figure([disputedTerms({ yearly: 3000 }, { yearly: 5000, hourly: 20 })]);
    const e = estimateOf(estimateYear(company(f), 2026, [req(3000, 35)]).requests[0]!);
    // A pays 3 000; B pays 20 × 35 = 700. Mixing (3 000 a year, 20 €/h) is not a reading.
    expect(e.share).toEqual({ min: 70_000, max: 300_000 });
  });

  it.each([
    ['unavailable', company(UNAVAILABLE)],
    ['from_50', company(FROM_50_NO_FIGURE)],
    ['no_figure', { criteria: { kind: 'missing', why: 'no_figure' }, confirmed: null }],
    ['lookup_failed', { criteria: { kind: 'missing', why: 'lookup_failed' }, confirmed: null }],
    ['no_amount', company(figure([terms({})]))],
    ['basis_mismatch', company(figure([terms({ yearly: 3000 }, { basis: 'TTC' })]))],
  ] as const)('%s: « non estimable », no share, no total', (reason, c) => {
    const year = estimateYear(c as FundingCompany, 2026, [req(1500), req(800)]);
    expect(year.requests.every((r) => r.kind === 'not_estimable' && r.reason === reason)).toBe(
      true,
    );
    expect(year.cap).toBeNull();
    expect(year.used).toBeNull();
    expect(year.share).toBeNull();
    expect(year.rest).toBeNull();
  });

  it('amounts whose basis the source does not state are estimated (the screen says so)', () => {
    const f = figure([terms({ yearly: 3000 }, { basis: 'unknown' })]);
    expect(estimateYear(company(f), 2026, [req(1000)]).requests[0]!.kind).toBe('estimate');
  });
});

describe('the amount the OPCO confirmed', () => {
  it('replaces the published yearly cap for the year of its date, and only that year', () => {
    const confirmed = { amountCents: 480_050, basis: 'HT' as const, confirmedOn: '2026-02-10' };
    const c = company(ATLAS_1486_11_49, confirmed);
    const y2026 = estimateYear(c, 2026, [req(4000), req(1000)]);
    expect(y2026.cap).toEqual({ min: 480_050, max: 480_050 });
    expect(y2026.used).toEqual({ min: 480_050, max: 480_050 });
    expect(estimateOf(y2026.requests[1]!).limits).toMatchObject([
      { code: 'yearly_left', left: { min: 80_050 }, source: { kind: 'confirmed' } },
    ]);
    const y2027 = estimateYear(c, 2027, [req(4000)]);
    expect(y2027.cap).toEqual({ min: 300_000, max: 300_000 });
  });

  it('a confirmed amount in TTC cannot be compared with costs in HT', () => {
    const c = company(ATLAS_1486_11_49, {
      amountCents: 100_000,
      basis: 'TTC',
      confirmedOn: '2026-01-02',
    });
    expect(estimateYear(c, 2026, [req(500)]).requests[0]).toMatchObject({
      kind: 'not_estimable',
      reason: 'basis_mismatch',
    });
  });

  it('gives a figure even where no cap was published', () => {
    const c = company(UNAVAILABLE, {
      amountCents: 200_000,
      basis: 'HT',
      confirmedOn: '2026-01-02',
    });
    // An unavailable figure has no fund at all: nothing to apply the amount to but the year.
    expect(estimateYear(c, 2026, [req(500)]).requests[0]!.kind).toBe('not_estimable');
    const noAmount = company(figure([terms({})]), {
      amountCents: 200_000,
      basis: 'HT',
      confirmedOn: '2026-01-02',
    });
    const year = estimateYear(noAmount, 2026, [req(1500), req(1500)]);
    expect(year.used).toEqual({ min: 200_000, max: 200_000 });
  });
});

describe('the user’s own rate, cancelled requests, the order', () => {
  it('the user’s rate overrides the estimate, is marked as such, and counts against the cap', () => {
    n = 0;
    const year = estimateYear(company(), 2026, [
      req(2000, 35, { userCoverageRate: 80 }),
      req(1500),
    ]);
    expect(year.requests[0]).toMatchObject({
      kind: 'override',
      rate: 80,
      share: { min: 160_000, max: 160_000 },
    });
    expect(estimateOf(year.requests[1]!).share.min).toBe(140_000);
    expect(year.used!.min).toBe(300_000);
  });

  it('a user’s rate over what is left of the cap is shown as typed, and flagged', () => {
    const year = estimateYear(company(), 2026, [
      req(3000),
      req(1000, 35, { userCoverageRate: 100 }),
    ]);
    expect(year.requests[1]).toMatchObject({
      kind: 'override',
      share: { min: 100_000, max: 100_000 },
      flags: [{ code: 'over_yearly', left: { min: 0, max: 0 } }],
    });
    expect(year.used!.max).toBe(300_000);
  });

  it('with unknown criteria, a user’s rate is still shown (theirs)', () => {
    const year = estimateYear(company(UNAVAILABLE), 2026, [req(1000, 7, { userCoverageRate: 50 })]);
    expect(year.requests[0]).toMatchObject({ kind: 'override', share: { min: 50_000 } });
    expect(year.rest).toEqual({ min: 50_000, max: 50_000 });
  });

  it('a cancelled request uses nothing', () => {
    const year = estimateYear(company(), 2026, [req(3000, 35, { cancelled: true }), req(1500)]);
    expect(year.requests[0]!.kind).toBe('not_counted');
    expect(estimateOf(year.requests[1]!).share.min).toBe(150_000);
    expect(year.count).toBe(1);
  });

  it('the plan’s order: the training’s date, then creation, then id', () => {
    const a = { id: 'b', costEur: 1, hours: 1, createdAt: '2026-01-05T10:00:00.000Z' };
    const b = { id: 'a', costEur: 1, hours: 1, createdAt: '2026-01-05T10:00:00.000Z' };
    const c = {
      id: 'c',
      costEur: 1,
      hours: 1,
      createdAt: '2026-01-01T10:00:00.000Z',
      date: '2026-06-01',
    };
    const d = { id: 'd', costEur: 1, hours: 1, createdAt: '2026-01-04T10:00:00.000Z' };
    expect(planOrder([a, b, c, d]).map((r) => r.id)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('a year is the Paris calendar year: 31 December 23:30 UTC is already next year', () => {
    expect(requestYear({ createdAt: '2026-12-31T23:30:00.000Z' })).toBe(2027);
    expect(requestYear({ createdAt: '2026-12-31T22:30:00.000Z', date: '2026-05-01' })).toBe(2026);
    const years = estimatePlanFunding(company(), [
      req(100, 7, { createdAt: '2027-02-01T10:00:00.000Z' }),
      req(100, 7, { createdAt: '2026-02-01T10:00:00.000Z' }),
    ]);
    expect(years.map((y) => y.year)).toEqual([2026, 2027]);
  });
});

describe('a request not in the plan yet (the form, a recommendation)', () => {
  it('gets what the plan leaves of its year', () => {
    n = 0;
    const plan = [req(2000), req(500)];
    const candidate = req(1550, 14, { createdAt: '2026-03-01T08:00:00.000Z' });
    const e = estimateCandidate(company(), plan, candidate);
    expect(e).toMatchObject({ kind: 'estimate', share: { min: 50_000, max: 50_000 } });
  });

  it('another year’s plan does not reduce it', () => {
    const plan = [req(3000, 35, { createdAt: '2025-06-01T08:00:00.000Z' })];
    const candidate = req(1550, 14, { createdAt: '2026-03-01T08:00:00.000Z' });
    expect(estimateCandidate(company(), plan, candidate)).toMatchObject({
      share: { min: 155_000 },
    });
  });
});
