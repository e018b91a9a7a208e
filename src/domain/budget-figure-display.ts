// How the dashboard shows a BudgetFigure (issue 27): which lines, which headline, what the source
// says. Pure and without words (src/i18n/fr/dashboard.ts holds them): amounts keep their basis
// (HT, TTC, or not stated), a dispute stays a range, the criteria's age is measured against today
// (an answer may come from the cache), the 50+ rule and « nothing published » have their own views.
import type {
  AmountBasis,
  BudgetFigure,
  CapRange,
  FigureReliability,
  FigureSource,
  FundKind,
  FundingTerms,
} from './budget-figure';
import { twelveMonthsBefore } from './funding-criteria';

export type FigureAmount = { range: CapRange; basis: AmountBasis };

export type FigureLine =
  /** a yearly cap of one fund (total, legal, conventional) */
  | { kind: 'yearly'; fund: FundKind; amount: FigureAmount }
  /** legal + conventional */
  | { kind: 'sum'; amount: FigureAmount }
  /** no yearly cap is published for the band */
  | { kind: 'noYearlyCap' }
  /** the hourly cap, shown when there is no yearly cap */
  | { kind: 'hourly'; amount: FigureAmount }
  /** a cap per trainee and per file, where the source says so (issue 27 item 3) */
  | { kind: 'perTrainee'; amount: FigureAmount }
  /** a fund that answers with no fixed amount (a share of a contribution…): see its source */
  | { kind: 'withoutAmount'; fund: FundKind };

/** How old the criteria are against today: older than 12 months is said on screen (item 8). */
export type CriteriaAge = 'recent' | 'older_than_12_months' | 'undated';

export type FigureHeadline = {
  reliability: FigureReliability | null;
  year: number | null;
  status: 'current' | 'disputed' | 'outdated' | null;
  age: CriteriaAge;
};

export type FigureView =
  | {
      kind: 'amounts';
      headline: FigureHeadline;
      lines: FigureLine[];
      /** 50 employees and more: the figure is the branch's (conventional or voluntary funds) */
      from50: boolean;
      /** every source behind the lines (both sides of a dispute) */
      sources: FigureSource[];
      /** rows without amounts that also answer (their words) */
      notes: FigureSource[];
    }
  | { kind: 'from50'; criteriaUrl: string | null; notes: FigureSource[] }
  | { kind: 'unavailable'; criteriaUrl: string | null; notes: FigureSource[] };

export function criteriaAge(date: string | null, today: string): CriteriaAge {
  if (date === null) return 'undated';
  return date < twelveMonthsBefore(today) ? 'older_than_12_months' : 'recent';
}

const amountOf = (range: CapRange, part: FundingTerms): FigureAmount => ({
  range,
  basis: part.basis,
});

function linesOf(figure: BudgetFigure): FigureLine[] {
  const lines: FigureLine[] = [];
  const several = figure.parts.length > 1;
  for (const part of figure.parts) {
    if (part.yearlyCap)
      lines.push({ kind: 'yearly', fund: part.fund, amount: amountOf(part.yearlyCap, part) });
    else if (several) lines.push({ kind: 'withoutAmount', fund: part.fund });
  }
  // A legal plan with a branch fund that states no amount: both said, the fund by its words.
  const conventionalNote = figure.notes.some((n) => n.reach === 'idcc');
  if (!several && figure.parts[0]?.fund === 'legal' && conventionalNote)
    lines.push({ kind: 'withoutAmount', fund: 'conventional' });
  if (figure.sum)
    lines.push({ kind: 'sum', amount: { range: figure.sum, basis: figure.parts[0]!.basis } });
  if (lines.length === 0) {
    lines.push({ kind: 'noYearlyCap' });
    const hourly = figure.parts.find((p) => p.hourlyCap);
    if (hourly?.hourlyCap)
      lines.push({ kind: 'hourly', amount: amountOf(hourly.hourlyCap, hourly) });
  }
  for (const part of figure.parts)
    if (part.perTraineePerFileCap)
      lines.push({ kind: 'perTrainee', amount: amountOf(part.perTraineePerFileCap, part) });
  return lines;
}

/** The view of a figure, today being the user's date (ISO). */
export function buildFigureView(figure: BudgetFigure, today: string): FigureView {
  if (figure.kind === 'from_50')
    return { kind: 'from50', criteriaUrl: figure.criteriaUrl, notes: figure.notes };
  if (figure.kind === 'unavailable' || figure.parts.length === 0)
    return { kind: 'unavailable', criteriaUrl: figure.criteriaUrl, notes: figure.notes };
  return {
    kind: 'amounts',
    headline: {
      reliability: figure.reliability,
      year: figure.year,
      status: figure.status,
      age: criteriaAge(figure.criteriaDate, today),
    },
    lines: linesOf(figure),
    from50: figure.from50,
    sources: figure.parts.flatMap((p) => p.sources),
    notes: figure.notes,
  };
}

/** Whether the figure gives the company an amount to spend (the promo block shows then). */
export function isFigureKnown(figure: BudgetFigure): boolean {
  return figure.parts.some(
    (p) =>
      p.yearlyCap !== null ||
      p.hourlyCap !== null ||
      p.perActionCap !== null ||
      p.perTraineePerFileCap !== null,
  );
}

/** The hourly cap of the figure for the details panel: the first part that states one. */
export function hourlyCapOf(figure: BudgetFigure): FigureAmount | null {
  const part = figure.parts.find((p) => p.hourlyCap !== null);
  return part?.hourlyCap ? amountOf(part.hourlyCap, part) : null;
}

/** Salaries: one answer when every part gives the same, else not published. */
export function salaryOf(figure: BudgetFigure): FundingTerms['salary'] | null {
  if (figure.parts.length === 0) return null;
  const all = new Set(figure.parts.map((p) => p.salary));
  return all.size === 1 ? [...all][0]! : 'unknown';
}
