// Published OPCO funding criteria (issues 15, 27): one row of data/opco-criteria-2026.csv (derived
// by `npm run data:sync` from the research's file, vendored in data/research/: 194 rows, every row
// with its source and a tag saying where the figure comes from) read into a typed criterion, or the
// reasons it cannot be served. Pure: the import (server/seed), `npm run data:check` and the tests
// use it; nothing here reads a file.
//
// The research's five curation columns (issue 27) are read when present: `amount_basis` (HT, TTC,
// unknown; empty: the row has no € amount), `status` (current, disputed, superseded, outdated),
// `reliability` (must agree with the tag), `evidence` (the source's own words) and `reachable_by`.
// A file of the first thirteen columns only (an older export) still reads: its rows have no status
// (the lookup then applies the former 12-month freshness rule) and no stated basis.
//
// What is read from the free-text notes (the tag and the dates are the only facts taken there):
//  - reliability: `[primary: official OPCO page]` official page; `[primary-press: …]` or
//    `[press …]` press or union page; `[secondary S1: …]`, `[secondary S2: …]` a compilation
//    (S1, S2: the two third-party compilations the research README names);
//  - the page's own update date ("Mise à jour 08/01/2026", "page update 2026-03-19", "criteria
//    updated 08/04/2026", "MAJ 15/01/2025", "CPC dated 31/12/2025"), first match in that order;
//  - the date the figure was read ("consulted 2026-05-18" for S1, "snapshot 2026-06-11" for S2);
//  - CONFLICT: the compiler saw sources disagree (reported by data:check);
//  - the fund: a branch's conventional fund ("conventional" in the branch, or notes that begin
//    with "Conventional fund" / "Branch conventional …"), the legal plan ("legal PDC" in the
//    branch), else the company's total.
import type {
  AmountBasis,
  CriteriaStatus,
  FigureReliability,
  FundKind,
  SalaryCoverage,
} from './budget-figure';
import { normalizeOpcoName, type OpcoShortName } from './opco';

export type Reliability = FigureReliability;
export type { FundKind };
/** How a lookup reaches the row: by one of its IDCCs, as its OPCO's default rule, or not at all. */
export type CriterionScope = 'idcc' | 'opco_default' | 'branch';
export type SalaryCovered = SalaryCoverage;

export type FundingCriterion = {
  /** line of the source CSV (header = line 1) */
  line: number;
  opco: OpcoShortName;
  branch: string;
  idccs: string[];
  scope: CriterionScope;
  /** null: from 0 */
  headcountMin: number | null;
  /** null: no upper bound */
  headcountMax: number | null;
  fund: FundKind;
  yearlyCapEur: number | null;
  hourlyCapEur: number | null;
  coverageRatePct: number | null;
  perActionCapEur: number | null;
  salaryCovered: SalaryCovered;
  year: number | null;
  sourceUrl: string;
  reliability: Reliability;
  /** 'S1' or 'S2' for the two compilations, else null */
  sourceLabel: string | null;
  /** ISO date the source page says it was updated */
  publishedOn: string | null;
  /** ISO date the figure was read at its source */
  retrievedOn: string | null;
  /** ISO date of a board decision the row's own source states (a dated decision, issue 27) */
  decidedOn: string | null;
  conflictNoted: boolean;
  notes: string;
  /** the basis of the row's € amounts; null: not stated (no column, or no amount on the row) */
  amountBasis: AmountBasis | null;
  /** the research's status; null: a file without the column (former freshness rule applies) */
  status: CriteriaStatus | null;
  /** the source's own French words for the figure, when the research quotes them */
  evidence: string | null;
  /** the research's own account of how a lookup reaches the row (checked by data:check) */
  reachableBy: string | null;
};

export const CRITERIA_COLUMNS = [
  'opco',
  'branch',
  'idcc',
  'headcount_min',
  'headcount_max',
  'yearly_cap_eur_ht',
  'hourly_cap_eur_ht',
  'coverage_rate_pct',
  'per_action_cap_eur_ht',
  'salary_covered',
  'year',
  'source_url',
  'notes',
] as const;

/** The research's curation columns (issue 27), appended after the thirteen above; optional. */
export const CURATION_COLUMNS = [
  'amount_basis',
  'status',
  'reliability',
  'evidence',
  'reachable_by',
] as const;

