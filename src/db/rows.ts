// Row shapes of the replicated tables (same names and columns as the server, plus sync_version),
// as zod schemas: pulled rows are validated with them before they touch IndexedDB. Unknown extra
// columns pass through (a newer server may add some); a known column of the wrong type stops the
// pull at that row.
import { z } from 'zod';
import { STORED_BUDGET_TYPES } from '@/domain/budget';
import { CONFIRMATION_BASES } from '@/domain/opco-confirmation';

/** Timestamps are normalised to ISO-8601 UTC with milliseconds, as the client writes them. */
const UTC_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?:Z|[+-]00(?::?00)?)$/;
export function normalizeTimestamp(v: string): string | null {
  // Fast path (what the server sends): UTC with or without fractional seconds.
  const m = UTC_TIMESTAMP.exec(v);
  if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

// No transforms in the schemas: zod compiles plain object schemas to a fast path that a
// transform disables (10x slower on a 10,000-row pull). Timestamps are normalised after parsing.
const timestamp = z.string();
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const text = z.string();
const optText = z.string().nullable().default(null);
const int = z.number().int();
const optInt = z.number().int().nullable().default(null);

const common = {
  id: uuid,
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable().default(null),
  /** Server version of the row (writing transaction id); 0 until the server has it. */
  sync_version: z.number().int().nonnegative(),
};

export const DEPARTMENTS = [
  'commercial',
  'marketing',
  'hr',
  'management',
  'support',
  'admin',
  'tech',
  'other',
] as const;
export type Department = (typeof DEPARTMENTS)[number];
export const CONTACT_ROLES = [
  'Dirigeant',
  'RH',
  'Organisme de formation',
  'Salarié',
  'Auto entrepreneur',
  'Autre',
] as const;
/** The budget types a simulation stores (one list, from the domain). */
export const SIMULATION_BUDGET_TYPES = STORED_BUDGET_TYPES;
export const TRAINING_STATUSES = [
  'to_organize',
  'pending_funding',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];
export const UNLOCK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const REFERRAL_STATUSES = [
  'registered',
  'survey_pending',
  'survey_approved',
  'survey_rejected',
  'training_completed',
] as const;

export const profileRowSchema = z.looseObject({
  ...common,
  company_name: optText,
  company_address: optText,
  company_siret: optText,
  code_naf: optText,
  contact_name: text,
  contact_email: text,
  contact_phone: optText,
  contact_role: z.enum(CONTACT_ROLES).nullable().default(null),
});

export const simulationRowSchema = z.looseObject({
  ...common,
  profile_id: uuid,
  company_name: text,
  company_address: text,
  company_siret: text,
  code_naf: optText,
  idcc: optText,
  employee_range_min: int,
  employee_range_max: int,
  budget_type: z.enum(SIMULATION_BUDGET_TYPES),
  budget_legal: optInt,
  budget_convention: optInt,
  budget_total: optInt,
  budget_condition: optText,
  opco_name: optText,
  taux_prise_en_charge: int,
  update_count: int,
});

export const surveyResponseRowSchema = z.looseObject({
  ...common,
  profile_id: uuid,
  company_siret: optText,
  company_name: optText,
  objective: text,
  target: text,
  topics: z.array(text),
  rhythm: text,
  start_date: optText,
  status: z.enum(UNLOCK_STATUSES),
});

export const trainingEmployeeRowSchema = z.looseObject({
  ...common,
  company_id: uuid,
  first_name: text,
  last_name: text,
  department: z.enum(DEPARTMENTS),
  category: z.enum(['employee', 'manager', 'executive', 'apprentice']),
  gender: z.enum(['M', 'F', 'X']).nullable().default(null),
});

export const trainingRequestRowSchema = z.looseObject({
  ...common,
  company_id: uuid,
  employee_id: uuid.nullable().default(null),
  topic: text,
  pedagogical_objectives: text,
  /** null: not filled (issue 29) */
  business_impact: z.enum(['high', 'medium', 'low']).nullable().default(null),
  format: z.enum(['remote', 'in_person', 'e_learning']),
  training_organization: optText,
  duration: int,
  cost: int,
  funding_type: text,
  coverage_rate: int,
  remaining_cost: int,
  status: z.enum(TRAINING_STATUSES),
  user_name: optText,
  user_email: optText,
  user_phone: optText,
  company_name: optText,
  company_siret: optText,
  idcc: optText,
});

/** One department a survey asks about (issue 29): its label and the question set it answers. */
export const surveyDepartmentRowSchema = z.object({
  label: text,
  set: z.enum(DEPARTMENTS),
});
export type SurveyDepartmentRow = z.output<typeof surveyDepartmentRowSchema>;

export const teamSurveyRowSchema = z.looseObject({
  ...common,
  company_id: uuid,
  name: text,
  status: z.enum(['active', 'closed']),
  /** the company shown to respondents (issue 29); null for earlier surveys */
  company_name: optText,
  /** the survey's own departments (issue 29); null: the eight generic ones */
  departments: z.array(surveyDepartmentRowSchema).nullable().default(null),
});

export const teamSurveyResponseRowSchema = z.looseObject({
  ...common,
  survey_id: uuid,
  company_id: uuid,
  department: z.enum(DEPARTMENTS),
  /** the survey's own department chosen (issue 29); null: a generic one */
  department_label: optText,
  /** '' when the respondent gave no name (issue 29) */
  first_name: text,
  last_name: text,
  responses: z.record(z.string(), z.unknown()),
  tools_satisfaction: z.enum(['yes', 'partially', 'no', 'unknown']),
  improvement_suggestion: optText,
});

export const referralRowSchema = z.looseObject({
  ...common,
  referrer_id: uuid,
  referred_profile_id: uuid.nullable().default(null),
  referred_company_siret: optText,
  referred_company_name: optText,
  status: z.enum(REFERRAL_STATUSES),
  commission_amount: optInt,
  commission_paid: z.boolean(),
});

/** yyyy-mm-dd (a calendar date: no time, no zone). */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * An amount the company's OPCO confirmed (issue 27 item 7). idcc and the headcount range are the
 * server's copy of the company's at the time (server-owned); amount in euro cents.
 */
export const opcoConfirmationRowSchema = z.looseObject({
  ...common,
  profile_id: uuid,
  company_siret: text,
  idcc: optText,
  employee_range_min: int,
  employee_range_max: int,
  opco_name: optText,
  amount_cents: int.nonnegative(),
  amount_basis: z.enum(CONFIRMATION_BASES),
  confirmed_on: calendarDate,
  comment: optText,
});

export type ProfileRow = z.output<typeof profileRowSchema>;
export type SimulationRow = z.output<typeof simulationRowSchema>;
export type SurveyResponseRow = z.output<typeof surveyResponseRowSchema>;
export type TrainingEmployeeRow = z.output<typeof trainingEmployeeRowSchema>;
export type TrainingRequestRow = z.output<typeof trainingRequestRowSchema>;
export type TeamSurveyRow = z.output<typeof teamSurveyRowSchema>;
export type TeamSurveyResponseRow = z.output<typeof teamSurveyResponseRowSchema>;
export type ReferralRow = z.output<typeof referralRowSchema>;
export type OpcoConfirmationRow = z.output<typeof opcoConfirmationRowSchema>;

export type RowOf = {
  profiles: ProfileRow;
  simulations: SimulationRow;
  survey_responses: SurveyResponseRow;
  training_employees: TrainingEmployeeRow;
  training_requests: TrainingRequestRow;
  team_surveys: TeamSurveyRow;
  team_survey_responses: TeamSurveyResponseRow;
  referrals: ReferralRow;
  opco_confirmations: OpcoConfirmationRow;
};

export const ROW_SCHEMAS = {
  profiles: profileRowSchema,
  simulations: simulationRowSchema,
  survey_responses: surveyResponseRowSchema,
  training_employees: trainingEmployeeRowSchema,
  training_requests: trainingRequestRowSchema,
  team_surveys: teamSurveyRowSchema,
  team_survey_responses: teamSurveyResponseRowSchema,
  referrals: referralRowSchema,
  opco_confirmations: opcoConfirmationRowSchema,
} as const;

export type ParsedRow = { ok: true; row: Record<string, unknown> } | { ok: false; message: string };

/** Validates a server row of `table` and normalises its timestamps. */
export function parseRow(table: keyof typeof ROW_SCHEMAS, raw: unknown): ParsedRow {
  const parsed = ROW_SCHEMAS[table].safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      message: parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; '),
    };
  }
  const row = parsed.data as Record<string, unknown>;
  for (const key of ['created_at', 'updated_at', 'deleted_at'] as const) {
    const v = row[key];
    if (v === null) continue;
    const iso = normalizeTimestamp(v as string);
    if (iso === null) return { ok: false, message: `${key}: invalid timestamp ${String(v)}` };
    row[key] = iso;
  }
  return { ok: true, row };
}
