// Training plan rules (02 §2.15, §2.16, §3, §9): recommendation and manual form to a training
// request, formats, placeholder employee, plan aggregates and filters.
import type { TrainingRecommendation } from './contracts';
import type {
  BusinessImpact,
  DepartmentCode,
  TrainingFormat,
  TrainingRequestStatus,
} from './labels';
import { TRAINING_FORMAT_LABELS } from './labels';
import { clamp, digitsOnly, firstInteger, foldText } from './text';

/** The product's name: the organisation of requests created from recommendations (02 §9). */
export const PRODUCT_NAME = 'Budget Formation';
export const DEFAULT_FUNDING_TYPE = 'OPCO';
/** Bounds of the training_requests table. */
export const MAX_TRAINING_COST = 100_000_000;
export const MAX_TRAINING_DURATION = 10_000;

export type TrainingRequestFields = {
  topic: string;
  pedagogical_objectives: string;
  /** null: not filled (issue 29) */
  business_impact: BusinessImpact | null;
  format: TrainingFormat;
  training_organization: string | null;
  duration: number;
  cost: number;
  funding_type: string;
  coverage_rate: number;
  remaining_cost: number;
  status: TrainingRequestStatus;
};

/** Who and which company a request belongs to (02 §3); the caller passes them in. */
export type TrainingRequestContext = {
  id: string;
  company_id: string;
  employee_id: string | null;
  user_name: string | null;
  user_email: string | null;
  user_phone: string | null;
  company_name: string | null;
  company_siret: string | null;
  idcc: string | null;
  created_at: string;
};

export type TrainingRequestRow = TrainingRequestContext & TrainingRequestFields;

// ---- formats (02 §9) -------------------------------------------------------------------------------
/**
 * Format label to code: présentiel is in_person; distanciel and hybride are remote; e-learning is
 * e_learning (case- and accent-insensitive, found anywhere in the label; a label naming both
 * présentiel and distanciel, or hybride, is remote). Unknown labels: remote.
 */
export function toTrainingFormat(label: unknown): TrainingFormat {
  const key = typeof label === 'string' ? foldText(label.slice(0, 200)) : '';
  if (key.includes('hybride')) return 'remote';
  if (key.includes('e-learning') || key.includes('elearning')) return 'e_learning';
  if (key.includes('presentiel') && !key.includes('distanciel')) return 'in_person';
  return 'remote';
}

/** Formats from recommendation labels map to remote or in_person only (02 §9). */
export const recommendationFormat = (label: unknown): 'remote' | 'in_person' =>
  toTrainingFormat(label) === 'in_person' ? 'in_person' : 'remote';

/** Display label of a stored format (Présentiel, Distanciel, E-learning); unknown values: Distanciel. */
export function formatLabel(format: unknown): string {
  return format === 'in_person' || format === 'e_learning'
    ? TRAINING_FORMAT_LABELS[format]
    : TRAINING_FORMAT_LABELS.remote;
}

// ---- amounts ---------------------------------------------------------------------------------------
/** Cost from a price text by keeping digits only ("1 550 € HT" is 1550); 0 when none. */
export function parsePriceText(price: unknown): number {
  const digits = digitsOnly(price).replace(/^0+(?=\d)/, '');
  if (digits === '') return 0;
  return digits.length > 9 ? MAX_TRAINING_COST : Math.min(Number(digits), MAX_TRAINING_COST);
}

/** Coverage from a percent text ("100% financé" is 100), integer clamped to 0-100; 0 when none. */
export const parseCoverageText = (coverage: unknown): number =>
  clamp(firstInteger(coverage) ?? 0, 0, 100);

/** Duration in hours from a text ("14 heures" is 14); 0 when none. */
export const parseDurationText = (duration: unknown): number =>
  clamp(firstInteger(duration) ?? 0, 0, MAX_TRAINING_DURATION);

/** remaining_cost = cost × (1 − coverage/100), rounded. */
export const remainingCost = (cost: number, coverageRate: number): number =>
  Math.max(0, Math.round(cost * (1 - coverageRate / 100)));

// ---- requests ----------------------------------------------------------------------------------------
const objectivesOf = (rec: TrainingRecommendation): string =>
  [rec.description.trim(), ...rec.benefits.map((b) => `- ${b.trim()}`)]
    .filter(Boolean)
    .join('\n')
    .slice(0, 5000);

/**
 * A recommendation to a training request (02 §9): cost from the price digits, coverage and
 * duration as integers, remaining cost rounded, status to_organize, funding OPCO, organisation
 * the product, business impact high.
 */
