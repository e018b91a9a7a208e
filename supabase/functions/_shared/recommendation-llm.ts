// What a model's training recommendation must satisfy, shared by generate-training and
// analyze-survey: the zod rules on top of the contract (what the product reads from the texts,
// 02 §9: digits in price and duration, a percent of at most 100 in coverage) and the JSON schema
// sent to the model (structured output), both extensible with a function's extra fields.
import { z } from 'zod';

const hasDigit = (s: string) => /\d/.test(s);
const PERCENT = /(\d{1,3})\s*%/;

/** zod fields to `.extend()` a recommendation contract with. */
export const llmRecommendationRules = {
  title: z.string().trim().min(1).max(300),
  price: z.string().max(100).refine(hasDigit),
  duration: z.string().max(100).refine(hasDigit),
  coverage: z
    .string()
    .max(100)
    .refine((s) => {
      const m = PERCENT.exec(s);
      return m !== null && Number(m[1]) <= 100;
    }),
  benefits: z.array(z.string().trim().min(1).max(500)).min(1).max(10),
};

const str = { type: 'string' } as const;

const RECOMMENDATION_PROPERTIES = {
  title: str,
  category: str,
  description: str,
  duration: { type: 'string', description: 'ex. « 14 heures »' },
  format: { type: 'string', enum: ['Présentiel', 'Distanciel', 'Hybride', 'E-learning'] },
  price: { type: 'string', description: 'ex. « 2 450 € HT »' },
  coverage: { type: 'string', description: 'part financée par l’OPCO, ex. « 100% »' },
  benefits: { type: 'array', items: str },
} as const;

/** `{ recommendations: [...] }` for the model, with the function's extra (required) properties. */
export function recommendationsJsonSchema(extra: Record<string, object> = {}) {
  const properties = { ...RECOMMENDATION_PROPERTIES, ...extra };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['recommendations'],
    properties: {
      recommendations: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: Object.keys(properties),
          properties,
        },
      },
    },
  } as const;
}
