// The plan CSV's funding columns (issue 30 item 4): each request's estimated OPCO share, its
// reste à charge and the rule that limited it, after the 14 columns of 02 §9, and one summary
// record per company and year. The words are the caller's (src/i18n); this module writes amounts
// as spreadsheet numbers and lays the summary record out on the plan's columns. Pure.
import { TRAINING_PLAN_CSV_HEADERS } from './csv';
import type { Span } from './plan-funding-terms';

export const FUNDING_CSV_HEADERS = [
  'Prise en charge OPCO estimée (€ HT)',
  'Reste à charge estimé (€ HT)',
  'Limite appliquée',
] as const;

export const PLAN_FUNDING_CSV_HEADERS = [
  ...TRAINING_PLAN_CSV_HEADERS,
  ...FUNDING_CSV_HEADERS,
] as const;

/** A request's funding cells, as text (a range reads « 0 à 1500 »). */
export type FundingCsvCells = {
  share: string;
  rest: string;
  rule: string;
  /**
   * true: the stored coverage rate and reste à charge are the user's own and are written in their
   * columns; false: those columns stay empty (a default is not a figure)
   */
  userRate: boolean;
};

/** One company's year, as the summary record says it. */
export type FundingCsvSummary = {
  /** « Total 2026 · Atelier Martin » */
  label: string;
  hours: number;
  costCents: number;
  share: string;
  rest: string;
  rule: string;
};

/** Euros as a spreadsheet number in French: 1050, 1088,5 (decimal comma, no grouping). */
export function csvAmount(cents: number): string {
  const euros = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  if (rest === 0) return String(euros);
  const decimals = String(rest).padStart(2, '0').replace(/0$/, '');
  return `${euros},${decimals}`;
}

/** One amount, or « 0 à 1500 » between the sources' readings. */
export const csvSpan = (span: Span): string =>
  span.min === span.max ? csvAmount(span.min) : `${csvAmount(span.min)} à ${csvAmount(span.max)}`;

/**
 * The summary record's cells, on the plan's 17 columns: the label in « Formation », the year's
 * hours and cost, its share, reste à charge and cap in the funding columns. Not neutralised (the
 * writer does it).
 */
export function fundingSummaryCells(summary: FundingCsvSummary): string[] {
  const cells = new Array<string>(PLAN_FUNDING_CSV_HEADERS.length).fill('');
  cells[2] = summary.label;
  cells[7] = String(summary.hours);
  cells[8] = csvAmount(summary.costCents);
  cells[14] = summary.share;
  cells[15] = summary.rest;
  cells[16] = summary.rule;
  return cells;
}
