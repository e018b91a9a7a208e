// Training plan CSV export (02 §5, §9): projet-formation-{date}.csv, 14 French columns.
//
// Formula injection (issue 14 item 9), OWASP's rule completely:
// - a cell whose first visible character is = + - @ (or their full-width forms), after any
//   leading whitespace (space, tab, CR, LF, no-break and ideographic spaces, zero-width and other
//   invisible characters), or that starts with a tab, CR, LF or NUL, gets a leading single quote
//   (') so that spreadsheet software shows it as text;
// - a file read with another locale's separator splits cells where ours does not: inside a cell,
//   a separator of any common locale (, ; tab) or a line break followed by such a formula start
//   gets the same quote after it (« Excel avancé,=2*21 » → « Excel avancé,'=2*21 »);
// - a lenient reader also drops the double quotes it finds at the start of such a piece, so a
//   double quote, alone or after a separator, followed by a formula start gets the same quote
//   after it (issue 28 item 10: « a,"=1+1 » → « a,'"'=1+1 »; checked in LibreOffice Calc by
//   tests/server/security/csv-libreoffice.test.ts);
// - every cell holding a separator of any common locale (, ; tab), a double quote, a line break
//   or leading/trailing whitespace is quoted, double quotes doubled (02 §5: "CSV export escapes
//   double quotes").
// The visible text keeps those quotes; nothing else changes (a CSV reader gets every other cell
// back exactly; tests/domain/csv-injection.test.ts checks it over generated text).
// - Delimiter ';' (ours): the list separator of French spreadsheet software, so that the file opens
//   in columns; records end with CRLF.
// - A UTF-8 byte order mark is prepended so that spreadsheet software reads accents correctly.
// Serialised here rather than with papaparse's unparse: the rules above are ours, and the
// export must stay within 1.2x a raw unparse (npm run bench:csv).
import { formatLongDate, toParisDateKey } from './dates';
import { businessImpactLabel, departmentLabel, trainingStatusLabel } from './labels';
import { formatLabel, isPlaceholderEmployee } from './training';

export const CSV_DELIMITER = ';';
export const CSV_NEWLINE = '\r\n';
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

/** Characters that start a formula: = + - @, their full-width and small forms. */
const FORMULA_CHARS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE62\\uFE63\\uFE66';
/** What a spreadsheet may skip before them: whitespace, control and invisible format characters. */
const SKIPPED = '\\s\\u0000-\\u001F\\u007F-\\u009F\\p{Cf}';
const RISKY_START = new RegExp(`^[${SKIPPED}]*[${FORMULA_CHARS}]|^[\\t\\r\\n\\u0000]`, 'u');
/**
 * Separators of common locales, line breaks and double quotes: where another reading of the file
 * starts a cell (a lenient reader drops the quotes it finds there).
 */
const CELL_BREAK = /[,;\t\r\n"]/;
const RISKY_AFTER_BREAK = new RegExp(`([,;\\t\\r\\n"])(?=[${SKIPPED}"]*[${FORMULA_CHARS}])`, 'gu');

/** True for a character that can never start a formula (ASCII letters and digits): no regex. */
function plainStart(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * Neutralises formula injection: a single quote before the text when its first visible character
 * starts a formula (or it starts with a tab, CR, LF or NUL), and after every in-cell separator,
 * line break or double quote followed by one.
 */
export function neutralizeFormula(text: string): string {
  let out = CELL_BREAK.test(text) ? text.replace(RISKY_AFTER_BREAK, "$1'") : text;
  if (out.length > 0 && !plainStart(out.charCodeAt(0)) && RISKY_START.test(out)) out = `'${out}`;
  return out;
}

/** Cells quoted: a separator of any common locale, a double quote, a line break, edge spaces. */
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/** One cell as written in the file. */
export function csvCell(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record (cells already neutralised), without its line break. */
export function csvRecordLine(cells: readonly string[]): string {
  let line = csvCell(cells[0] ?? '');
  for (let i = 1; i < cells.length; i++) line += CSV_DELIMITER + csvCell(cells[i]!);
  return line;
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
    // The placeholder employee's department was never chosen (issue 29): not filled.
    textCell(
      employee && !isPlaceholderEmployee(employee) ? departmentLabel(employee.department) : '',
    ),
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
  let content = CSV_BOM + csvRecordLine(TRAINING_PLAN_CSV_HEADERS);
  for (const row of rows) content += CSV_NEWLINE + csvRecordLine(trainingPlanCsvRecord(row));
  return { fileName: trainingPlanCsvFileName(now), content };
}
