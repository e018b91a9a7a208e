// The sample directory's shape (public/data/experts-sample.json): zod only, so that the generator
// script (scripts/generate-experts.ts) validates its output with the same schema the app reads with.
import { z } from 'zod';

export const sampleExpertSchema = z.object({
  objectID: z.string().min(1),
  id: z.string().min(1),
  sample: z.literal(true),
  firstname: z.string(),
  /** Sample only: the first name, job titles and portrait agree with it (scripts/generate-experts.ts). */
  gender: z.enum(['female', 'male']).optional(),
  expertise_name: z.string(),
  public_experiences: z.array(z.object({ isCurrentJob: z.boolean(), jobTitle: z.string() })),
  skills: z.array(z.string()),
  tools: z.array(z.string()),
  description: z.string(),
  pictures_url: z.array(z.string()),
  sector: z.string(),
  market: z.array(z.string()),
  does_guides_advances: z.boolean(),
  does_guides_beginners: z.boolean(),
  does_guides_intermediates: z.boolean(),
  has_managerial_responsibilities: z.boolean(),
  is_independent: z.boolean(),
  is_management: z.boolean(),
  is_operational: z.boolean(),
});
export type SampleExpert = z.infer<typeof sampleExpertSchema>;

export const expertsDatasetSchema = z.object({
  sample: z.literal(true),
  version: z.number().int().min(1),
  note: z.string(),
  experts: z.array(sampleExpertSchema).min(1),
});
export type ExpertsDataset = z.infer<typeof expertsDatasetSchema>;
