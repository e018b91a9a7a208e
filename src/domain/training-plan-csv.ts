// The training plan CSV (csv.ts) built in pieces, so that a large plan is exported without freezing
// the screen and with a progress indicator: the caller yields to the UI between pieces. Joined, the
// pieces are exactly `buildTrainingPlanCsv(rows, now).content` (same cells, quoting and
// neutralisation: ';', CRLF, BOM first).
//
// Lines come from `trainingPlanCsvRecord` itself, with memoisation of what rows share, already
// escaped: the two employee cells (a plan has a few employees for thousands of rows), the label
// cells (3 impacts, 3 formats, 5 statuses) and the creation date (the Paris day is the same for
// every instant of a given UTC day up to 22:00 UTC, Paris being UTC+1 or UTC+2), and no array per
// row. Property-tested equal to csvRecordLine(trainingPlanCsvRecord(row)).
import {
  CSV_BOM,
  CSV_DELIMITER,
  CSV_NEWLINE,
  csvCell,
  csvRecordLine,
  neutralizeFormula,
  TRAINING_PLAN_CSV_HEADERS,
  trainingPlanCsvFileName,
  trainingPlanCsvRecord,
  type TrainingPlanCsvRow,
} from './csv';

import {
  fundingSummaryCells,
  PLAN_FUNDING_CSV_HEADERS,
  type FundingCsvCells,
  type FundingCsvSummary,
} from './plan-funding-csv';

export { trainingPlanCsvFileName, type TrainingPlanCsvRow };

/**
 * (issue 30) The funding columns: each row's cells (undefined: none for that row) and the summary
 * records written after the rows.
 */
export type CsvFunding<R> = {
  cells: (row: R) => FundingCsvCells | undefined;
  summaries: readonly FundingCsvSummary[];
};

export const DEFAULT_CSV_CHUNK_SIZE = 1000;

const EMPTY: TrainingPlanCsvRow = { topic: '' };
/**
 * An ISO-8601 UTC instant of 1980–2099 ('2026-11-22T09:41:07.123Z'): its Paris day (UTC+1 or
 * UTC+2, changing at 01:00 UTC) is its UTC date for UTC hours 0–21; hours 22 and 23 are keyed on
 * their own. Other values are not cached.
 */
const ISO_UTC =
  /^(?:19[89]\d|20\d\d)-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?Z$/;
const dayKey = (createdAt: unknown): string | null => {
  if (typeof createdAt !== 'string' || !ISO_UTC.test(createdAt)) return null;
  const hour = (createdAt.charCodeAt(11) - 48) * 10 + (createdAt.charCodeAt(12) - 48);
  return createdAt.slice(0, hour < 22 ? 10 : 13);
};

/**
 * A text cell as written in the file (neutralised, quoted when needed). Fast path, one scan: a
 * text starting with a letter or digit, with no separator, quote, line break or trailing space,
 * is written as is.
 */
