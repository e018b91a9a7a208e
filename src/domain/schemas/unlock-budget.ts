// Unlock-budget form (02 §2.9, §4, §5): four steps, then the submission checks.
// Choosing 'Autre' reveals a free text that replaces the value; for topics it is appended to the
// chosen topics (in place of 'Autre'). A value outside the offered options counts as not chosen.
import { z } from 'zod';
import { isIsoCalendarDate } from '../dates';
import { OTHER_OPTION, UNLOCK_BUDGET_OPTIONS } from '../labels';
import { messages } from '../messages';

const OTHER_MAX = 500;

const otherText = z
  .union([z.string(), z.null(), z.undefined()])
  .catch('')
  .transform((v) => v ?? '')
  .pipe(
    z
      .string()
      .max(OTHER_MAX, { message: messages.tooLong(OTHER_MAX), abort: true })
      .trim(),
  );

/** One choice among `options`, 'Autre' replaced by its free text. */
function choiceStep<K extends string>(key: K, options: readonly string[], requiredMessage: string) {
  const otherKey = `${key}Other` as `${K}Other`;
  return z.unknown().transform((v, ctx): Record<K, string> => {
    if (typeof v !== 'object' || v === null) {
      ctx.addIssue({ code: 'custom', message: messages.invalidForm });
      return z.NEVER;
    }
    const record = v as Record<string, unknown>;
    const value = record[key];
    if (typeof value !== 'string' || !options.includes(value)) {
      ctx.addIssue({ code: 'custom', message: requiredMessage, path: [key] });
      return z.NEVER;
    }
    if (value !== OTHER_OPTION) return { [key]: value } as Record<K, string>;
    const other = otherText.safeParse(record[otherKey]);
    if (!other.success || other.data === '') {
      ctx.addIssue({
        code: 'custom',
        message: other.success
          ? messages.otherTextRequired
          : (other.error.issues[0]?.message ?? messages.otherTextRequired),
        path: [otherKey],
      });
      return z.NEVER;
    }
    return { [key]: other.data } as Record<K, string>;
  });
}

/** Step 1: an objective ('Veuillez sélectionner un objectif'). */
export const unlockObjectiveStepSchema = choiceStep(
  'objective',
  UNLOCK_BUDGET_OPTIONS.objectives,
  messages.objectiveRequired,
);
/** Step 2: a target audience ('Veuillez sélectionner un public cible'). */
export const unlockTargetStepSchema = choiceStep(
  'target',
  UNLOCK_BUDGET_OPTIONS.audiences,
  messages.targetRequired,
);

/** Step 3: at least one topic; 'Autre' adds its free text to the list. */
export const unlockTopicsStepSchema = z.unknown().transform((input, ctx): { topics: string[] } => {
  if (typeof input !== 'object' || input === null) {
    ctx.addIssue({ code: 'custom', message: messages.invalidForm });
    return z.NEVER;
  }
  const v = input as { topics?: unknown; topicsOther?: unknown };
  const chosen = Array.isArray(v.topics)
    ? v.topics
        .slice(0, 50)
        .filter(
          (t): t is string =>
            typeof t === 'string' &&
            (UNLOCK_BUDGET_OPTIONS.topics as readonly string[]).includes(t),
        )
    : [];
  const unique = [...new Set(chosen)];
  if (unique.length === 0) {
    ctx.addIssue({ code: 'custom', message: messages.topicsRequired, path: ['topics'] });
    return z.NEVER;
  }
  const topics = unique.filter((t) => t !== OTHER_OPTION);
  if (unique.includes(OTHER_OPTION)) {
    const other = otherText.safeParse(v.topicsOther);
    if (!other.success || other.data === '') {
      const message = other.success
        ? messages.otherTextRequired
        : (other.error.issues[0]?.message ?? messages.otherTextRequired);
      ctx.addIssue({ code: 'custom', message, path: ['topicsOther'] });
      return z.NEVER;
    }
    topics.push(other.data);
  }
  return { topics };
});

/**
 * Step 4: a rhythm ('Veuillez sélectionner un rythme de formation') and an optional start date
 * ('YYYY-MM-DD', not earlier than `today`, itself 'YYYY-MM-DD' in Europe/Paris, passed in).
 */
export function unlockPlanningStepSchema(today: string) {
  const rhythm = choiceStep('rhythm', UNLOCK_BUDGET_OPTIONS.rhythms, messages.rhythmRequired);
  const startDate = z
    .union([z.string(), z.null(), z.undefined()], { error: messages.startDateInvalid })
    .transform((v) => (v ?? '').trim())
    .pipe(
      z
        .string()
        .max(10, { message: messages.startDateInvalid, abort: true })
        .refine((v) => v === '' || isIsoCalendarDate(v), {
          message: messages.startDateInvalid,
          abort: true,
        })
        .refine((v) => v === '' || v >= today, { message: messages.startDateInPast }),
    )
    .transform((v) => (v === '' ? null : v));
  return z.unknown().transform((v, ctx): { rhythm: string; startDate: string | null } => {
    const record = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
    if (record === null) {
      ctx.addIssue({ code: 'custom', message: messages.invalidForm });
      return z.NEVER;
    }
    const r = rhythm.safeParse(record);
    const d = startDate.optional().safeParse(record.startDate);
    for (const issue of r.error?.issues ?? [])
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path as (string | number)[],
      });
    for (const issue of d.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['startDate'] });
    if (!r.success || !d.success) return z.NEVER;
    return { rhythm: r.data.rhythm, startDate: d.data ?? null };
  });
}

export type UnlockBudgetPayload = {
  objective: string;
  target: string;
  topics: string[];
  rhythm: string;
  startDate: string | null;
};

/** The whole form (all four steps) as the request payload (02 §7.3). */
export function unlockBudgetFormSchema(today: string) {
  return z.unknown().transform((v, ctx): UnlockBudgetPayload => {
    const steps = [
      unlockObjectiveStepSchema.safeParse(v),
      unlockTargetStepSchema.safeParse(v),
      unlockTopicsStepSchema.safeParse(v),
      unlockPlanningStepSchema(today).safeParse(v),
    ] as const;
    const seen = new Set<string>();
    for (const step of steps) {
      for (const issue of step.error?.issues ?? []) {
        const key = `${issue.path.join('.')}|${issue.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: issue.path as (string | number)[],
        });
      }
    }
    const [a, b, c, d] = steps;
    if (!a.success || !b.success || !c.success || !d.success) return z.NEVER;
    return {
      objective: a.data.objective,
      target: b.data.target,
      topics: c.data.topics,
      rhythm: d.data.rhythm,
      startDate: d.data.startDate,
    };
  });
}

/** 02 §4: forward only if the current step (1 to 4) is valid. */
export function isUnlockStepValid(step: 1 | 2 | 3 | 4, values: unknown, today: string): boolean {
  const schema =
    step === 1
      ? unlockObjectiveStepSchema
      : step === 2
        ? unlockTargetStepSchema
        : step === 3
          ? unlockTopicsStepSchema
          : unlockPlanningStepSchema(today);
  return schema.safeParse(values).success;
}

/**
 * Submission checks (02 §5): a signed-in user ('Vous devez être connecté pour soumettre le
 * formulaire') and a company passed in navigation state ('Aucune entreprise sélectionnée').
 * Returns the message, or null when the form may be submitted.
 */
export function unlockSubmissionError(input: {
  userId: string | null | undefined;
  companySiret: string | null | undefined;
}): string | null {
  if (!input.userId) return messages.mustBeSignedIn;
  if (!input.companySiret) return messages.noCompanySelected;
  return null;
}
