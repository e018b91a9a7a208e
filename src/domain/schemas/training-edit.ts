// Editing a training request after its creation (issue 29 item 3): every field the plan shows, the
// employee included. The form gives strings; the schema gives the row's values. The rules are those
// of the new request (02 §5: topic and description required, duration ≥ 1 hour, budget ≥ 0) and
// the table's bounds; « Enjeu » may stay not filled (null), as may the organisation.
import { z } from 'zod';
import type { BusinessImpact, DepartmentCode } from '../labels';
import { messages } from '../messages';
import { DEPARTMENTS } from '../public-survey-contracts';
import {
  MAX_TRAINING_COST,
  MAX_TRAINING_DURATION,
  remainingCost,
  type TrainingRequestFields,
} from '../training';
import { LIMITS, numberInput, optionalText, requiredText } from './common';

export const BUSINESS_IMPACTS = ['high', 'medium', 'low'] as const satisfies BusinessImpact[];
export const EDIT_FORMATS = ['remote', 'in_person', 'e_learning'] as const;
export const EDIT_STATUSES = [
  'to_organize',
  'pending_funding',
  'in_progress',
  'completed',
  'cancelled',
] as const;
/** Bounds of the table (funding_type, names of an employee). */
export const MAX_FUNDING_TYPE = 50;
export const MAX_EMPLOYEE_NAME = 100;

/** Who the training is for: an employee of the plan, or one typed now (created with the edit). */
export type EmployeeChoice =
  | { kind: 'existing'; id: string }
  | { kind: 'new'; first_name: string; last_name: string; department: DepartmentCode | '' };

/** The edit form's values, as typed. */
export type TrainingEditDraft = {
  topic: string;
  objectives: string;
  business_impact: BusinessImpact | '';
  format: (typeof EDIT_FORMATS)[number];
  organisation: string;
  duration: string;
  cost: string;
  funding_type: string;
  coverage_rate: string;
  status: (typeof EDIT_STATUSES)[number];
  employee: EmployeeChoice;
};

const wholeNumber = (
  required: string,
  min: number,
  max: number,
  minMessage: string,
  maxMessage?: string,
) =>
  numberInput(required, messages.numberInvalid).pipe(
    z
      .number()
      .int({ message: messages.numberInvalid })
      .min(min, { message: minMessage })
      .max(max, { message: maxMessage ?? messages.numberInvalid }),
  );

const personName = (message: string) => requiredText(MAX_EMPLOYEE_NAME, message);

const employeeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('existing'), id: z.string().min(1).max(64) }),
    z.object({
      kind: z.literal('new'),
      first_name: personName(messages.firstNameRequired),
      last_name: personName(messages.lastNameRequired),
      department: z.enum(DEPARTMENTS, { error: messages.employeeDepartmentRequired }),
    }),
  ],
  { error: messages.invalidForm },
);

/** The edit form (strings in, row values out). Field errors carry the form's field names. */
export const trainingEditSchema = z.object(
  {
    topic: requiredText(LIMITS.shortText, messages.topicRequired),
    objectives: requiredText(LIMITS.longText, messages.descriptionRequired),
    business_impact: z
      .enum([...BUSINESS_IMPACTS, ''], { error: messages.invalidValue })
      .transform((v): BusinessImpact | null => (v === '' ? null : v)),
    format: z.enum(EDIT_FORMATS, { error: messages.formatRequired }),
    organisation: optionalText(LIMITS.shortText).transform((v) => (v === '' ? null : v)),
    duration: wholeNumber(
      messages.durationRequired,
      1,
      MAX_TRAINING_DURATION,
      messages.durationMin,
    ),
    cost: numberInput(messages.budgetRequired, messages.numberInvalid).pipe(
      z
        .number()
        .min(0, { message: messages.budgetMin })
        .max(MAX_TRAINING_COST, { message: messages.numberInvalid })
        .transform((n) => Math.round(n)),
    ),
    funding_type: requiredText(MAX_FUNDING_TYPE, messages.fundingRequired),
    coverage_rate: wholeNumber(
      messages.coverageRequired,
      0,
      100,
      messages.coverageRange,
      messages.coverageRange,
    ),
    status: z.enum(EDIT_STATUSES, { error: messages.invalidValue }),
    employee: employeeSchema,
  },
  { error: messages.invalidForm },
);
export type TrainingEdit = z.output<typeof trainingEditSchema>;

