// Budget derivation (01 §4) and the mapping of a budget lookup to the simulation fields (01 §3,
// §8; 02 §7.2). Pure and total: `deriveBudget` accepts anything and never throws.
//
// Markers. The funds publish text, not only numbers. The documents name the labels in use
// ('Coût réel', 'Non', 'non communiqué', 'Voir commentaire') and the unavailable marker
// ('Information indisponible'), but not which label means what. Our choice (all comparisons are
// on the trimmed text, case- and accent-insensitive):
//  - unlimited markers: 'Coût réel' (the fund pays the real cost), 'unlimited', 'illimité';
//  - comment marker: 'Voir commentaire' (the amount is in the comments);
//  - unavailable marker: 'Information indisponible'. A total EQUAL to it is "unknown" (branch 3);
//    the TOTAL branch rejects a total that CONTAINS it (branch 7), as the documents word it;
//  - no-value markers: 'Non' and 'non communiqué' mean "no amount": they count as empty, like
//    null and blank text.
// "Present" (branch 3) means neither empty nor zero; "values exist" (branch 4, the percent rule)
// means not empty: a zero value exists.
// Amounts are parsed as integers after stripping every kind of space (01 §4), parseInt-like:
// "3 500" and "3\u202f500" are 3500, "3 500,50" is 3500, text without leading digits has no euros.
// A value is "zero" when it parses to 0. The sum unit is '€ HT'.
import { BUDGET_TYPES, type LookupBudgetType } from './budget-contract';
import { isAutoEntrepreneurRange } from './headcount';
import {
  clamp,
  foldText,
  isNumericText,
  isRecord,
  normalizeSpaces,
  parseInteger,
  toText,
  toTrimmedText,
} from './text';

export type BudgetType = LookupBudgetType;
/** What the simulations table accepts (LEGAL_CONVENTION_DISPLAYED is a lookup-only value). */
export type StoredBudgetType = Exclude<BudgetType, 'LEGAL_CONVENTION_DISPLAYED'>;

/** The budget types a simulation stores (LEGAL_CONVENTION_DISPLAYED is stored as LEGAL_CONVENTION). */
export const STORED_BUDGET_TYPES = [
  'UNKNOWN',
  'ILLIMITED',
  'LEGAL',
  'CONVENTION',
  'LEGAL_CONVENTION',
  'COMMENT',
  'SUM_OF_LEGAL_AND_CONVENTION',
  'TOTAL',
  'AUTO_ENTREPRENEUR',
] as const satisfies readonly StoredBudgetType[];

export const UNLIMITED_MARKERS = ['Coût réel', 'unlimited', 'illimité'] as const;
export const COMMENT_MARKER = 'Voir commentaire';
export const UNAVAILABLE_MARKER = 'Information indisponible';
export const NO_VALUE_MARKERS = ['Non', 'non communiqué'] as const;
export const SUM_UNIT = '€ HT';

/** The budget-info fields the product reads (01 §3, 02 §3). */
export const BUDGET_INFO_FIELDS = [
  'totalBudget_value',
  'totalBudget_unity',
  'legalBudget_value',
  'legalBudget_unity',
  'conventionalBudget_value',
  'conventionalBudget_unity',
  'Budget_condition',
  'opco',
  'rateOfCoverage',
  'dailyCap_minValue',
  'dailyCap_unity',
  'dailyCap_conditions',
  'hourlyCap_minValue',
  'hourlyCap_unity',
  'hourlyCap_conditions',
  'hourlyVolumeCap_minValue',
  'hourlyVolumeCap_unity',
  'hourlyVolumeCap_conditions',
  'isWagesInBudget',
  'wages_conditions',
  'additionalCosts_value',
  'additionalCosts_conditions',
  'comments',
  'thematicConditions',
  'pdcUpdatedAt',
] as const;
export type BudgetInfoField = (typeof BUDGET_INFO_FIELDS)[number];
/** The budget-info record, every field as text or null. */
export type BudgetInfoRecord = { [K in BudgetInfoField]: string | null };

export type BudgetAmount = { euros: number | null; unity: string; raw: string };
export type Budget = {
  budgetType: BudgetType;
  total?: BudgetAmount;
  legal?: BudgetAmount;
  convention?: BudgetAmount;
  /** Budget_condition copied through ('' when absent; 'Non' means none). */
  condition: string;
};
export type ParsedBudgetResult = {
  budget: Budget;
  opco: string;
  /** Integer percent, 0 to 100. */
  tauxPriseEnCharge: number;
  budgetInfo: BudgetInfoRecord | null;
};

const folded = (list: readonly string[]) => list.map(foldText);
const UNLIMITED = folded(UNLIMITED_MARKERS);
const NO_VALUE = folded(NO_VALUE_MARKERS);
const COMMENT = foldText(COMMENT_MARKER);
const UNAVAILABLE = foldText(UNAVAILABLE_MARKER);

export const isBudgetType = (value: unknown): value is BudgetType =>
  typeof value === 'string' && (BUDGET_TYPES as readonly string[]).includes(value);