export function recommendationToTrainingRequest(
  rec: TrainingRecommendation,
  ctx: TrainingRequestContext,
): TrainingRequestRow {
  const cost = parsePriceText(rec.price);
  const coverage = parseCoverageText(rec.coverage);
  return {
    ...ctx,
    topic: rec.title.trim().slice(0, 300),
    pedagogical_objectives: objectivesOf(rec),
    business_impact: 'high',
    format: recommendationFormat(rec.format),
    training_organization: PRODUCT_NAME,
    duration: parseDurationText(rec.duration),
    cost,
    funding_type: DEFAULT_FUNDING_TYPE,
    coverage_rate: coverage,
    remaining_cost: remainingCost(cost, coverage),
    status: 'to_organize',
  };
}

export type ManualTrainingInput = {
  topic: string;
  description: string;
  format: 'remote' | 'in_person';
  duration: number;
  budget: number;
};

/**
 * The manual form to a training request (02 §9): coverage 100, remaining cost 0, status
 * to_organize, funding OPCO. Business impact and organisation are not asked by the form: not
 * filled (issue 29: never a value the user did not choose) until the request is edited.
 */
export function manualTrainingRequest(
  input: ManualTrainingInput,
  ctx: TrainingRequestContext,
): TrainingRequestRow {
  return {
    ...ctx,
    topic: input.topic,
    pedagogical_objectives: input.description,
    business_impact: null,
    format: input.format,
    training_organization: null,
    duration: input.duration,
    cost: input.budget,
    funding_type: DEFAULT_FUNDING_TYPE,
    coverage_rate: 100,
    remaining_cost: 0,
    status: 'to_organize',
  };
}

/** The placeholder employee created when none exists (02 §3). */
export const PLACEHOLDER_EMPLOYEE = {
  first_name: 'À',
  last_name: 'définir',
  department: 'other',
  category: 'employee',
  gender: 'M',
} as const satisfies {
  first_name: string;
  last_name: string;
  department: DepartmentCode;
  category: string;
  gender: string;
};

/**
 * The placeholder employee ('À' 'définir'): nobody was chosen, so its department (« Autre ») was
 * not either; screens and the CSV show it as not filled (issue 29).
 */
export function isPlaceholderEmployee(
  employee: { first_name?: string | null; last_name?: string | null } | null | undefined,
): boolean {
  return (
    !!employee &&
    employee.first_name === PLACEHOLDER_EMPLOYEE.first_name &&
    employee.last_name === PLACEHOLDER_EMPLOYEE.last_name
  );
}

// ---- plan aggregates and filters (02 §2.15) ----------------------------------------------------------
export type PlanAmounts = {
  duration: number;
  cost: number;
  coverage_rate: number;
  remaining_cost?: number | null;
};
export type PlanAggregates = {
  count: number;
  totalHours: number;
  /** average coverage rate, one decimal; 0 for an empty plan */
  averageCoverage: number;
  totalBudget: number;
  remainingCost: number;
};

const num = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

export function planAggregates(rows: readonly PlanAmounts[]): PlanAggregates {
  let totalHours = 0;
  let totalBudget = 0;
  let coverage = 0;
  let remaining = 0;
  for (const row of rows) {
    totalHours += num(row.duration);
    totalBudget += num(row.cost);
    coverage += num(row.coverage_rate);
    remaining +=
      row.remaining_cost == null
        ? remainingCost(num(row.cost), num(row.coverage_rate))
        : num(row.remaining_cost);
  }
  return {
    count: rows.length,
    totalHours,
    averageCoverage: rows.length === 0 ? 0 : Math.round((coverage / rows.length) * 10) / 10,
    totalBudget,
    remainingCost: remaining,
  };
}

export type PlanFilter = { query: string; status: TrainingRequestStatus | 'all' };
export type FilterableRow = { topic: string; status: string; employeeName?: string | null };

/** What the plan's text search reads of a row: employee name and topic, folded (foldText). */
export const planSearchText = (row: FilterableRow): string =>
  foldText(`${row.employeeName ?? ''} ${row.topic}`);

/**
 * Text search on the employee name and the topic (case- and accent-insensitive), and status.
 * `searchText` gives a row's planSearchText (a caller filtering the same rows at each keystroke
 * passes one that keeps them: folding is most of a search's cost).
 */
export function filterPlanRows<R extends FilterableRow>(
  rows: readonly R[],
  filter: PlanFilter,
  searchText: (row: R) => string = planSearchText,
): R[] {
  const query = foldText(filter.query.slice(0, 200));
  return rows.filter(
    (row) =>
      (filter.status === 'all' || row.status === filter.status) &&
      (query === '' || searchText(row).includes(query)),
  );
}

/** planSearchText, computed once per row object (the rows of one read of the plan). */
export function memoSearchText<R extends FilterableRow>(): (row: R) => string {
  const known = new WeakMap<R, string>();
  return (row) => {
    let text = known.get(row);
    if (text === undefined) {
      text = planSearchText(row);
      known.set(row, text);
    }
    return text;
  };
}
