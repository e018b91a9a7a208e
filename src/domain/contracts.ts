// Third-party and function contracts (01 §3/§7, 02 §3/§7). One set of zod schemas, used by the
// app's adapters to parse responses, by the embedded backend to shape what it serves, and by the
// contract tests. Parsing is lenient where the real services are loose (extra fields pass through,
// numbers may come as strings) and strict on what the product reads.
import { z } from 'zod';

// ----------------------------------------------------------------------------------------------
// Company registry: "v2 suggestions" (GET {REGISTRY_URL}?q=...&cibles=siret)
// ----------------------------------------------------------------------------------------------
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : String(v)));

export const registryConventionSchema = z
  .object({
    idcc: z.union([z.string(), z.number()]).nullish(),
    nom: z.string().nullish(),
  })
  .passthrough();

export const registrySiegeSchema = z
  .object({
    siret: optionalText,
    adresse_ligne_1: optionalText,
    adresse_ligne_2: optionalText,
    code_postal: optionalText,
    ville: optionalText,
  })
  .passthrough();

export const registryItemSchema = z
  .object({
    siren: z.union([z.string(), z.number()]).transform(String),
    siege: registrySiegeSchema.nullish(),
    nom_entreprise: z.string().nullish(),
    denomination: z.string().nullish(),
    forme_juridique: z.string().nullish(),
    code_naf: z.string().nullish(),
    conventions_collectives: z.array(registryConventionSchema).nullish(),
  })
  .passthrough();
export type RegistryItem = z.infer<typeof registryItemSchema>;

export const registryResponseSchema = z
  .object({
    resultats_nom_entreprise: z.array(registryItemSchema).optional().default([]),
    resultats_siret: z.array(registryItemSchema).optional().default([]),
  })
  .passthrough();
export type RegistryResponse = z.infer<typeof registryResponseSchema>;

// ----------------------------------------------------------------------------------------------
// Budget ("product") API
// ----------------------------------------------------------------------------------------------

/** GET /public/idcc/getIdccFromNAF/?naf= : raw items; the domain keeps only well-formed ones. */
export const idccSuggestionsResponseSchema = z.array(z.unknown());

/** IDCC prefix search helper: GET /public/idcc/search/?q={digits} */
export const idccSearchItemSchema = z.object({ idcc: z.string(), label: z.string() });
export const idccSearchResponseSchema = z.array(idccSearchItemSchema);
export type IdccSearchItem = z.infer<typeof idccSearchItemSchema>;

/** GET /public/pdc/{id}: agreement details (shape not given by the documents; ours). */
export const agreementDetailsSchema = z
  .object({
    idcc: z.string(),
    ccName: z.string(),
    nature: z.string().nullish(),
    etat: z.string().nullish(),
    url: z.string().nullish(),
    opco: z.string().nullish(),
  })
  .passthrough();
export type AgreementDetails = z.infer<typeof agreementDetailsSchema>;

/** GET /public/pdc/infoPdc/{id}: one entry per headcount band the fund publishes. */
// Numbers may come as strings ("50"); null, '' and booleans are not counts (z.coerce.number()
// turned them into 0 and 1).
const integerLike = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,9}$/)
      .transform(Number),
  ])
  .pipe(z.number().int());
export const infoPdcEntrySchema = z
  .object({
    minEmployees: integerLike,
    maxEmployees: integerLike,
  })
  .passthrough();
export const infoPdcResponseSchema = z.array(z.unknown());

/**
 * Budget info record (01 §3) and financing conditions (02 §3). Values are what the funds publish:
 * amounts as text ("3 500"), markers ("Coût réel", "Voir commentaire", "Information indisponible",
 * "Non"), or null. Everything is optional: a fund may publish nothing.
 */
const looseValue = z
  .union([z.string(), z.number(), z.boolean()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : typeof v === 'string' ? v : String(v)));

export const budgetInfoSchema = z
  .object({
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
  })
  .partial()
  .passthrough();
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
export const budgetLookupResponseSchema = z
  .object({
    budgetType: z.string().nullish(),
    opco: z.string().nullish(),
    tauxPriseEnCharge: z.union([z.number(), z.string()]).nullish(),
    budgetInfo: budgetInfoSchema.nullish(),
  })
  .passthrough();
export type BudgetLookupResponse = z.infer<typeof budgetLookupResponseSchema>;

