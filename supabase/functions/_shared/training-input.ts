// Input checks of generate-training and estimate-training (02 §5, §7.4): the contracts of
// src/domain/contracts.ts, plus the documents' rules (non-blank need; topic and description both
// required), with French messages from src/domain/messages.ts. A bad body is a 400 with
// { error: 'invalid_input', message }.
import type { z } from 'zod';
import {
  estimateTrainingRequestSchema,
  generateTrainingRequestSchema,
} from '../../../src/domain/contracts.ts';
import { messages } from '../../../src/domain/messages.ts';

export type InputResult<T> = { ok: true; value: T } | { ok: false; message: string };

export type GenerateTrainingInput = {
  searchTerm: string;
  objective: string;
  teamSize: string;
  priority: string;
  additionalContext: string;
};

export type EstimateTrainingInput = {
  topic: string;
  description: string;
  format: 'remote' | 'in_person';
};

type Issue = z.core.$ZodIssue;

const tooLong = (issue: Issue | undefined): string | null =>
  issue && issue.code === 'too_big' && typeof issue.maximum === 'number'
    ? messages.tooLong(issue.maximum)
    : null;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseGenerateTrainingInput(body: unknown): InputResult<GenerateTrainingInput> {
  if (!isObject(body)) return { ok: false, message: messages.invalidForm };
  const parsed = generateTrainingRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const onNeed =
      issue?.path.join('.') === 'formData.searchTerm' || issue?.path.join('.') === 'formData';
    return {
      ok: false,
      message: tooLong(issue) ?? (onNeed ? messages.needRequired : messages.invalidValue),
    };
  }
  const { formData, additionalContext } = parsed.data;
  const searchTerm = formData.searchTerm.trim();
  if (!searchTerm) return { ok: false, message: messages.needRequired };
  return {
    ok: true,
    value: {
      searchTerm,
      objective: formData.objective.trim(),
      teamSize: formData.teamSize.trim(),
      priority: formData.priority.trim(),
      additionalContext: additionalContext.trim(),
    },
  };
}

export function parseEstimateTrainingInput(body: unknown): InputResult<EstimateTrainingInput> {
  if (!isObject(body)) return { ok: false, message: messages.invalidForm };
  const parsed = estimateTrainingRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    if (path === 'trainingData.format') return { ok: false, message: messages.formatRequired };
    return { ok: false, message: tooLong(issue) ?? messages.estimateNeedsTopicAndDescription };
  }
  const { topic, description, format } = parsed.data.trainingData;
  if (!topic.trim() || !description.trim())
    return { ok: false, message: messages.estimateNeedsTopicAndDescription };
  return { ok: true, value: { topic: topic.trim(), description: description.trim(), format } };
}
