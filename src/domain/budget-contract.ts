// The budget ("product") API's contract (01 §3, §7): agreement suggestions from a NAF code, the
// IDCC search, agreement details, headcount bands (infoPdc) and the budget lookup. Apart from
// ./contracts.ts (which re-exports it) because the onboarding's first screens need it and the
// registry's alone, not the functions', the expert search's or the public survey's contracts. In
// zod/mini, like ./registry-contract.ts: the first screens do not load zod's full API.
import { z } from 'zod/mini';
import type { BudgetFigure } from './budget-figure.ts';

/** GET /public/idcc/getIdccFromNAF/?naf= : raw items; the domain keeps only well-formed ones. */
export const idccSuggestionsResponseSchema = z.array(z.unknown());

/** IDCC prefix search helper: GET /public/idcc/search/?q={digits} */
export const idccSearchItemSchema = z.object({ idcc: z.string(), label: z.string() });
export const idccSearchResponseSchema = z.array(idccSearchItemSchema);
export type IdccSearchItem = z.infer<typeof idccSearchItemSchema>;

/** GET /public/pdc/{id}: agreement details (shape not given by the documents; ours). */
export const agreementDetailsSchema = z.looseObject({
  idcc: z.string(),
  ccName: z.string(),
  nature: z.nullish(z.string()),
  etat: z.nullish(z.string()),
  url: z.nullish(z.string()),
  opco: z.nullish(z.string()),
});
export type AgreementDetails = z.infer<typeof agreementDetailsSchema>;

/** GET /public/pdc/infoPdc/{id}: one entry per headcount band the fund publishes. */
// Numbers may come as strings ("50"); null, '' and booleans are not counts (z.coerce.number()
// turned them into 0 and 1).
const integerLike = z.pipe(
  z.union([
    z.number(),
    z.pipe(z.string().check(z.trim(), z.regex(/^-?\d{1,9}$/)), z.transform(Number)),
  ]),
  z.int(),
);
export const infoPdcEntrySchema = z.looseObject({
  minEmployees: integerLike,
  maxEmployees: integerLike,
});
export const infoPdcResponseSchema = z.array(z.unknown());

/**
 * Budget info record (01 §3) and financing conditions (02 §3). Values are what the funds publish:
 * amounts as text ("3 500"), markers ("Coût réel", "Voir commentaire", "Information indisponible",
 * "Non"), or null. Everything is optional: a fund may publish nothing.
 */
const looseValue = z.pipe(
  z.nullish(z.union([z.string(), z.number(), z.boolean()])),
  z.transform((v: string | number | boolean | null | undefined) =>
    v === null || v === undefined ? null : typeof v === 'string' ? v : String(v),
  ),
);

export const budgetInfoSchema = z.partial(
  z.looseObject({
    totalBudget_value: looseValue,
    totalBudget_unity: looseValue,
    legalBudget_value: looseValue,
    legalBudget_unity: looseValue,
    conventionalBudget_value: looseValue,
    conventionalBudget_unity: looseValue,
    Budget_condition: looseValue,
    opco: looseValue,
    rateOfCoverage: looseValue,
    dailyCap_minValue: looseValue,
    dailyCap_unity: looseValue,
    dailyCap_conditions: looseValue,
    hourlyCap_minValue: looseValue,
    hourlyCap_unity: looseValue,
    hourlyCap_conditions: looseValue,
    hourlyVolumeCap_minValue: looseValue,
    hourlyVolumeCap_unity: looseValue,
    hourlyVolumeCap_conditions: looseValue,
    isWagesInBudget: looseValue,
    wages_conditions: looseValue,
    additionalCosts_value: looseValue,
    additionalCosts_conditions: looseValue,
    comments: looseValue,
    thematicConditions: looseValue,
    pdcUpdatedAt: looseValue,
  }),
);
export type BudgetInfo = z.infer<typeof budgetInfoSchema>;

export const BUDGET_TYPES = [
  'UNKNOWN',
  'ILLIMITED',
  'LEGAL',
  'CONVENTION',
  'LEGAL_CONVENTION',
  'LEGAL_CONVENTION_DISPLAYED',
  'COMMENT',
  'SUM_OF_LEGAL_AND_CONVENTION',
  'TOTAL',
  'AUTO_ENTREPRENEUR',
] as const;
export type LookupBudgetType = (typeof BUDGET_TYPES)[number];

/**
 * (ours, issue 15) Where the figure of a budget lookup comes from: a published criterion (its
 * page, its date, how reliable the source is, and the conflict it settled), the invented sample
 * rules (tests and demos only), or nothing published ("information unavailable", with the OPCO's
 * criteria page). The real product API does not send it: absent means "not said".
 */