export type CriterionParse =
  | { ok: true; criterion: FundingCriterion }
  | { ok: false; line: number; errors: string[]; missingSource: boolean };

const SALARY: readonly SalaryCovered[] = ['yes', 'no', 'partial', 'unknown'];
const BASES: readonly AmountBasis[] = ['HT', 'TTC', 'unknown'];
const STATUSES: readonly CriteriaStatus[] = ['current', 'disputed', 'superseded', 'outdated'];
const RELIABILITIES: readonly Reliability[] = ['official', 'press', 'compilation'];
const MAX_EVIDENCE = 400;
const MAX_HEADCOUNT = 1_000_000;

function isoDate(y: string, m: string, d: string): string | null {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const iso = `${y}-${m}-${d}`;
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

const DATE_PATTERNS: readonly { re: RegExp; order: 'ymd' | 'dmy' }[] = [
  { re: /page update (\d{4})-(\d{2})-(\d{2})/i, order: 'ymd' },
  { re: /mise à jour (\d{2})\/(\d{2})\/(\d{4})/i, order: 'dmy' },
  { re: /criteria updated (\d{2})\/(\d{2})\/(\d{4})/i, order: 'dmy' },
  { re: /\bMAJ (\d{2})\/(\d{2})\/(\d{4})/, order: 'dmy' },
  { re: /\bMAJ (\d{4})-(\d{2})-(\d{2})/, order: 'ymd' },
  { re: /\bCPC dated (\d{2})\/(\d{2})\/(\d{4})/i, order: 'dmy' },
];

function firstDate(notes: string, patterns: readonly { re: RegExp; order: 'ymd' | 'dmy' }[]) {
  for (const { re, order } of patterns) {
    const m = re.exec(notes);
    if (!m) continue;
    const [a, b, c] = [m[1]!, m[2]!, m[3]!];
    const iso = order === 'ymd' ? isoDate(a, b, c) : isoDate(c, b, a);
    if (iso) return iso;
  }
  return null;
}

/** The page's own update date stated in the notes (first pattern that matches), ISO. */
export const publishedDateOf = (notes: string): string | null => firstDate(notes, DATE_PATTERNS);

/** When the figure was read at its source (S1 "consulted", S2 "snapshot"), ISO. */
export const retrievedDateOf = (notes: string): string | null =>
  firstDate(notes, [
    { re: /consulted (\d{4})-(\d{2})-(\d{2})/i, order: 'ymd' },
    { re: /snapshot (\d{4})-(\d{2})-(\d{2})/i, order: 'ymd' },
  ]);

// A dated decision of the OPCO's board, in the row's own notes (before the curation's note, which
// may speak of another row) or in the source's quoted words: "decided 18/12/2025", "board
// 12/05/2026", "from 01/06/2026 (board decision)", « CA OPCO 2i 18/12/2025 », « CA du 12/05/2026 ».
const DECISION_PATTERNS: readonly { re: RegExp; order: 'ymd' | 'dmy' }[] = [
  { re: /\bdecided (\d{2})\/(\d{2})\/(\d{4})/i, order: 'dmy' },
  { re: /\bboard (?:decision )?(?:of )?(\d{2})\/(\d{2})\/(\d{4})/i, order: 'dmy' },
  { re: /(\d{2})\/(\d{2})\/(\d{4}) \((?:board decision|d[ée]cision du CA)\)/i, order: 'dmy' },
  { re: /\bCA (?:OPCO [^\s,]+ )?(?:du )?(\d{2})\/(\d{2})\/(\d{4})/, order: 'dmy' },
];

/** The date of a board decision the row's own source states, ISO (issue 27). */
export const decidedDateOf = (notes: string, evidence: string | null): string | null =>
  firstDate(`${notes.split('[curation')[0]} ${evidence ?? ''}`, DECISION_PATTERNS);

const TAG = /^\s*\[(primary-press|primary|press|secondary)(?:\s+(S\d+))?\s*[:\]]/i;

/** The provenance tag every note starts with; null when missing. */
export function reliabilityOf(
  notes: string,
): { reliability: Reliability; label: string | null } | null {
  const m = TAG.exec(notes);
  if (!m) return null;
  const kind = m[1]!.toLowerCase();
  if (kind === 'primary') return { reliability: 'official', label: null };
  if (kind === 'secondary')
    return { reliability: 'compilation', label: m[2]?.toUpperCase() ?? null };
  return { reliability: 'press', label: null };
}

export function fundKindOf(branch: string, notes: string): FundKind {
  const b = branch.toLowerCase();
  const body = notes
    .replace(/^\s*\[[^\]]*\]\s*/, '')
    .trim()
    .toLowerCase();
  if (b.includes('legal + conventional')) return 'total';
  if (b.includes('conventional') || /^(branch )?conventional (fund|plan)/.test(body))
    return 'conventional';
  if (b.includes('legal pdc')) return 'legal';
  return 'total';
}

