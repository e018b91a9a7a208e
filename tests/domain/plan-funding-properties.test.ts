// The plan funding estimator's properties over random plans and criteria (fast-check): the year's
// shares never exceed its cap, a share never exceeds its request's cost, adding a request never
// raises another's share and removing one never lowers another's, a range's min ≤ max, the result
// does not depend on the input's order, and unknown criteria never give a figure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  estimateCandidate,
  estimateYear,
  requestDay,
  type FundingRequest,
} from '@/domain/plan-funding';
import { toParisDateKey } from '@/domain/dates';
import type { FundingCompany } from '@/domain/plan-funding-terms';
import type { FundingTerms } from '@/domain/budget-figure';
import { disputedTerms, figure, terms, type Caps } from '../fixtures/budget-figures';

const amount = (max: number) => fc.option(fc.integer({ min: 0, max }), { nil: null });
const capsArb: fc.Arbitrary<Caps> = fc.record({
  yearly: amount(20_000),
  hourly: amount(120),
  perAction: amount(6000),
  perTrainee: amount(6000),
  rate: amount(100),
  minHours: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
});
const fundArb: fc.Arbitrary<FundingTerms> = fc.oneof(
  capsArb.map((c) => terms(c)),
  fc.tuple(capsArb, capsArb).map(([a, b]) => disputedTerms(a, { ...b, minHours: a.minHours })),
);
const companyArb: fc.Arbitrary<FundingCompany> = fc
  .record({
    parts: fc.oneof(
      fundArb.map((t) => [t]),
      fc.tuple(fundArb, fundArb).map(([a, b]) => [
        { ...a, fund: 'legal' as const },
        { ...b, fund: 'conventional' as const },
      ]),
    ),
    confirmed: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
  })
  .map(({ parts, confirmed }) => ({
    criteria: { kind: 'figure', figure: figure(parts) },
    confirmed:
      confirmed === null
        ? null
        : { amountCents: confirmed, basis: 'HT', confirmedOn: '2026-01-15' },
  }));

const requestArb = (i: number, withOverrides: boolean): fc.Arbitrary<FundingRequest> =>
  fc.record({
    id: fc.constant(`r${String(i).padStart(4, '0')}`),
    costEur: fc.integer({ min: 0, max: 9000 }),
    hours: fc.integer({ min: 0, max: 120 }),
    createdAt: fc
      .integer({ min: 0, max: 360 * 24 })
      .map((h) => new Date(Date.UTC(2026, 0, 2) + h * 3_600_000).toISOString()),
    date: fc.option(
      fc.integer({ min: 1, max: 12 }).map((m) => `2026-${String(m).padStart(2, '0')}-15`),
      { nil: null },
    ),
    cancelled: fc.boolean().map((b) => b && i % 5 === 0),
    userCoverageRate: withOverrides
      ? fc.option(fc.integer({ min: 0, max: 100 }), { nil: null, freq: 3 })
      : fc.constant(null),
  });
const planArb = (withOverrides = false) =>
  fc
    .integer({ min: 0, max: 14 })
    .chain((len) =>
      fc.tuple(...Array.from({ length: len }, (_, i) => requestArb(i, withOverrides))),
    );

const byId = (year: ReturnType<typeof estimateYear>) =>
  new Map(year.requests.map((r) => [r.id, r]));
const shareOf = (r: ReturnType<typeof estimateYear>['requests'][number] | undefined) =>
  r && (r.kind === 'estimate' || r.kind === 'override') ? r.share : null;

const RUNS = { numRuns: 300 };

