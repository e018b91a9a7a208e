// A request's funding in words for the summary's table and the CSV's added columns (issue 30).
import type { RequestEstimate, YearFunding } from '@/domain/plan-funding';
import { clauses, estimateWhy, spanText } from '@/i18n/fr/plan-funding';
import { fr } from '@/i18n/fr';

const f = fr.planFunding;

/** The share, the reste à charge and the rule of one request, in the summary's words. */
export function recapCells(e: RequestEstimate): { share: string; rest: string; rule: string } {
  switch (e.kind) {
    case 'estimate':
      return {
        share: spanText(e.share),
        rest: spanText(e.rest),
        // The yearly cap's flag says what its limit already says.
        rule: clauses([
          estimateWhy(e),
          ...e.flags.filter((x) => x.code !== 'over_yearly').map(f.flag),
        ]),
      };
    case 'override':
      return {
        share: spanText(e.share),
        rest: spanText(e.rest),
        rule: clauses([`${f.card.override} (${e.rate} %)`, ...e.flags.map(f.flag)]),
      };
    case 'not_counted':
      return { share: '—', rest: '—', rule: f.card.notCounted };
    case 'not_estimable':
      return { share: f.card.notEstimable, rest: f.card.notEstimable, rule: f.reasons[e.reason] };
  }
}

/** The basis said after the year's cap: the confirmed amount's, else the funds' when they agree. */
export function capBasis(year: YearFunding): string {
  if (!year.rules.ok) return '';
  const bases = year.rules.confirmed
    ? [year.rules.confirmed.basis]
    : year.rules.envelopes.map((e) => e.basis);
  const basis = bases.every((b) => b === bases[0]) ? bases[0] : 'unknown';
  return basis === 'HT' || basis === 'TTC' ? ` ${basis}` : '';
}
