// Training plan CSV export (02 §5, §9): projet-formation-{date}.csv, 14 French columns.
//
// - Built with papaparse `unparse`: every cell holding the delimiter, a double quote or a line
//   break is quoted, and double quotes are doubled (02 §5: "CSV export escapes double quotes").
// - Formula injection: a text cell starting with = + - @, a tab or a carriage return would be
//   run as a formula by spreadsheet software. Such cells are neutralised by prefixing a single
//   quote (') — the OWASP recommendation. The visible text keeps that quote; nothing else changes
//   (a CSV reader gets every other cell back exactly).
// - Delimiter ';' (ours): the list separator of French spreadsheet software, so that the file opens
//   in columns; records end with CRLF.
// - A UTF-8 byte order mark is prepended so that spreadsheet software reads accents correctly.
import Papa from 'papaparse';
import { formatLongDate, toParisDateKey } from './dates';
import { businessImpactLabel, departmentLabel, trainingStatusLabel } from './labels';
import { formatLabel } from './training';

export const CSV_DELIMITER = ';';
export const CSV_BOM = '\ufeff';

export const TRAINING_PLAN_CSV_HEADERS = [
  'Employé',
  'Département',
  'Formation',
  'Objectifs',
  'Enjeu',
  'Format',
  'Organisme',
  'Durée (h)',
  'Coût (€)',
  'Financement',
  'Taux de prise en charge (%)',
  'Reste à charge (€)',
  'Statut',
  'Date de création',
] as const;

export type TrainingPlanCsvRow = {
  employee?: {
    first_name?: string | null;
    last_name?: string | null;
    department?: string | null;
  } | null;
  topic: string;
  pedagogical_objectives?: string | null;
  business_impact?: string | null;
  format?: string | null;
  training_organization?: string | null;
  duration?: number | null;
  cost?: number | null;
  funding_type?: string | null;
  coverage_rate?: number | null;
  remaining_cost?: number | null;
  status?: string | null;
  created_at?: string | null;
};

const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a single quote to a text starting with = + - @, tab or carriage return. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const textCell = (value: unknown): string =>
  neutralizeFormula(typeof value === 'string' ? value : '');
const numberCell = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** One CSV record (14 cells, in the header order). */
export function trainingPlanCsvRecord(row: TrainingPlanCsvRow): string[] {
  const employee = row.employee ?? null;
  const name = [employee?.first_name ?? '', employee?.last_name ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return [
    textCell(name),
    textCell(employee ? departmentLabel(employee.department) : ''),
    textCell(row.topic),
    textCell(row.pedagogical_objectives ?? ''),
    textCell(row.business_impact ? businessImpactLabel(row.business_impact) : ''),
    textCell(row.format ? formatLabel(row.format) : ''),
    textCell(row.training_organization ?? ''),
    numberCell(row.duration),
    numberCell(row.cost),
    textCell(row.funding_type ?? ''),
    numberCell(row.coverage_rate),
    numberCell(row.remaining_cost),
    textCell(row.status ? trainingStatusLabel(row.status) : ''),
    textCell(formatLongDate(row.created_at)),
  ];
}

/** `projet-formation-YYYY-MM-DD.csv`, the date being today in Europe/Paris. */
export const trainingPlanCsvFileName = (now: Date): string =>
  `projet-formation-${toParisDateKey(now)}.csv`;

/** The training plan as CSV (BOM + header + one record per row). */
export function buildTrainingPlanCsv(
  rows: readonly TrainingPlanCsvRow[],
  now: Date,
): { fileName: string; content: string } {
  const content = Papa.unparse(
    { fields: [...TRAINING_PLAN_CSV_HEADERS], data: rows.map(trainingPlanCsvRecord) },
    { delimiter: CSV_DELIMITER, newline: '\r\n', quotes: false, escapeFormulae: false },
  );
  // unparse ends a header-only file with a line break: drop it so that the file has no empty record.
  return {
    fileName: trainingPlanCsvFileName(now),
    content: `${CSV_BOM}${content.replace(/\r\n$/, '')}`,
  };
}
