// `npm run data:reports` (issue 27 item 7): the amounts users say their OPCO confirmed, as a CSV
// the research can be corrected from. Only what describes the funding rule, never who said it: the
// IDCC, the headcount band, the OPCO, the amount, its basis and the date. No user id, no SIRET, no
// comment (free text may name a person), no creation time (it could link a row to an account's
// activity). Deleted reports (withdrawn by their author) are left out. Comma-separated, like the
// research files (opco-criteria-2026.csv), with their column vocabulary; cells quoted and formula
// starts neutralised by the shared CSV rules.
import { z } from 'zod';
import { csvCell, neutralizeFormula } from './csv';

export const OPCO_REPORT_HEADERS = [
  'idcc',
  'headcount_min',
  'headcount_max',
  'opco',
  'amount_eur',
  'amount_basis',
  'confirmed_on',
] as const;

/** The columns the export reads (and asks the database or the data API for). */
export const OPCO_REPORT_COLUMNS = [
  'idcc',
  'employee_range_min',
  'employee_range_max',
  'opco_name',
  'amount_cents',
  'amount_basis',
  'confirmed_on',
  'deleted_at',
] as const;

/** What the export reads of a stored report, validated at the boundary (extra columns dropped). */
export const opcoReportSourceSchema = z.object({
  idcc: z.string().max(4).nullable(),
  employee_range_min: z.number().int(),
  employee_range_max: z.number().int(),
  opco_name: z.string().max(100).nullable(),
  amount_cents: z.number().int().nonnegative(),
  amount_basis: z.enum(['HT', 'TTC', 'unknown']),
  /** a date, or a timestamp whose first 10 characters are the date (drivers differ) */
  confirmed_on: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  deleted_at: z.string().nullable(),
});
export type OpcoReportSource = z.infer<typeof opcoReportSourceSchema>;

/** 480050 → '4800.50' (a machine-readable decimal, as the research file's amounts). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const text = (value: unknown): string => neutralizeFormula(typeof value === 'string' ? value : '');
const integer = (value: unknown): string =>
  typeof value === 'number' && Number.isInteger(value) ? String(value) : '';

/** One report as its seven cells, in the header order. */
export function opcoReportRecord(row: OpcoReportSource): string[] {
  return [
    text(row.idcc),
    integer(row.employee_range_min),
    integer(row.employee_range_max),
    text(row.opco_name),
    Number.isInteger(row.amount_cents) ? centsToDecimal(row.amount_cents) : '',
    text(row.amount_basis),
    text(String(row.confirmed_on).slice(0, 10)),
  ];
}

/** IDCC (as a 4-digit code), band, OPCO, date, amount: the order of the research file. */
function compareReports(a: OpcoReportSource, b: OpcoReportSource): number {
  const idcc = (r: OpcoReportSource) => (r.idcc ?? '').padStart(4, '0');
  return (
    idcc(a).localeCompare(idcc(b)) ||
    a.employee_range_min - b.employee_range_min ||
    a.employee_range_max - b.employee_range_max ||
    (a.opco_name ?? '').localeCompare(b.opco_name ?? '') ||
    String(a.confirmed_on).localeCompare(String(b.confirmed_on)) ||
    a.amount_cents - b.amount_cents ||
    a.amount_basis.localeCompare(b.amount_basis)
  );
}

/**
 * The CSV text: the header line, then one line per live report, sorted by IDCC, band, OPCO, then
 * the other cells (never in the order of recording, which would follow the accounts' activity).
 */
export function buildOpcoReportCsv(rows: readonly OpcoReportSource[]): string {
  const records = rows
    .filter((r) => !r.deleted_at)
    .sort(compareReports)
    .map(opcoReportRecord);
  return [OPCO_REPORT_HEADERS, ...records]
    .map((cells) => cells.map(csvCell).join(','))
    .join('\n')
    .concat('\n');
}