/** The record with every known field as text: numbers in decimal, booleans as 'Oui' / 'Non'. */
export function sanitizeBudgetInfo(raw: unknown): BudgetInfoRecord | null {
  if (!isRecord(raw)) return null;
  const out = {} as BudgetInfoRecord;
  for (const field of BUDGET_INFO_FIELDS) {
    const value = raw[field];
    out[field] = typeof value === 'boolean' ? (value ? 'Oui' : 'Non') : toText(value);
  }
  return out;
}

/** 'Coût réel', 'unlimited' or 'illimité' (case-insensitive). */
export const isUnlimitedMarker = (value: string | null): boolean =>
  value !== null && UNLIMITED.includes(foldText(value));
/** null, blank, 'Non', 'non communiqué' or 'Information indisponible'. */
export function isEmptyValue(value: string | null): boolean {
  if (value === null) return true;
  const key = foldText(value);
  return key === '' || NO_VALUE.includes(key) || key === UNAVAILABLE;
}
const isZero = (value: string | null): boolean => parseInteger(value) === 0;
const isEmptyOrZero = (value: string | null): boolean => isEmptyValue(value) || isZero(value);

function amountOf(value: string | null, unity: string | null): BudgetAmount | undefined {
  const raw = normalizeSpaces(value ?? '');
  if (raw === '') return undefined;
  return { euros: parseInteger(raw), unity: normalizeSpaces(unity ?? ''), raw };
}

/** Rate of coverage as an integer percent in [0, 100] ("80 %" is 80; unreadable is 0). */
export function parseRate(value: unknown): number {
  const n = parseInteger(value);
  return n === null ? 0 : clamp(n, 0, 100);
}

/** The failure fallback (01 §8): UNKNOWN, empty opco, rate 0, budgetInfo null. */
export function unknownBudgetResult(): ParsedBudgetResult {
  return {
    budget: { budgetType: 'UNKNOWN', condition: '' },
    opco: '',
    tauxPriseEnCharge: 0,
    budgetInfo: null,
  };
}

function deriveType(info: BudgetInfoRecord): { type: BudgetType; sum?: number } {
  const total = info.totalBudget_value;
  const legal = info.legalBudget_value;
  const convention = info.conventionalBudget_value;
  // 2. Total is 'unlimited'.
  if (isUnlimitedMarker(total)) return { type: 'ILLIMITED' };
  // 3. Total unknown, zero or 'Information indisponible'.
  if (
    total === null ||
    total.trim() === '' ||
    isEmptyOrZero(total) ||
    foldText(total) === UNAVAILABLE
  ) {
    if (isUnlimitedMarker(legal) || isUnlimitedMarker(convention)) return { type: 'ILLIMITED' };
    const hasLegal = !isEmptyOrZero(legal);
    const hasConvention = !isEmptyOrZero(convention);
    if (!hasLegal && !hasConvention) return { type: 'UNKNOWN' };
    if (hasLegal && !hasConvention) return { type: 'LEGAL' };
    if (!hasLegal && hasConvention) return { type: 'CONVENTION' };
    return { type: 'LEGAL_CONVENTION' };
  }
  // 4. Legal and conventional values exist and the condition mentions a percentage.
  if (
    !isEmptyValue(legal) &&
    !isEmptyValue(convention) &&
    (info.Budget_condition ?? '').includes('%')
  ) {
    return { type: 'LEGAL_CONVENTION' };
  }
  // 5. Total equal to the comment marker.
  if (foldText(total) === COMMENT) return { type: 'COMMENT' };
  // 6. Legal and conventional both numeric, both in '€ HT': their sum.
  if (
    isNumericText(legal) &&
    isNumericText(convention) &&
    normalizeSpaces(info.legalBudget_unity ?? '') === SUM_UNIT &&
    normalizeSpaces(info.conventionalBudget_unity ?? '') === SUM_UNIT
  ) {
    return {
      type: 'SUM_OF_LEGAL_AND_CONVENTION',
      sum: (parseInteger(legal) ?? 0) + (parseInteger(convention) ?? 0),
    };
  }
  // 7. A non-empty total that does not contain the unavailable marker.
  if (total.trim() !== '' && !foldText(total).includes(UNAVAILABLE)) return { type: 'TOTAL' };
  // 8. Anything else.
  return { type: 'UNKNOWN' };
}

/**
 * 01 §4: the budget type and amounts of a budget info record. 1. Null (or not a record): UNKNOWN,
 * empty opco, rate 0. Then the branches of the documents, in their order (see deriveType).
 * LEGAL_CONVENTION_DISPLAYED and AUTO_ENTREPRENEUR belong to the enumeration but are never derived
 * from a record (the latter comes from the 0-0 headcount, see toSimulationBudgetFields).
 */