describe('plan funding properties', () => {
  it('the year never uses more than its cap; estimated shares add up within it', () => {
    fc.assert(
      fc.property(companyArb, planArb(true), (company, plan) => {
        const year = estimateYear(company, 2026, plan);
        if (year.cap && year.used) {
          expect(year.used.max).toBeLessThanOrEqual(year.cap.max);
          expect(year.used.min).toBeLessThanOrEqual(year.cap.min);
        }
        // Without a user's rate and with one reading, the shares are what the year uses.
        const single = year.cap && year.cap.min === year.cap.max && year.used;
        const estimated = year.requests.filter((r) => r.kind === 'estimate');
        if (single && year.used!.min === year.used!.max && estimated.length === year.count) {
          const sum = estimated.reduce((s, r) => s + r.share.max, 0);
          expect(sum).toBeLessThanOrEqual(year.cap!.min);
        }
      }),
      RUNS,
    );
  });

  it('a share is never above its request’s cost nor below zero; min ≤ max everywhere', () => {
    fc.assert(
      fc.property(companyArb, planArb(true), (company, plan) => {
        const year = estimateYear(company, 2026, plan);
        for (const r of year.requests) {
          if (r.kind !== 'estimate' && r.kind !== 'override') continue;
          expect(r.share.min).toBeGreaterThanOrEqual(0);
          expect(r.share.min).toBeLessThanOrEqual(r.share.max);
          expect(r.share.max).toBeLessThanOrEqual(r.cost);
          expect(r.rest.min).toBeLessThanOrEqual(r.rest.max);
          expect(r.rest.min).toBeGreaterThanOrEqual(0);
        }
        for (const s of [year.cap, year.used, year.left, year.share, year.rest])
          if (s) expect(s.min).toBeLessThanOrEqual(s.max);
      }),
      RUNS,
    );
  });

  it('adding a request never raises another’s share; removing one never lowers another’s', () => {
    fc.assert(
      fc.property(companyArb, planArb(true), requestArb(9999, true), (company, plan, extra) => {
        const without = byId(estimateYear(company, 2026, plan));
        const withIt = byId(estimateYear(company, 2026, [...plan, extra]));
        for (const [id, before] of without) {
          const a = shareOf(before);
          const b = shareOf(withIt.get(id));
          if (a === null || b === null) continue;
          expect(b.min).toBeLessThanOrEqual(a.min);
          expect(b.max).toBeLessThanOrEqual(a.max);
        }
      }),
      RUNS,
    );
  });

  it('the result does not depend on the order the requests are given in', () => {
    fc.assert(
      fc.property(
        companyArb,
        planArb(true).chain((plan) =>
          fc.tuple(
            fc.constant(plan),
            fc.shuffledSubarray(plan, { minLength: plan.length, maxLength: plan.length }),
          ),
        ),
        (company, [plan, shuffled]) => {
          expect(estimateYear(company, 2026, shuffled)).toEqual(estimateYear(company, 2026, plan));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a candidate never gets more than it would with nothing else in the plan', () => {
    fc.assert(
      fc.property(companyArb, planArb(false), requestArb(9999, false), (company, plan, extra) => {
        const candidate = estimateCandidate(company, plan, extra);
        const share = shareOf(candidate);
        if (share === null) return;
        const alone = shareOf(estimateCandidate(company, [], extra));
        expect(share.max).toBeLessThanOrEqual(alone!.max);
        expect(share.min).toBeLessThanOrEqual(alone!.min);
      }),
      { numRuns: 150 },
    );
  });

  it('unknown or unpublished criteria never give a share but the user’s own', () => {
    const unknownArb = fc.constantFrom<FundingCompany>(
      { criteria: { kind: 'missing', why: 'lookup_failed' }, confirmed: null },
      { criteria: { kind: 'missing', why: 'no_figure' }, confirmed: null },
      {
        criteria: {
          kind: 'figure',
          figure: figure([], { kind: 'unavailable', reliability: null, status: null }),
        },
        confirmed: null,
      },
      {
        criteria: {
          kind: 'figure',
          figure: figure([], { kind: 'from_50', from50: true, band: { min: 50, max: 299 } }),
        },
        confirmed: null,
      },
      {
        criteria: { kind: 'figure', figure: figure([terms({ yearly: 3000 }, { basis: 'TTC' })]) },
        confirmed: null,
      },
    );
    fc.assert(
      fc.property(unknownArb, planArb(true), (company, plan) => {
        const year = estimateYear(company, 2026, plan);
        expect(year.cap).toBeNull();
        expect(year.used).toBeNull();
        for (const r of year.requests) expect(r.kind).not.toBe('estimate');
        const typedOnly = year.requests.every((r) => r.kind !== 'not_estimable');
        expect(year.rest === null).toBe(!typedOnly);
      }),
      RUNS,
    );
  });

  it('a request’s day is its Paris calendar day, whatever the hour and the season', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2090-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const iso = d.toISOString();
          expect(requestDay({ createdAt: iso })).toBe(toParisDateKey(iso));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