const SPECIAL = /[",;\t\r\n]/;
const SPACE = /\s/;
function textCell(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const c = value.charCodeAt(0);
  const plain = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return plain && !SPECIAL.test(value) && !SPACE.test(value[value.length - 1]!)
    ? value
    : csvCell(neutralizeFormula(value));
}
const num = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/**
 * The cell cached under `key`, else `build(value)`, cached. `build` is made once per export, not
 * per row: no closure is allocated per cell.
 */
function cached<K, V>(
  cache: Map<K, string>,
  key: K,
  value: V,
  build: (value: V) => string,
): string {
  let cell = cache.get(key);
  if (cell === undefined) {
    cell = build(value);
    cache.set(key, cell);
  }
  return cell;
}

/**
 * A line builder equal to `csvRecordLine(trainingPlanCsvRecord(row))`, with caches for what rows
 * share (the employee cells, labels, the creation day, already escaped) and no array per row.
 */
export function createCsvLineBuilder<R extends TrainingPlanCsvRow>(
  funding?: CsvFunding<R>['cells'],
): (row: R) => string {
  const employees = new Map<unknown, string>();
  const impacts = new Map<unknown, string>();
  const formats = new Map<unknown, string>();
  const statuses = new Map<unknown, string>();
  const days = new Map<string, string>();
  const cell = (partial: Partial<TrainingPlanCsvRow>, index: number) =>
    csvCell(trainingPlanCsvRecord({ ...EMPTY, ...partial })[index]!);
  const whoCells = (employee: TrainingPlanCsvRow['employee']) =>
    csvRecordLine(trainingPlanCsvRecord({ ...EMPTY, employee }).slice(0, 2));
  const dateCell = (created_at: TrainingPlanCsvRow['created_at']) => cell({ created_at }, 13);
  const impactCell = (business_impact: TrainingPlanCsvRow['business_impact']) =>
    cell({ business_impact }, 4);
  const formatCell = (format: TrainingPlanCsvRow['format']) => cell({ format }, 5);
  const statusCell = (status: TrainingPlanCsvRow['status']) => cell({ status }, 12);
  const D = CSV_DELIMITER;
  // The three funding cells of a request, escaped once per cells object (estimates are shared).
  const fundingTails = new Map<FundingCsvCells, string>();
  const fundingTail = (cells: FundingCsvCells) =>
    D + textCell(cells.share) + D + textCell(cells.rest) + D + textCell(cells.rule);
  const EMPTY_TAIL = D + D + D;

  return (row) => {
    const f = funding ? funding(row) : undefined;
    // A rate nobody typed is no figure: its two columns stay empty beside the estimate.
    const own = !funding || (f !== undefined && f.userRate);
    const employee = row.employee ?? null;
    const who = cached(employees, employee, employee, whoCells);
    const key = dayKey(row.created_at);
    const date =
      key === null ? dateCell(row.created_at) : cached(days, key, row.created_at, dateCell);
    const impact = cached(impacts, row.business_impact, row.business_impact, impactCell);
    const format = cached(formats, row.format, row.format, formatCell);
    const status = cached(statuses, row.status, row.status, statusCell);
    return (
      who +
      D +
      textCell(row.topic) +
      D +
      textCell(row.pedagogical_objectives) +
      D +
      impact +
      D +
      format +
      D +
      textCell(row.training_organization) +
      D +
      num(row.duration) +
      D +
      num(row.cost) +
      D +
      textCell(row.funding_type) +
      D +
      (own ? num(row.coverage_rate) : '') +
      D +
      (own ? num(row.remaining_cost) : '') +
      D +
      status +
      D +
      date +
      (funding ? (f ? cached(fundingTails, f, f, fundingTail) : EMPTY_TAIL) : '')
    );
  };
}

/** BOM + header, then one piece per `chunkSize` records, each piece starting with CRLF. */
export function* trainingPlanCsvChunks<R extends TrainingPlanCsvRow>(
  rows: readonly R[],
  chunkSize: number = DEFAULT_CSV_CHUNK_SIZE,
  funding?: CsvFunding<R>,
): Generator<string, void, undefined> {
  const size = Number.isInteger(chunkSize) && chunkSize > 0 ? chunkSize : DEFAULT_CSV_CHUNK_SIZE;
  const line = createCsvLineBuilder(funding?.cells);
  yield CSV_BOM + csvRecordLine(funding ? PLAN_FUNDING_CSV_HEADERS : TRAINING_PLAN_CSV_HEADERS);
  for (let start = 0; start < rows.length; start += size) {
    const end = Math.min(rows.length, start + size);
    const lines = new Array<string>(end - start + 1);
    lines[0] = '';
    for (let i = start; i < end; i++) lines[i - start + 1] = line(rows[i]!);
    yield lines.join(CSV_NEWLINE);
  }
  // One summary record per company and year, after the requests.
  if (funding && funding.summaries.length > 0)
    yield funding.summaries
      .map(
        (summary) =>
          CSV_NEWLINE + csvRecordLine(fundingSummaryCells(summary).map(neutralizeFormula)),
      )
      .join('');
}