export function scopeOf(branch: string, idccs: readonly string[]): CriterionScope {
  if (idccs.length > 0) return 'idcc';
  return /^(all branches|general rule|interprofession)/i.test(branch.trim())
    ? 'opco_default'
    : 'branch';
}

/**
 * One CSV row (header names of CRITERIA_COLUMNS) as a criterion, or every reason it cannot be
 * served. A row without a source URL is never served (missingSource: data:check lists them apart).
 */
export function parseCriterionRow(
  raw: Readonly<Record<string, string | undefined>>,
  line: number,
): CriterionParse {
  const errors: string[] = [];
  const cell = (name: string) => (raw[name] ?? '').trim();
  const number = (name: string, opts: { int: boolean; max: number }): number | null => {
    const text = cell(name).replace(',', '.');
    if (text === '') return null;
    const ok = opts.int ? /^\d{1,9}$/.test(text) : /^\d{1,9}(\.\d{1,2})?$/.test(text);
    const n = Number(text);
    if (!ok || n > opts.max) {
      errors.push(`${name} invalide : « ${cell(name).slice(0, 20)} »`);
      return null;
    }
    return n;
  };

  const opcoText = cell('opco');
  const opco = normalizeOpcoName(opcoText);
  if (!opco) errors.push(`OPCO inconnu : « ${opcoText.slice(0, 40)} »`);
  const branch = cell('branch');
  if (branch === '' || branch.length > 300) errors.push('branche manquante ou trop longue');
  const idccs: string[] = [];
  for (const code of cell('idcc')
    .split(/[;,\s]+/)
    .filter(Boolean)) {
    if (/^\d{1,4}$/.test(code)) idccs.push(code.padStart(4, '0'));
    else errors.push(`IDCC invalide : « ${code.slice(0, 20)} »`);
  }
  const headcountMin = number('headcount_min', { int: true, max: MAX_HEADCOUNT });
  const headcountMax = number('headcount_max', { int: true, max: MAX_HEADCOUNT });
  if (headcountMin !== null && headcountMax !== null && headcountMax < headcountMin)
    errors.push('headcount_max inférieur à headcount_min');
  const yearlyCapEur = number('yearly_cap_eur_ht', { int: true, max: 10_000_000 });
  const hourlyCapEur = number('hourly_cap_eur_ht', { int: false, max: 10_000 });
  const coverageRatePct = number('coverage_rate_pct', { int: true, max: 100 });
  const perActionCapEur = number('per_action_cap_eur_ht', { int: true, max: 10_000_000 });
  const salary = cell('salary_covered').toLowerCase();
  if (!(SALARY as readonly string[]).includes(salary))
    errors.push(`salary_covered invalide : « ${salary.slice(0, 20)} » (yes, no, partial, unknown)`);
  const yearText = cell('year');
  const year = yearText === '' ? null : /^20\d{2}$/.test(yearText) ? Number(yearText) : NaN;
  if (Number.isNaN(year)) errors.push(`année invalide : « ${yearText.slice(0, 10)} »`);
  const sourceUrl = cell('source_url');
  const missingSource = sourceUrl === '';
  if (missingSource) errors.push('source manquante (source_url vide)');
  else if (!/^https?:\/\/[^\s"<>]+$/i.test(sourceUrl) || sourceUrl.length > 1000)
    errors.push('source_url invalide (adresse http(s) attendue)');
  const notes = cell('notes');
  if (notes.length > 4000) errors.push('notes trop longues');
  const tag = reliabilityOf(notes);
  if (!tag)
    errors.push(
      'étiquette de provenance manquante en tête des notes ([primary: …], [press …], [secondary S1: …])',
    );

  const curation = readCuration(raw, tag?.reliability ?? null, errors);

  if (errors.length > 0 || !opco || !tag) return { ok: false, line, errors, missingSource };
  return {
    ok: true,
    criterion: {
      line,
      opco,
      branch,
      idccs: [...new Set(idccs)],
      scope: scopeOf(branch, idccs),
      headcountMin,
      headcountMax,
      fund: fundKindOf(branch, notes),
      yearlyCapEur,
      hourlyCapEur,
      coverageRatePct,
      perActionCapEur,
      salaryCovered: salary as SalaryCovered,
      year: year as number | null,
      sourceUrl,
      reliability: tag.reliability,
      sourceLabel: tag.label,
      publishedOn: publishedDateOf(notes),
      retrievedOn: retrievedDateOf(notes),
      decidedOn: decidedDateOf(notes, curation.evidence),
      conflictNoted: /\bCONFLICT\b/.test(notes),
      notes,
      ...curation,
    },
  };
}

/**
 * The curation columns of a row (absent columns read as not stated). A reliability column that
 * contradicts the tag of the notes is an error: the two must tell the same provenance.
 */
function readCuration(
  raw: Readonly<Record<string, string | undefined>>,
  tagReliability: Reliability | null,
  errors: string[],
): Pick<FundingCriterion, 'amountBasis' | 'status' | 'evidence' | 'reachableBy'> {
  const cell = (name: string) => (raw[name] ?? '').trim();
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | null => {
    const value = cell(name);
    if (value === '') return null;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    errors.push(`${name} invalide : « ${value.slice(0, 20)} » (${allowed.join(', ')})`);
    return null;
  };
  const amountBasis = oneOf('amount_basis', BASES);
  const status = oneOf('status', STATUSES);
  const reliability = oneOf('reliability', RELIABILITIES);
  if (reliability !== null && tagReliability !== null && reliability !== tagReliability)
    errors.push(
      `reliability « ${reliability} » contraire à l'étiquette des notes (${tagReliability})`,
    );
  const evidence = cell('evidence');
  if (evidence.length > MAX_EVIDENCE) errors.push('evidence trop longue');
  const reachableBy = cell('reachable_by');
  if (reachableBy.length > 2000) errors.push('reachable_by trop long');
  return {
    amountBasis,
    status,
    evidence: evidence === '' ? null : evidence,
    reachableBy: reachableBy === '' ? null : reachableBy,
  };
}

/** A row that states a € amount, a rate: what a figure is (a range, a percentage of a
 * contribution, « sans plafond » are words, kept in the evidence). */
export const hasFigure = (
  c: Pick<
    FundingCriterion,
    'yearlyCapEur' | 'hourlyCapEur' | 'perActionCapEur' | 'coverageRatePct'
  >,
): boolean =>
  c.yearlyCapEur !== null ||
  c.hourlyCapEur !== null ||
  c.perActionCapEur !== null ||
  c.coverageRatePct !== null;

/**
 * The date the criteria stand for (issue 27, « plus de 12 mois »): the page's own update date,
 * else January 1st of the criteria year, else when the figure was read. null: no date at all.
 */
export function criteriaDateOf(
  c: Pick<FundingCriterion, 'publishedOn' | 'retrievedOn' | 'year'>,
): string | null {
  return c.publishedOn ?? (c.year !== null ? `${c.year}-01-01` : c.retrievedOn);
}

/**
 * The date a criterion stands for: the later of its page's update and its reading; else January
 * 1st of its year (the earliest the figure can be from); null when the row has no date at all.
 */
export function criterionDate(
  c: Pick<FundingCriterion, 'publishedOn' | 'retrievedOn' | 'year'>,
): string | null {
  const dates = [c.publishedOn, c.retrievedOn].filter((d): d is string => d !== null).sort();
  if (dates.length > 0) return dates[dates.length - 1]!;
  return c.year === null ? null : `${c.year}-01-01`;
}

/** 12 months before an ISO date (same day of the month). */
export function twelveMonthsBefore(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${Number(y) - 1}-${m}-${d}`;
}

/** Older than 12 months before `reference` (an ISO date), or without any date. */
export function isStale(
  c: Pick<FundingCriterion, 'publishedOn' | 'retrievedOn' | 'year'>,
  reference: string,
): boolean {
  const date = criterionDate(c);
  return date === null || date < twelveMonthsBefore(reference);
}
