// Budget display rules of the dashboard (02 §4, §7.5): view model per type, 'budget known',
// money format, large-text rule, coverage line, details panel, hidden fields of the embedded form.
import type { Budget, BudgetAmount, BudgetType } from './budget';
import { isEmptyValue, sanitizeBudgetInfo } from './budget';
import { formatLongDate, toDate } from './dates';
import { BUDGET_DETAILS_LABELS, BUDGET_LABELS } from './labels';
import { foldText, isNumericText, normalizeSpaces, parseInteger } from './text';

/** 02 §9: amount texts longer than 20 characters are shown smaller. */
export const LARGE_TEXT_THRESHOLD = 20;

const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A number in French format: '12 000' (U+202F grouping). */
export const formatNumber = (n: number): string => numberFormat.format(n);

/** French money: '3 500 € HT' (fr-FR grouping with U+202F, U+00A0 before the unit; '€' by default). */
export function formatMoney(euros: number, unity = '€'): string {
  const unit = normalizeSpaces(unity) || '€';
  return `${numberFormat.format(euros)}\u00a0${unit}`;
}

/** An amount as text: formatted euros, or the fund's own text when it has no number. */
export function formatAmount(amount: BudgetAmount | undefined): string {
  if (!amount) return '';
  return amount.euros === null ? amount.raw : formatMoney(amount.euros, amount.unity);
}

/** The text shrinks when over 20 characters (02 §4). */
export const isLargeText = (text: string): boolean => text.length > LARGE_TEXT_THRESHOLD;

const nonZero = (amount: BudgetAmount | undefined): boolean =>
  amount?.euros != null && amount.euros !== 0;

/** 02 §4: known when the type is not unknown and any amount is non-zero, or the type is illimited. */
export function isBudgetKnown(budget: Budget): boolean {
  if (budget.budgetType === 'ILLIMITED') return true;
  return (
    budget.budgetType !== 'UNKNOWN' &&
    (nonZero(budget.total) || nonZero(budget.legal) || nonZero(budget.convention))
  );
}

/** 02 §4: the coverage-rate line shows when the rate is above 0 and the type is not unknown. */
export function showCoverageLine(rate: number, type: BudgetType): boolean {
  return rate > 0 && type !== 'UNKNOWN';
}

export type BudgetLine = {
  label: string;
  /** '+' on the second line of legal+convention, '' otherwise */
  prefix: string;
  amountText: string;
  large: boolean;
};

export type BudgetView =
  | { kind: 'notCommunicated'; text: string; comments: string | null }
  | { kind: 'unlimited'; text: string }
  | { kind: 'amounts'; lines: BudgetLine[] }
  | { kind: 'oups'; text: string; promise: string };

const line = (label: string, amount: BudgetAmount | undefined, prefix = ''): BudgetLine => {
  const amountText = formatAmount(amount);
  return { label, prefix, amountText, large: isLargeText(amountText) };
};

/**
 * 02 §4, display per type: comment or unknown 'n'est pas communiqué' (plus the comments when not
 * 'Non'); illimited 'Budget illimité !'; total or sum 'Budget Total : amount'; legal; convention;
 * legal+convention both lines, the second prefixed '+'; any other type (AUTO_ENTREPRENEUR has its
 * own screen, LEGAL_CONVENTION_DISPLAYED is not among the displayed types): the 'Oups' text.
 */
export function buildBudgetView(budget: Budget, comments?: unknown): BudgetView {
  switch (budget.budgetType) {
    case 'COMMENT':
    case 'UNKNOWN': {
      const text = typeof comments === 'string' ? comments.trim().slice(0, 10_000) : '';
      return {
        kind: 'notCommunicated',
        text: BUDGET_LABELS.notCommunicated,
        comments: text === '' || foldText(text) === 'non' ? null : text,
      };
    }
    case 'ILLIMITED':
      return { kind: 'unlimited', text: BUDGET_LABELS.unlimited };
    case 'TOTAL':
    case 'SUM_OF_LEGAL_AND_CONVENTION':
      return { kind: 'amounts', lines: [line(BUDGET_LABELS.total, budget.total)] };
    case 'LEGAL':
      return { kind: 'amounts', lines: [line(BUDGET_LABELS.legal, budget.legal)] };
    case 'CONVENTION':
      return { kind: 'amounts', lines: [line(BUDGET_LABELS.convention, budget.convention)] };
    case 'LEGAL_CONVENTION':
      return {
        kind: 'amounts',
        lines: [
          line(BUDGET_LABELS.legal, budget.legal),
          line(BUDGET_LABELS.convention, budget.convention, BUDGET_LABELS.secondLinePrefix),
        ],
      };
    default:
      return { kind: 'oups', text: BUDGET_LABELS.oups, promise: BUDGET_LABELS.oupsPromise };
  }
}

// ---- details panel (02 §4) --------------------------------------------------------------------
export type BudgetDetailKey =
  | 'dailyCap'
  | 'coverageRate'
  | 'hourlyCap'
  | 'wages'
  | 'hourlyVolumeCap'
  | 'additionalCosts'
  | 'comments'
  | 'thematicConditions'
  | 'updatedAt';
