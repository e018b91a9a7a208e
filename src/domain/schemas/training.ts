// New training request (02 §2.16, §5) and the AI recommendation need (02 §2.14, §5).
import { z } from 'zod';
import { messages } from '../messages';
import { MAX_TRAINING_COST, MAX_TRAINING_DURATION } from '../training';
import { LIMITS, numberInput, requiredText } from './common';

/** 02 §5: the need text must be non-blank after trimming. Output: the trimmed text. */
export const recommendationNeedSchema = z
  .union([z.string(), z.null(), z.undefined()], { error: messages.needRequired })
  .transform((v) => v ?? '')
  .pipe(requiredText(2000, messages.needRequired));

const topic = requiredText(LIMITS.shortText, messages.topicRequired);
const description = requiredText(LIMITS.longText, messages.descriptionRequired);
const format = z.enum(['remote', 'in_person'], { error: messages.formatRequired });

/** The estimate button needs a topic and a description (02 §5). */
export const estimateInputSchema = z
  .object(
    {
      topic: z.unknown(),
      description: z.unknown(),
      format: format.catch('remote'),
    },
    { error: messages.invalidForm },
  )
  .transform((v, ctx) => {
    const t = topic.safeParse(v.topic);
    const d = description.safeParse(v.description);
    if (!t.success || !d.success) {
      ctx.addIssue({ code: 'custom', message: messages.estimateNeedsTopicAndDescription });
      return z.NEVER;
    }
    return { topic: t.data, description: d.data, format: v.format };
  });

/** The estimate button is enabled when topic and description are both non-blank. */
export const canEstimate = (topicText: unknown, descriptionText: unknown): boolean =>
  topic.safeParse(topicText).success && description.safeParse(descriptionText).success;

const duration = numberInput(messages.durationRequired, messages.numberInvalid).pipe(
  z
    .number()
    .int({ message: messages.numberInvalid })
    .min(1, { message: messages.durationMin })
    .max(MAX_TRAINING_DURATION, { message: messages.numberInvalid }),
);
const budget = numberInput(messages.budgetRequired, messages.numberInvalid).pipe(
  z
    .number()
    .min(0, { message: messages.budgetMin })
    .max(MAX_TRAINING_COST, { message: messages.numberInvalid })
    .transform((n) => Math.round(n)),
);

/**
 * The new training request form (02 §5): topic and description required, format remote or in
 * person, duration numeric minimum 1 (hours, integer), budget numeric minimum 0 (euros, rounded);
 * numbers may come as strings.
 */
export const newTrainingRequestSchema = z.object(
  { topic, description, format, duration, budget },
  { error: messages.invalidForm },
);
export type NewTrainingRequestInput = z.input<typeof newTrainingRequestSchema>;
export type NewTrainingRequest = z.output<typeof newTrainingRequestSchema>;

/** Save is enabled only when both duration and budget are present (02 §5). */
export const canSaveTrainingRequest = (durationValue: unknown, budgetValue: unknown): boolean =>
  duration.safeParse(durationValue).success && budget.safeParse(budgetValue).success;

/** Submitting needs a signed-in user (02 §5); null when allowed. */
export const trainingSubmissionError = (userId: string | null | undefined): string | null =>
  userId ? null : messages.mustBeSignedIn;