const isoDay = z.nullish(z.string().check(z.regex(/^\d{4}(-\d{2}-\d{2})?$/)));
const reliabilitySchema = z.enum(['official', 'press', 'compilation']);
const httpUrl = z.nullish(z.string().check(z.maxLength(1000), z.regex(/^https?:\/\//i)));
export const budgetProvenanceSchema = z.union([
  z.object({
    kind: z.literal('sourced'),
    opco: z.nullish(z.string().check(z.maxLength(100))),
    branch: z.nullish(z.string().check(z.maxLength(300))),
    url: httpUrl,
    reliability: reliabilitySchema,
    publishedOn: isoDay,
    retrievedOn: isoDay,
    year: z.nullish(z.number()),
    level: z.catch(z.nullish(z.enum(['idcc', 'opco_default'])), null),
    conflict: z.catch(
      z.nullish(
        z.object({
          rule: z.string().check(z.maxLength(50)),
          alternatives: z
            .array(
              z.object({
                reliability: reliabilitySchema,
                date: isoDay,
                yearlyCapEur: z.nullish(z.number()),
                url: httpUrl,
              }),
            )
            .check(z.maxLength(10)),
        }),
      ),
      null,
    ),
  }),
  z.object({ kind: z.literal('sample') }),
  z.object({
    kind: z.literal('unavailable'),
    opco: z.nullish(z.string().check(z.maxLength(100))),
    criteriaUrl: httpUrl,
  }),
]);
export type BudgetProvenance = z.infer<typeof budgetProvenanceSchema>;

/**
 * (ours, issue 27) The figure an employer can trust: src/domain/budget-figure.ts describes every
 * field. Validated at the boundary like the rest; a malformed figure is dropped (the screen then
 * reads the budget record as before), never half-read.
 */
const euros = z.number().check(z.gte(0), z.lte(100_000_000));
const capRangeSchema = z.object({ min: euros, max: euros });
const basisSchema = z.enum(['HT', 'TTC', 'unknown']);
const salarySchema = z.enum(['yes', 'no', 'partial', 'unknown']);
const shortText = (max: number) => z.string().check(z.maxLength(max));
export const figureSourceSchema = z.object({
  line: z.int().check(z.gte(1)),
  opco: shortText(100),
  branch: shortText(300),
  reach: z.enum(['idcc', 'opco_default']),
  url: z.string().check(z.maxLength(1000), z.regex(/^https?:\/\//i)),
  reliability: reliabilitySchema,
  label: z.nullable(shortText(10)),
  publishedOn: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  retrievedOn: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  year: z.nullable(z.int()),
  status: z.enum(['current', 'disputed', 'superseded', 'outdated']),
  evidence: z.nullable(shortText(400)),
  basis: z.nullable(basisSchema),
  figures: z.object({
    yearlyCapEur: z.nullable(euros),
    hourlyCapEur: z.nullable(euros),
    perActionCapEur: z.nullable(euros),
    coverageRatePct: z.nullable(euros),
    salary: salarySchema,
  }),
});
export const fundingTermsSchema = z.object({
  fund: z.enum(['total', 'legal', 'conventional']),
  yearlyCap: z.nullable(capRangeSchema),
  hourlyCap: z.nullable(capRangeSchema),
  perActionCap: z.nullable(capRangeSchema),
  perTraineePerFileCap: z.nullable(capRangeSchema),
  coverageRatePct: z.nullable(capRangeSchema),
  minHours: z.nullable(euros),
  salary: salarySchema,
  basis: basisSchema,
  year: z.nullable(z.int()),
  reliability: reliabilitySchema,
  status: z.enum(['current', 'disputed', 'outdated']),
  sources: z.array(figureSourceSchema).check(z.minLength(1), z.maxLength(10)),
});
export const budgetFigureSchema = z.object({
  kind: z.enum(['published', 'range', 'from_50', 'unavailable']),
  opco: z.nullable(shortText(100)),
  band: z.object({ min: z.int().check(z.gte(0)), max: z.int().check(z.gte(0)) }),
  parts: z.array(fundingTermsSchema).check(z.maxLength(4)),
  sum: z.nullable(capRangeSchema),
  year: z.nullable(z.int()),
  reliability: z.nullable(reliabilitySchema),
  status: z.nullable(z.enum(['current', 'disputed', 'outdated'])),
  criteriaDate: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  from50: z.boolean(),
  criteriaUrl: z.nullable(z.string().check(z.maxLength(1000), z.regex(/^https?:\/\//i))),
  notes: z.array(figureSourceSchema).check(z.maxLength(10)),
});

/** GET /public/pdc/infoPdc/{id}/min/{min}/max/{max} */
export const budgetLookupResponseSchema = z.looseObject({
  budgetType: z.nullish(z.string()),
  opco: z.nullish(z.string()),
  tauxPriseEnCharge: z.nullish(z.union([z.number(), z.string()])),
  budgetInfo: z.nullish(budgetInfoSchema),
  /** (ours) a malformed provenance is dropped, never the figure */
  provenance: z.catch(z.optional(budgetProvenanceSchema), undefined),
  /** (ours, issue 27) a malformed figure is dropped: the budget record is read as before */
  figure: z.catch(z.optional(budgetFigureSchema), undefined),
});
export type BudgetLookupResponse = z.infer<typeof budgetLookupResponseSchema>;

/** Error body of every endpoint the embedded backend serves (4xx/5xx). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// The wire shape and the domain type of the figure are one contract (compile-time check).
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const figureShapeAgrees: SameShape<z.infer<typeof budgetFigureSchema>, BudgetFigure> = true;
void figureShapeAgrees;
