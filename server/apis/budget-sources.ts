// Where the budget API's figures come from (issue 15): the OPCOs' published criteria (the default,
// public.funding_criteria), else the documented "information unavailable" answer with the OPCO's
// criteria page. The invented sample rules (public.budget_rules) answer only behind an explicit
// setting, for tests and demos, and say so (provenance kind 'sample'):
//   BUDGET_SAMPLE_RULES=off         (default) never;
//   BUDGET_SAMPLE_RULES=fallback    demos: where no published criterion answers;
//   BUDGET_SAMPLE_RULES=on-request  test backends: only for a request carrying
//                                   `x-budget-sample-rules: on` (each test opts in).
import { deriveBudget, parseRate } from '../../src/domain/budget';
import type { BudgetProvenance } from '../../src/domain/budget-contract';
import type { FundingCriterion } from '../../src/domain/funding-criteria';
import type { BudgetFigure } from '../../src/domain/budget-figure';
import {
  criteriaBands,
  datasetDate,
  lookupFigure,
  sourcedLookup,
} from '../../src/domain/funding-rules';
import type { Db } from '../db/db';
import { BUDGET_INFO_COLUMNS } from '../db/seed/datasets';
import { criterionFromDb, FUNDING_CRITERIA_COLUMNS } from '../db/seed/funding-criteria';

export type BudgetSampleRules = 'off' | 'fallback' | 'on-request';
export const SAMPLE_RULES_HEADER = 'x-budget-sample-rules';

export function parseSampleRulesSetting(value: string | undefined): BudgetSampleRules {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'off' || v === '0' || v === 'false') return 'off';
  if (v === 'fallback' || v === 'on-request') return v;
  throw new Error(`BUDGET_SAMPLE_RULES invalide : ${value} (off, fallback ou on-request)`);
}

/** Whether this request may fall back to the invented sample rules. */
export function sampleRulesAllowed(
  setting: BudgetSampleRules,
  header: string | undefined,
): boolean {
  if (setting === 'fallback') return true;
  return setting === 'on-request' && (header ?? '').trim().toLowerCase() === 'on';
}

export type BudgetLookup = {
  budgetType: string;
  opco: string | null;
  tauxPriseEnCharge: number;
  budgetInfo: Record<string, string | null> | null;
  provenance: BudgetProvenance | null;
  /** (ours, issue 27) what the screen needs: src/domain/budget-figure.ts */
  figure?: BudgetFigure;
};

/** The criteria, reloaded when their dataset's version changes (an import while running). */
export class CriteriaStore {
  #version: string | null = null;
  #rows: FundingCriterion[] = [];
  #reference: string | null = null;
  constructor(private readonly db: Db) {}

  async current(): Promise<{ rows: FundingCriterion[]; reference: string | null }> {
    const [v] = await this.db.query<{ version: string; loaded_at: unknown }>(
      "select version, loaded_at from public.reference_datasets where dataset = 'funding_criteria'",
    );
    const version = v ? `${v.version}@${String(v.loaded_at)}` : null;
    if (version !== this.#version) {
      const rows = await this.db.query<Record<(typeof FUNDING_CRITERIA_COLUMNS)[number], unknown>>(
        `select ${FUNDING_CRITERIA_COLUMNS.join(', ')} from public.funding_criteria order by line`,
      );
      this.#rows = rows.map(criterionFromDb);
      this.#reference = datasetDate(this.#rows);
      this.#version = version;
    }
    return { rows: this.#rows, reference: this.#reference };
  }
}

async function sampleRule(db: Db, idcc: string, min: number, max: number, opco: string | null) {
  const cols = BUDGET_INFO_COLUMNS.map((c) => `"${c}"`).join(', ');
  const [rule] = await db.query<Record<string, string | null>>(
    `select ${cols} from public.budget_rules
      where idcc = $1 and min_employees <= $3 and max_employees >= $2
      order by (min_employees <= $2 and max_employees >= $3) desc, min_employees
      limit 1`,
    [idcc, min, max],
  );
  if (!rule) return null;
  const budgetInfo: Record<string, string | null> = {};
  for (const c of BUDGET_INFO_COLUMNS) budgetInfo[c] = rule[c] ?? null;
  budgetInfo.opco = opco;
  return {
    budgetType: deriveBudget(budgetInfo).budget.budgetType,
    opco,
    tauxPriseEnCharge: parseRate(budgetInfo.rateOfCoverage),
    budgetInfo,
    provenance: { kind: 'sample' } as const,
  };
}

/**
 * The budget of an IDCC for a headcount band. null: unknown IDCC. 0-0 is the sole trader
 * (AUTO_ENTREPRENEUR, no budget from the fund). Otherwise the figure of the lookup policy
 * (src/domain/budget-policy.ts): published criteria, a disputed range, the rule from 50
 * employees; where nothing is published, the sample rule when allowed, else "information
 * unavailable" with the criteria page.
 */
export async function budgetLookup(
  db: Db,
  criteria: CriteriaStore,
  idcc: string,
  min: number,
  max: number,
  opts: { sample: boolean },
): Promise<BudgetLookup | null> {
  const [known] = await db.query<{ idcc: string; opco: string | null }>(
    'select i.idcc, o.opco from public.idcc i left join public.idcc_opco o on o.idcc = i.idcc where i.idcc = $1',
    [idcc],
  );
  if (!known) return null;
  const opco = known.opco;
  if (max === 0)
    return {
      budgetType: 'AUTO_ENTREPRENEUR',
      opco,
      tauxPriseEnCharge: 0,
      budgetInfo: null,
      provenance: null,
    };
  const { rows, reference } = await criteria.current();
  const figure = lookupFigure(rows, { idcc, opco, min, max }, reference);
  // Demos and tests only: where nothing published gives a figure (under 50: nothing reaches the
  // IDCC; from 50: the rule of the Code du travail), the invented sample rule, labelled as such.
  if ((figure.kind === 'unavailable' || figure.kind === 'from_50') && opts.sample) {
    const sample = await sampleRule(db, idcc, min, max, opco);
    if (sample) return sample;
  }
  return sourcedLookup(figure);
}

/** The headcount bands of an IDCC: the published ones, else (when allowed) the sample rules'. */
export async function budgetBands(
  db: Db,
  criteria: CriteriaStore,
  idcc: string,
  opts: { sample: boolean },
): Promise<{ minEmployees: number; maxEmployees: number; label: string | null }[]> {
  const [known] = await db.query<{ opco: string | null }>(
    'select o.opco from public.idcc i left join public.idcc_opco o on o.idcc = i.idcc where i.idcc = $1',
    [idcc],
  );
  const { rows, reference } = await criteria.current();
  const published = criteriaBands(rows, { idcc, opco: known?.opco ?? null }, reference);
  if (published.length > 0 || !opts.sample)
    return published.map((b) => ({ minEmployees: b.min, maxEmployees: b.max, label: b.label }));
  const sample = await db.query<{
    minEmployees: number;
    maxEmployees: number;
    label: string | null;
  }>(
    `select min_employees as "minEmployees", max_employees as "maxEmployees", label
       from public.budget_rules where idcc = $1 order by min_employees, max_employees`,
    [idcc],
  );
  return sample.map((x) => ({
    minEmployees: Number(x.minEmployees),
    maxEmployees: Number(x.maxEmployees),
    label: x.label,
  }));
}