/** The row fields the edit form shows (what the plan stores). */
export type EditableRequest = Pick<
  TrainingRequestFields,
  | 'topic'
  | 'pedagogical_objectives'
  | 'format'
  | 'training_organization'
  | 'duration'
  | 'cost'
  | 'funding_type'
  | 'coverage_rate'
  | 'remaining_cost'
  | 'status'
> & { business_impact: BusinessImpact | null; employee_id: string | null };

const asFormat = (v: string): TrainingEditDraft['format'] =>
  (EDIT_FORMATS as readonly string[]).includes(v) ? (v as TrainingEditDraft['format']) : 'remote';
const asStatus = (v: string): TrainingEditDraft['status'] =>
  (EDIT_STATUSES as readonly string[]).includes(v)
    ? (v as TrainingEditDraft['status'])
    : 'to_organize';

/** The form's starting values for a stored request. */
export function editDraftFromRequest(row: EditableRequest): TrainingEditDraft {
  return {
    topic: row.topic,
    objectives: row.pedagogical_objectives ?? '',
    business_impact: row.business_impact ?? '',
    format: asFormat(row.format),
    organisation: row.training_organization ?? '',
    duration: String(row.duration),
    cost: String(row.cost),
    funding_type: row.funding_type || 'OPCO',
    coverage_rate: String(row.coverage_rate),
    status: asStatus(row.status),
    employee: row.employee_id ? { kind: 'existing', id: row.employee_id } : EMPTY_NEW_EMPLOYEE,
  };
}

export const EMPTY_NEW_EMPLOYEE: EmployeeChoice = {
  kind: 'new',
  first_name: '',
  last_name: '',
  department: '',
};

export type TrainingRequestEditPatch = Partial<
  Omit<EditableRequest, 'employee_id'> & { employee_id: string | null }
>;

/**
 * Only what changed, as the row stores it (the sync sends changed columns only). The remaining
 * cost follows the cost and the coverage rate (cost × (1 − coverage / 100)) when either changes;
 * otherwise the stored one is kept. The employee of a new employee is the caller's (its id is made
 * by the repository): `employee_id` is left out for { kind: 'new' }.
 */
export function trainingEditPatch(
  row: EditableRequest,
  edit: TrainingEdit,
): TrainingRequestEditPatch {
  const next: TrainingRequestEditPatch = {
    topic: edit.topic,
    pedagogical_objectives: edit.objectives,
    business_impact: edit.business_impact,
    format: edit.format,
    training_organization: edit.organisation,
    duration: edit.duration,
    cost: edit.cost,
    funding_type: edit.funding_type,
    coverage_rate: edit.coverage_rate,
    status: edit.status,
  };
  if (edit.employee.kind === 'existing') next.employee_id = edit.employee.id;
  if (edit.cost !== row.cost || edit.coverage_rate !== row.coverage_rate)
    next.remaining_cost = remainingCost(edit.cost, edit.coverage_rate);
  const patch: TrainingRequestEditPatch = {};
  for (const [key, value] of Object.entries(next) as [keyof EditableRequest, unknown][]) {
    if (value !== row[key]) (patch as Record<string, unknown>)[key] = value;
  }
  return patch;
}

/** The remaining cost the form shows while cost and coverage are typed (null until both are). */
export function previewRemainingCost(cost: string, coverage: string): number | null {
  const c = Number(cost.replace(/\s+/g, ''));
  const r = Number(coverage.replace(/\s+/g, ''));
  if (cost.trim() === '' || coverage.trim() === '' || !Number.isFinite(c) || !Number.isFinite(r))
    return null;
  if (c < 0 || r < 0 || r > 100) return null;
  return remainingCost(Math.round(c), Math.round(r));
}