export function deriveBudget(raw: unknown): ParsedBudgetResult {
  const info = sanitizeBudgetInfo(raw);
  if (info === null) return unknownBudgetResult();
  const { type, sum } = deriveType(info);
  const budget: Budget = { budgetType: type, condition: info.Budget_condition ?? '' };
  const legal = amountOf(info.legalBudget_value, info.legalBudget_unity);
  const convention = amountOf(info.conventionalBudget_value, info.conventionalBudget_unity);
  const total =
    sum !== undefined
      ? { euros: sum, unity: SUM_UNIT, raw: String(sum) }
      : amountOf(info.totalBudget_value, info.totalBudget_unity);
  if (legal) budget.legal = legal;
  if (convention) budget.convention = convention;
  if (total) budget.total = total;
  return {
    budget,
    opco: toTrimmedText(info.opco),
    tauxPriseEnCharge: parseRate(info.rateOfCoverage),
    budgetInfo: info,
  };
}

/**
 * The budget lookup response (01 §3: budgetType, opco, tauxPriseEnCharge, budgetInfo) as a parsed
 * result: the type and amounts are derived from budgetInfo; the response's opco and
 * tauxPriseEnCharge win over the record's when present. Not a record: the failure fallback.
 */
export function parseBudgetLookup(response: unknown): ParsedBudgetResult {
  if (!isRecord(response)) return unknownBudgetResult();
  const result = deriveBudget(response.budgetInfo);
  const opco = toTrimmedText(response.opco);
  if (opco !== '') result.opco = opco;
  if (parseInteger(response.tauxPriseEnCharge) !== null)
    result.tauxPriseEnCharge = parseRate(response.tauxPriseEnCharge);
  return result;
}

export type SimulationBudgetFields = {
  budget_type: StoredBudgetType;
  budget_legal: number | null;
  budget_convention: number | null;
  budget_total: number | null;
  budget_condition: string | null;
  opco_name: string;
  taux_prise_en_charge: number;
};

const MAX_AMOUNT = 2_000_000_000;
const storedAmount = (amount: BudgetAmount | undefined): number | null =>
  amount?.euros == null ? null : clamp(amount.euros, 0, MAX_AMOUNT);

/**
 * Simulation columns from a parsed lookup (02 §7.2). A 0-0 headcount is AUTO_ENTREPRENEUR with no
 * lookup (01 §4); a failed lookup (null) is UNKNOWN, empty opco, rate 0. LEGAL_CONVENTION_DISPLAYED
 * is stored as LEGAL_CONVENTION (the table does not list it).
 */
export function toSimulationBudgetFields(
  parsed: ParsedBudgetResult | null,
  range: { min: number; max: number },
): SimulationBudgetFields {
  if (isAutoEntrepreneurRange(range)) {
    return {
      budget_type: 'AUTO_ENTREPRENEUR',
      budget_legal: null,
      budget_convention: null,
      budget_total: null,
      budget_condition: null,
      opco_name: '',
      taux_prise_en_charge: 0,
    };
  }
  const result = parsed ?? unknownBudgetResult();
  const { budget } = result;
  const type =
    budget.budgetType === 'LEGAL_CONVENTION_DISPLAYED' ? 'LEGAL_CONVENTION' : budget.budgetType;
  return {
    budget_type: type,
    budget_legal: storedAmount(budget.legal),
    budget_convention: storedAmount(budget.convention),
    budget_total: storedAmount(budget.total),
    budget_condition: budget.condition === '' ? null : budget.condition.slice(0, 2000),
    opco_name: result.opco.slice(0, 200),
    taux_prise_en_charge: clamp(Math.trunc(result.tauxPriseEnCharge) || 0, 0, 100),
  };
}

/** The simulation row fields this module reads back. */
export type SimulationBudgetRow = {
  budget_type?: unknown;
  budget_legal?: unknown;
  budget_convention?: unknown;
  budget_total?: unknown;
  budget_condition?: unknown;
};

/**
 * A stored simulation as a Budget for display (02 §3). Units are not stored: they are read from
 * the cached budget info when given (SUM is always '€ HT'), '€' otherwise. An unknown stored type
 * is UNKNOWN.
 */
export function budgetFromSimulation(row: SimulationBudgetRow, budgetInfo?: unknown): Budget {
  const info = sanitizeBudgetInfo(budgetInfo);
  const type = isBudgetType(row.budget_type) ? row.budget_type : 'UNKNOWN';
  const amount = (value: unknown, unity: string | null | undefined): BudgetAmount | undefined => {
    const euros =
      typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : parseInteger(value);
    if (euros === null) return undefined;
    return { euros, unity: normalizeSpaces(unity ?? '') || '€', raw: String(euros) };
  };
  const budget: Budget = { budgetType: type, condition: toText(row.budget_condition) ?? '' };
  const legal = amount(row.budget_legal, info?.legalBudget_unity);
  const convention = amount(row.budget_convention, info?.conventionalBudget_unity);
  const total = amount(
    row.budget_total,
    type === 'SUM_OF_LEGAL_AND_CONVENTION' ? SUM_UNIT : info?.totalBudget_unity,
  );
  if (legal) budget.legal = legal;
  if (convention) budget.convention = convention;
  if (total) budget.total = total;
  return budget;
}
