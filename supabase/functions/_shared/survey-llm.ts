// analyze-survey, model engine (when OPENAI_API_KEY is configured): the model reads the aggregated
// answers (never the respondents' names: the payload has none) and the local engine's catalogue
// candidates, and writes recommendations for the team. Its answer is checked with zod (the
// contract plus what the app reads from the texts); any failure returns null so that the caller
// falls back to the local engine.
import { z } from 'zod';
import {
  DEPARTMENTS,
  surveyRecommendationSchema,
  type SurveyRecommendation,
} from '../../../src/domain/contracts.ts';
import { chatJson, type LlmConfig } from './llm.ts';
import { llmRecommendationRules, recommendationsJsonSchema } from './recommendation-llm.ts';
import {
  DEPARTMENT_NAMES,
  MAX_SURVEY_RECOMMENDATIONS,
  percentText,
  surveyCandidates,
  type SurveyInsights,
} from './survey-analysis.ts';
import type { SurveyAnalysisInput } from './survey-input.ts';

/** Candidates of the catalogue given to the model as grounding. */
const LLM_CANDIDATES = 8;
/** Suggestions quoted to the model (the longest texts are cut). */
const MAX_QUOTED_SUGGESTIONS = 15;

const llmRecommendationSchema = surveyRecommendationSchema.extend({
  ...llmRecommendationRules,
  description: z.string().trim().min(1).max(4000),
  department: z.enum(DEPARTMENTS).optional(),
  priority: z.enum(['high', 'medium', 'low']),
  rationale: z.string().trim().min(1).max(1000),
});

export const llmSurveyAnswerSchema = z.object({
  recommendations: z.array(llmRecommendationSchema).min(1).max(MAX_SURVEY_RECOMMENDATIONS),
});

const SURVEY_RECOMMENDATIONS_JSON_SCHEMA = recommendationsJsonSchema({
  department: { type: 'string', enum: [...DEPARTMENTS], description: 'service concerné (code)' },
  priority: { type: 'string', enum: ['high', 'medium', 'low'] },
  rationale: { type: 'string', description: 'pourquoi, d’après les réponses (chiffres à l’appui)' },
});
/** The aggregated answers as the model reads them (French, no names). */
export function describeInsights(insights: SurveyInsights, input: SurveyAnalysisInput): string {
  const lines = [`Réponses : ${insights.total}`];
  for (const d of insights.departments) {
    const needs = d.needs.map((n) => `« ${n.option} » (${percentText(n.share)})`).join(', ');
    lines.push(
      `- ${DEPARTMENT_NAMES[d.department]} (${d.department}) : ${d.count} réponse(s)${needs ? ` ; besoins principaux : ${needs}` : ''}`,
    );
  }
  if (insights.tools.answered > 0) {
    lines.push(
      `Outils insuffisants (Non ou Partiellement) : ${percentText(insights.tools.share)} des réponses`,
    );
  }
  if (insights.words.length > 0) {
    lines.push(
      `Mots récurrents des réponses libres : ${insights.words.map((w) => `${w.word} (${w.count})`).join(', ')}`,
    );
  }
  const quotes = input.responses
    .map((r) => r.improvement)
    .filter(Boolean)
    .slice(0, MAX_QUOTED_SUGGESTIONS)
    .map((t) => `- « ${t.slice(0, 300)} »`);
  if (quotes.length > 0) lines.push('Suggestions des salariés :', ...quotes);
  return lines.join('\n');
}

/** The model's recommendations; null on any failure (the caller falls back to the local engine). */
export async function analyzeSurveyWithLlm(
  config: LlmConfig,
  input: SurveyAnalysisInput,
  insights: SurveyInsights,
  fetchImpl?: typeof fetch,
): Promise<SurveyRecommendation[] | null> {
  const candidates = surveyCandidates(insights, LLM_CANDIDATES)
    .map(
      ({ training: t, reasons }) =>
        `- ${t.title} [${t.category}] : ${t.description} (${t.durationHours} h, ${t.format}, ${t.priceEuros} € HT, ${t.coverage} financé) — ${reasons.join(' ')}`,
    )
    .join('\n');
  const result = await chatJson(
    config,
    {
      system:
        'Tu es un conseiller en formation professionnelle en France. À partir des réponses agrégées d’un sondage ' +
        `interne sur les besoins en formation, tu proposes au plus ${MAX_SURVEY_RECOMMENDATIONS} formations ` +
        'concrètes, finançables par l’OPCO de l’entreprise, classées de la plus prioritaire à la moins prioritaire. ' +
        'Appuie-toi sur les formations du catalogue fournies (durées et prix réalistes, entre 1 550 et 8 200 € HT) ' +
        'et justifie chaque proposition par les réponses. Tout est en français. Réponds uniquement avec le JSON demandé.',
      user: `${describeInsights(insights, input)}\n\nFormations du catalogue en rapport :\n${candidates || '- (aucune)'}`,
      schemaName: 'survey_recommendations',
      jsonSchema: SURVEY_RECOMMENDATIONS_JSON_SCHEMA,
      schema: llmSurveyAnswerSchema,
      temperature: 0.3,
      maxTokens: 2400,
    },
    { fetchImpl },
  );
  return result.ok ? result.data.recommendations : null;
}
