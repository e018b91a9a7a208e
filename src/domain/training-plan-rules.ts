// Training plan screens (02 §2.14–§2.16): the pure pieces the screens need on top of training.ts —
// plan rows joined to their employee, the request context from the profile and the company, the
// readiness rule of a new request, the recommendation page's navigation state and function body,
// the filter read from the UI. No React, no Dexie, no clock.
import { z } from 'zod';
import { headcountLabel } from './headcount';
import type { TrainingRequestStatus } from './labels';
import { TRAINING_STATUS_LABELS } from './labels';
import type { PlanFilter, TrainingRequestContext } from './training';

// ---- plan rows -----------------------------------------------------------------------------------
export type PlanEmployee = {
  id: string;
  first_name: string;
  last_name: string;
  department?: string | null;
};

/** 'Camille Martin'; the placeholder employee reads 'À définir'. */
export function employeeFullName(
  employee: Pick<PlanEmployee, 'first_name' | 'last_name'> | null | undefined,
): string {
  if (!employee) return '';
  return [employee.first_name, employee.last_name]
    .map((s) => (typeof s === 'string' ? s.trim() : ''))
    .filter(Boolean)
    .join(' ');
}

export type PlanRow<R> = R & { employee: PlanEmployee | null; employeeName: string };

/** Each request with its employee (null when unknown or deleted) and the employee's name. */
export function joinPlanRows<R extends { employee_id?: string | null }, E extends PlanEmployee>(
  requests: readonly R[],
  employees: readonly E[],
): PlanRow<R>[] {
  const byId = new Map<string, E>();
  for (const e of employees) byId.set(e.id, e);
  return requests.map((request) => {
    const employee = (request.employee_id ? byId.get(request.employee_id) : undefined) ?? null;
    return { ...request, employee, employeeName: employeeFullName(employee) };
  });
}

export const TRAINING_STATUSES = Object.keys(TRAINING_STATUS_LABELS) as TrainingRequestStatus[];

export const isTrainingStatus = (value: unknown): value is TrainingRequestStatus =>
  typeof value === 'string' && (TRAINING_STATUSES as string[]).includes(value);

/** The plan filter from UI values (anything unexpected: no filter). */
export function planFilterFrom(query: unknown, status: unknown): PlanFilter {
  return {
    query: typeof query === 'string' ? query.slice(0, 200) : '',
    status: isTrainingStatus(status) ? status : 'all',
  };
}

export const isPlanFiltered = (filter: PlanFilter): boolean =>
  filter.query.trim() !== '' || filter.status !== 'all';

// ---- request context (02 §3: user_name/email/phone, company_name/siret, idcc) --------------------------
export type ContextProfile = {
  contact_name?: string | null;
  contact_email?: string | null;
  contact_phone?: string | null;
};
export type ContextCompany = {
  siret: string;
  name: string;
  idcc?: string | null;
};

/** Why a new request cannot be saved: 02 §5 'a profile and at least one prior simulation must exist'. */
export type RequestReadiness = 'signed_out' | 'no_profile' | 'no_company' | null;

export function newRequestReadiness(
  userId: string | null | undefined,
  profile: ContextProfile | null | undefined,
  company: ContextCompany | null | undefined,
): RequestReadiness {
  if (!userId) return 'signed_out';
  if (!profile) return 'no_profile';
  if (!company) return 'no_company';
  return null;
}

const orNull = (v: string | null | undefined): string | null => {
  const t = typeof v === 'string' ? v.trim() : '';
  return t === '' ? null : t;
};

/**
 * The request context from the signed-in owner, their profile, the company and the employee. The
 * id and created_at are the caller's (the repository generates them).
 */
export function requestContext(input: {
  id: string;
  ownerId: string;
  employeeId: string | null;
  profile: ContextProfile;
  company: ContextCompany;
  createdAt: string;
}): TrainingRequestContext {
  return {
    id: input.id,
    company_id: input.ownerId,
    employee_id: input.employeeId,
    user_name: orNull(input.profile.contact_name),
    user_email: orNull(input.profile.contact_email),
    user_phone: orNull(input.profile.contact_phone),
    company_name: orNull(input.company.name),
    company_siret: orNull(input.company.siret),
    idcc: orNull(input.company.idcc),
    created_at: input.createdAt,
  };
}

// ---- AI recommendations (02 §2.14, §7.4) -------------------------------------------------------------
/** Navigation state of /training/recommendations: the dashboard's current company (02 §2.3). */
export const recommendationsNavStateSchema = z.object({
  company: z.looseObject({
    siret: z.string().regex(/^\d{14}$/),
    name: z.string().max(300).optional(),
  }),
});

/** The siret carried by the page's navigation state, or null (anything malformed is ignored). */
export function recommendationsNavSiret(state: unknown): string | null {
  const parsed = recommendationsNavStateSchema.safeParse(state);
  return parsed.success ? parsed.data.company.siret : null;
}

export type RecommendationCompany = {
  name?: string | null;
  code_naf?: string | null;
  idcc?: string | null;
  employee_range_min?: number | null;
  employee_range_max?: number | null;
  opco_name?: string | null;
};

/**
 * The generate-training body (02 §7.4): the challenge is the search term and the objective; the
 * team size is the company's headcount wording; the company is the additional context.
 */
export function generateTrainingBody(challenge: string, company: RecommendationCompany | null) {
  const text = challenge.trim().slice(0, 2000);
  const teamSize = company
    ? headcountLabel(company.employee_range_min, company.employee_range_max).slice(0, 100)
    : '';
  const context = company
    ? [
        company.name && `Entreprise : ${company.name}`,
        company.code_naf && `Code NAF : ${company.code_naf}`,
        company.idcc && `Convention collective (IDCC) : ${company.idcc}`,
        company.opco_name && `OPCO : ${company.opco_name}`,
      ]
        .filter(Boolean)
        .join('\n')
        .slice(0, 4000)
    : '';
  return {
    formData: { objective: text, teamSize, priority: '', searchTerm: text },
    additionalContext: context,
  };
}
