// Third-party and function contracts (01 §3/§7, 02 §3/§7). One set of zod schemas, used by the
// app's adapters to parse responses, by the embedded backend to shape what it serves, and by the
// contract tests. Parsing is lenient where the real services are loose (extra fields pass through,
// numbers may come as strings) and strict on what the product reads.
import { z } from 'zod';

// Company registry: in its own module (./registry-contract.ts), so that the first screen, which
// searches the registry, does not build every other contract.
export * from './registry-contract.ts';

// The budget ("product") API: in its own module (./budget-contract.ts) for the same reason.
export * from './budget-contract.ts';

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
} from './public-survey-contracts.ts';
