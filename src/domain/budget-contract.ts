// The budget ("product") API's contract (01 §3, §7): agreement suggestions from a NAF code, the
// IDCC search, agreement details, headcount bands (infoPdc) and the budget lookup. Apart from
// ./contracts.ts (which re-exports it) because the onboarding's first screens need it and the
// registry's alone, not the functions', the expert search's or the public survey's contracts. In
// zod/mini, like ./registry-contract.ts: the first screens do not load zod's full API.
import { z } from 'zod/mini';

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

/** GET /public/pdc/infoPdc/{id}/min/{min}/max/{max} */
export const budgetLookupResponseSchema = z.looseObject({
  budgetType: z.nullish(z.string()),
  opco: z.nullish(z.string()),
  tauxPriseEnCharge: z.nullish(z.union([z.number(), z.string()])),
  budgetInfo: z.nullish(budgetInfoSchema),
});
export type BudgetLookupResponse = z.infer<typeof budgetLookupResponseSchema>;

/** Error body of every endpoint the embedded backend serves (4xx/5xx). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
