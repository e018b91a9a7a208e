// generate-training engines (02 §2.14, §7.4: formData {objective, teamSize, priority, searchTerm},
// additionalContext → recommendations).
//  - local (default, no external service): catalogue retrieval on the challenge text
//    (training-search.ts), the best trainings returned as recommendations;
//  - llm (when configured): the model writes tailored recommendations grounded on the catalogue's
//    best candidates; its answer is checked with zod (contract plus sanity rules) and any failure
//    falls back to the local engine.
import { z } from 'zod';
import {
  trainingRecommendationSchema,
  type TrainingRecommendation,
} from '../../../src/domain/contracts.ts';
import { chatJson, type LlmConfig } from './llm.ts';
import { llmRecommendationRules, recommendationsJsonSchema } from './recommendation-llm.ts';
import { catalogueRecommendation } from './training-catalogue.ts';
import type { GenerateTrainingInput } from './training-input.ts';
import { searchCatalogue, type SearchHit } from './training-search.ts';

/** Recommendations returned per challenge. */
export const MAX_RECOMMENDATIONS = 3;
/** Catalogue candidates given to the model as grounding. */
const LLM_CANDIDATES = 6;

/** The retrieval query: the challenge first; the objective adds words when it differs. */
export function recommendationQuery(input: GenerateTrainingInput): string {
  const parts = [input.searchTerm];
  if (input.objective && input.objective !== input.searchTerm) parts.push(input.objective);
  return parts.join(' ');
}

export function catalogueCandidates(
  input: GenerateTrainingInput,
  limit = MAX_RECOMMENDATIONS,
): SearchHit[] {
  return searchCatalogue(recommendationQuery(input), limit);
}

export function localRecommendations(input: GenerateTrainingInput): TrainingRecommendation[] {
  return catalogueCandidates(input).map((h) => catalogueRecommendation(h.training));
}

/** The contract, plus what the product reads from the texts (02 §9). */
const llmRecommendationSchema = trainingRecommendationSchema.extend(llmRecommendationRules);

const llmAnswerSchema = z.object({
  recommendations: z.array(llmRecommendationSchema).min(1).max(MAX_RECOMMENDATIONS),
});

const LLM_RECOMMENDATIONS_JSON_SCHEMA = recommendationsJsonSchema();
function candidateLines(hits: SearchHit[]): string {
  if (hits.length === 0) return '- (aucune formation proche dans le catalogue)';
  return hits
    .map(
      ({ training: t }) =>
        `- ${t.title} [${t.category}] : ${t.description} (${t.durationHours} h, ${t.format}, ${t.priceEuros} € HT, ${t.coverage} financé)`,
    )
    .join('\n');
}

/** The model's recommendations; null on any failure (the caller falls back to the local engine). */
export async function recommendWithLlm(
  config: LlmConfig,
  input: GenerateTrainingInput,
  fetchImpl?: typeof fetch,
): Promise<TrainingRecommendation[] | null> {
  const candidates = catalogueCandidates(input, LLM_CANDIDATES);
  const context = [
    input.objective && `Objectif : ${input.objective}`,
    input.teamSize && `Taille de l’équipe : ${input.teamSize}`,
    input.priority && `Priorité : ${input.priority}`,
    input.additionalContext && `Contexte : ${input.additionalContext}`,
  ]
    .filter(Boolean)
    .join('\n');
  const result = await chatJson(
    config,
    {
      system:
        'Tu es un conseiller en formation professionnelle en France. À partir du défi d’une entreprise, tu proposes ' +
        `au plus ${MAX_RECOMMENDATIONS} formations sur mesure, finançables par l’OPCO de l’entreprise. Appuie-toi sur ` +
        'les formations du catalogue fournies (durées et prix réalistes, entre 1 550 et 8 200 € HT). Tout est en ' +
        'français. Réponds uniquement avec le JSON demandé.',
      user: `Défi : ${input.searchTerm}\n${context}\n\nFormations du catalogue proches du défi :\n${candidateLines(candidates)}`,
      schemaName: 'training_recommendations',
      jsonSchema: LLM_RECOMMENDATIONS_JSON_SCHEMA,
      schema: llmAnswerSchema,
      temperature: 0.4,
      maxTokens: 1800,
    },
    { fetchImpl },
  );
  return result.ok ? result.data.recommendations : null;
}