/** Error body of every endpoint the embedded backend serves (4xx/5xx). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// ----------------------------------------------------------------------------------------------
// Functions (POST /functions/v1/<name>, bearer token) — 02 §7.4
// ----------------------------------------------------------------------------------------------
const boundedText = (max: number) => z.string().max(max);

export const generateTrainingRequestSchema = z.object({
  formData: z.object({
    objective: boundedText(2000).optional().default(''),
    teamSize: boundedText(100).optional().default(''),
    priority: boundedText(100).optional().default(''),
    searchTerm: boundedText(2000),
  }),
  additionalContext: boundedText(4000).optional().default(''),
});
export type GenerateTrainingRequest = z.input<typeof generateTrainingRequestSchema>;

export const trainingRecommendationSchema = z.object({
  title: z.string().min(1).max(300),
  category: z.string().max(100),
  description: z.string().max(4000),
  duration: z.string().max(100),
  format: z.string().max(100),
  price: z.string().max(100),
  coverage: z.string().max(100),
  benefits: z.array(z.string().max(500)).max(10),
});
export type TrainingRecommendation = z.infer<typeof trainingRecommendationSchema>;

export const generateTrainingResponseSchema = z.object({
  recommendations: z.array(trainingRecommendationSchema).max(20),
  engine: z.enum(['local', 'llm']).optional(),
});
export type GenerateTrainingResponse = z.infer<typeof generateTrainingResponseSchema>;

export const estimateTrainingRequestSchema = z.object({
  trainingData: z.object({
    topic: boundedText(300),
    description: boundedText(5000),
    format: z.enum(['remote', 'in_person']),
  }),
});
export type EstimateTrainingRequest = z.infer<typeof estimateTrainingRequestSchema>;

export const estimateTrainingResponseSchema = z.object({
  duration: z.number().int().min(1),
  cost: z.number().int().min(0),
  explanation: z.string().max(2000),
  engine: z.enum(['local', 'llm']).optional(),
});
export type EstimateTrainingResponse = z.infer<typeof estimateTrainingResponseSchema>;

export const analyzeSurveyRequestSchema = z.object({
  surveyData: z.object({
    departments: z
      .array(z.object({ name: z.string().max(50), count: z.number().int().min(0) }))
      .max(20),
    toolsSatisfaction: z
      .array(z.object({ status: z.string().max(20), count: z.number().int().min(0) }))
      .max(10),
    responses: z
      .array(
        z.object({
          department: z.string().max(50),
          responses: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
          improvement: z.string().max(5000).nullish(),
        }),
      )
      .max(5000),
  }),
});
export type AnalyzeSurveyRequest = z.infer<typeof analyzeSurveyRequestSchema>;

export const surveyRecommendationSchema = trainingRecommendationSchema.extend({
  department: z.string().max(50).optional(),
  priority: z.enum(['high', 'medium', 'low']).optional(),
  rationale: z.string().max(1000).optional(),
});
export type SurveyRecommendation = z.infer<typeof surveyRecommendationSchema>;

export const analyzeSurveyResponseSchema = z.object({
  recommendations: z.array(surveyRecommendationSchema).max(20),
  engine: z.enum(['local', 'llm']).optional(),
});
export type AnalyzeSurveyResponse = z.infer<typeof analyzeSurveyResponseSchema>;

// ----------------------------------------------------------------------------------------------
// Expert search (Algolia index expertises_public, or the local adapter) — 02 §3, §7.5
// ----------------------------------------------------------------------------------------------
export const expertHitSchema = z
  .object({
    objectID: z.string(),
    id: z.union([z.string(), z.number()]).transform(String),
    firstname: z.string().nullish(),
    expertise_name: z.string().nullish(),
    public_experiences: z
      .array(
        z
          .object({ isCurrentJob: z.boolean().nullish(), jobTitle: z.string().nullish() })
          .passthrough(),
      )
      .nullish(),
    skills: z.array(z.string()).nullish(),
    tools: z.array(z.string()).nullish(),
    description: z.string().nullish(),
    pictures_url: z.array(z.string()).nullish(),
    sector: z.union([z.string(), z.array(z.string())]).nullish(),
    market: z.union([z.string(), z.array(z.string())]).nullish(),
  })
  .passthrough();
export type ExpertHit = z.infer<typeof expertHitSchema>;

export const EXPERT_FACETS = [
  'does_guides_advances',
  'does_guides_beginners',
  'does_guides_intermediates',
  'has_managerial_responsibilities',
  'is_independent',
  'is_management',
  'is_operational',
  'market',
  'sector',
  'tool',
] as const;
export type ExpertFacet = (typeof EXPERT_FACETS)[number];

export const expertSearchResultSchema = z.object({
  hits: z.array(expertHitSchema),
  facets: z.record(z.string(), z.record(z.string(), z.number())).optional().default({}),
  nbPages: z.number().int().min(0),
  page: z.number().int().min(0).optional(),
  nbHits: z.number().int().min(0).optional(),
});
export type ExpertSearchResult = z.infer<typeof expertSearchResultSchema>;

// ----------------------------------------------------------------------------------------------
// Public survey RPCs (security definer functions) — 02 §2.18
// ----------------------------------------------------------------------------------------------
// Written with zod/mini in ./public-survey-contracts (the respondent's lean page loads only them);
// re-exported here so that every importer keeps this path.
export {
  DEPARTMENTS,
  TOOLS_SATISFACTION,
  surveyQuestionSchema,
  surveyQuestionSetSchema,
  publicSurveySchema,
  publicSurveyAnswerSchema,
  submitSurveyResultSchema,
  SURVEY_ERROR_CODES,
  type Department,
  type ToolsSatisfaction,
  type SurveyQuestion,
  type SurveyQuestionSet,
  type PublicSurvey,
  type PublicSurveyAnswer,
  type SubmitSurveyResult,
} from './public-survey-contracts';
