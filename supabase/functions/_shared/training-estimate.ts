// estimate-training engines (02 §7.4: trainingData {topic, description, format} → duration, cost,
// explanation).
//  - local (default, no external service): the k nearest catalogue trainings (training-search.ts);
//    duration and cost are their averages weighted by closeness; the explanation names them;
//  - llm (when configured): the model estimates from the request and the same references, its
//    answer checked with zod; any failure falls back to the local engine.
import { z } from 'zod';
import { chatJson, type LlmConfig } from './llm.ts';
import {
  groupThousands,
  TRAINING_CATALOGUE,
  type CatalogueTraining,
} from './training-catalogue.ts';
import type { EstimateTrainingInput } from './training-input.ts';
import { nearestTrainings, type SearchHit } from './training-search.ts';

export type TrainingEstimate = { duration: number; cost: number; explanation: string };

/** Bounds of the training_requests table (src/domain/training.ts). */
const MAX_DURATION = 10_000;
const MAX_COST = 100_000_000;
export const ESTIMATE_NEIGHBOURS = 3;
/** Costs are rounded to this many euros (a quote, not an invoice). */
const COST_STEP = 50;

const hoursText = (h: number) => `${h}\u00a0h`;
const priceText = (euros: number) => `${groupThousands(euros)}\u00a0€\u00a0HT`;
const reference = (t: CatalogueTraining) =>
  `« ${t.title} » (${hoursText(t.durationHours)}, ${priceText(t.priceEuros)})`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const roundCost = (euros: number) =>
  Math.min(MAX_COST, Math.max(0, Math.round(euros / COST_STEP) * COST_STEP));
const roundDuration = (hours: number) => Math.min(MAX_DURATION, Math.max(1, Math.round(hours)));

function joinFrench(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

/** The catalogue estimate: weighted averages of the nearest trainings, or the catalogue medians. */
export function estimateFromCatalogue(
  input: EstimateTrainingInput,
  k = ESTIMATE_NEIGHBOURS,
): TrainingEstimate & { references: SearchHit[] } {
  const references = nearestTrainings(input.topic, input.description, input.format, k);
  if (references.length === 0) {
    const duration = roundDuration(median(TRAINING_CATALOGUE.map((t) => t.durationHours)));
    const cost = roundCost(median(TRAINING_CATALOGUE.map((t) => t.priceEuros)));
    return {
      duration,
      cost,
      references,
      explanation:
        `Aucune formation de notre catalogue ne correspond précisément à votre demande : l’estimation reprend la durée ` +
        `et le prix médians de nos ${TRAINING_CATALOGUE.length} formations (${hoursText(duration)}, ${priceText(cost)}). ` +
        `Ajustez-les selon votre projet.`,
    };
  }
  const weight = references.reduce((sum, h) => sum + h.score, 0);
  const avg = (pick: (t: CatalogueTraining) => number) =>
    references.reduce((sum, h) => sum + pick(h.training) * h.score, 0) / weight;
  const duration = roundDuration(avg((t) => t.durationHours));
  const cost = roundCost(avg((t) => t.priceEuros));
  const names = joinFrench(references.map((h) => reference(h.training)));
  const explanation =
    references.length === 1
      ? `Estimation établie à partir de la formation la plus proche de notre catalogue : ${names}.`
      : `Estimation établie à partir des ${references.length} formations les plus proches de notre catalogue : ${names}. ` +
        `La durée et le budget sont leur moyenne, pondérée par leur proximité avec votre demande.`;
  return { duration, cost, references, explanation: explanation.slice(0, 2000) };
}

const llmEstimateSchema = z.object({
  duration: z.number().int().min(1).max(MAX_DURATION),
  cost: z.number().int().min(0).max(MAX_COST),
  explanation: z.string().trim().min(1).max(2000),
});

const LLM_ESTIMATE_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['duration', 'cost', 'explanation'],
  properties: {
    duration: { type: 'integer', description: 'Durée totale en heures (au moins 1)' },
    cost: { type: 'integer', description: 'Coût total en euros HT (au moins 0)' },
    explanation: {
      type: 'string',
      description: 'Une ou deux phrases en français justifiant l’estimation',
    },
  },
} as const;

const FORMAT_WORDS = { remote: 'distanciel', in_person: 'présentiel' } as const;

/** The model's estimate, references given as grounding; null on any failure (caller falls back). */
export async function estimateWithLlm(
  config: LlmConfig,
  input: EstimateTrainingInput,
  references: SearchHit[],
  fetchImpl?: typeof fetch,
): Promise<TrainingEstimate | null> {
  const refs = references.length
    ? references
        .map(
          (h) =>
            `- ${h.training.title} (${h.training.format}) : ${h.training.durationHours} h, ${h.training.priceEuros} € HT`,
        )
        .join('\n')
    : '- (aucune formation proche dans le catalogue)';
  const result = await chatJson(
    config,
    {
      system:
        'Tu es un conseiller en formation professionnelle en France. Tu estimes la durée (heures) et le coût (euros HT) ' +
        'd’une formation sur mesure pour une entreprise, financée par son OPCO. Les formations comparables coûtent ' +
        'généralement entre 1 550 et 8 200 € HT. Réponds uniquement avec le JSON demandé, explication en français.',
      user:
        `Thématique : ${input.topic}\nDescription et objectifs : ${input.description}\nFormat : ${FORMAT_WORDS[input.format]}\n\n` +
        `Formations de référence de notre catalogue :\n${refs}`,
      schemaName: 'training_estimate',
      jsonSchema: LLM_ESTIMATE_JSON_SCHEMA,
      schema: llmEstimateSchema,
      temperature: 0.2,
      maxTokens: 400,
    },
    { fetchImpl },
  );
  return result.ok ? result.data : null;
}