export type BudgetDetailRow = {
  key: BudgetDetailKey;
  label: string;
  value: string;
  conditions: string | null;
};

const isNon = (value: string | null): boolean =>
  value !== null && ['non', 'false'].includes(foldText(value));
const clean = (value: string | null): string => normalizeSpaces(value ?? '');
const orNotProvided = (text: string): string =>
  text === '' ? BUDGET_DETAILS_LABELS.notProvided : text;
const conditionsOf = (value: string | null): string | null => {
  const text = clean(value);
  return text === '' || isNon(text) ? null : text;
};

/** A cap: 'Aucun' when 'Non' (daily cap rule), numbers in French format with their unit. */
function capValue(value: string | null, unity: string | null, noneWhenNon: boolean): string {
  if (noneWhenNon && isNon(value)) return BUDGET_DETAILS_LABELS.none;
  const text = clean(value);
  if (text === '') return BUDGET_DETAILS_LABELS.notProvided;
  if (!isNumericText(text)) return text;
  const n = parseInteger(text) ?? 0;
  const unit = clean(unity);
  return unit === '' ? numberFormat.format(n) : `${numberFormat.format(n)}\u00a0${unit}`;
}

/**
 * 'Pas pris en charge' when 'Non', otherwise 'Pris en charge' (wages and additional costs); a
 * value the fund does not give (empty, 'Information indisponible') reads 'Non communiqué' (ours:
 * nothing said is not "covered").
 */
const coveredValue = (value: string | null): string =>
  isNon(value)
    ? BUDGET_DETAILS_LABELS.notCovered
    : isEmptyValue(value)
      ? BUDGET_DETAILS_LABELS.notProvided
      : BUDGET_DETAILS_LABELS.covered;

/**
 * The rows of 'En savoir plus sur les conditions de financements', in the documents' order.
 * Conditions particulières only when not 'Non' (and not empty); Dernière mise à jour in French long
 * format when it is a date. A field the fund does not publish reads 'Non communiqué'.
 */
export function buildBudgetDetails(raw: unknown, rate?: number): BudgetDetailRow[] {
  const info = sanitizeBudgetInfo(raw);
  if (info === null) return [];
  const rows: BudgetDetailRow[] = [];
  const push = (key: BudgetDetailKey, value: string, conditions: string | null = null) =>
    rows.push({ key, label: BUDGET_DETAILS_LABELS[key], value, conditions });
  push(
    'dailyCap',
    capValue(info.dailyCap_minValue, info.dailyCap_unity, true),
    conditionsOf(info.dailyCap_conditions),
  );
  // A rate of 0 from the lookup with no published rate is "not given" (ours: funds publish caps).
  const rateValue = rate !== undefined && rate > 0 ? rate : parseInteger(info.rateOfCoverage);
  push('coverageRate', rateValue === null ? BUDGET_DETAILS_LABELS.notProvided : String(rateValue));
  push(
    'hourlyCap',
    capValue(info.hourlyCap_minValue, info.hourlyCap_unity, false),
    conditionsOf(info.hourlyCap_conditions),
  );
  push('wages', coveredValue(info.isWagesInBudget), conditionsOf(info.wages_conditions));
  push(
    'hourlyVolumeCap',
    capValue(info.hourlyVolumeCap_minValue, info.hourlyVolumeCap_unity, false),
    conditionsOf(info.hourlyVolumeCap_conditions),
  );
  push(
    'additionalCosts',
    coveredValue(info.additionalCosts_value),
    conditionsOf(info.additionalCosts_conditions),
  );
  push('comments', orNotProvided(clean(info.comments)));
  if (!isNon(info.thematicConditions) && clean(info.thematicConditions) !== '') {
    push('thematicConditions', clean(info.thematicConditions));
  }
  const updated = clean(info.pdcUpdatedAt);
  push('updatedAt', toDate(updated) ? formatLongDate(updated) : orNotProvided(updated));
  return rows;
}

// ---- embedded form (02 §7.5) --------------------------------------------------------------------
export type FormHiddenFields = {
  email: string;
  idcc: string;
  employes: string;
  budget: string;
  phone_number: string;
};

/** employes = min, or 'min-max' when they differ. */
export const employeesField = (min: number, max: number): string =>
  min === max ? `${min}` : `${min}-${max}`;

/** budget = the first available euros amount (total, then legal, then convention), else 'Non communiqué'. */
export function budgetField(budget: Budget): string {
  for (const amount of [budget.total, budget.legal, budget.convention]) {
    if (amount?.euros != null && amount.euros > 0) return String(amount.euros);
  }
  return BUDGET_LABELS.formNotCommunicated;
}

export function buildFormHiddenFields(input: {
  email: string;
  idcc: string | null;
  range: { min: number; max: number };
  budget: Budget;
  phone: string | null;
}): FormHiddenFields {
  return {
    email: input.email,
    idcc: input.idcc ?? '',
    employes: employeesField(input.range.min, input.range.max),
    budget: budgetField(input.budget),
    phone_number: input.phone ?? '',
  };
}
