// Shared helpers of the backend tests: the shared backend's coordinates and row factories.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { anonClient, serviceClient, type BackendCoordinates } from '../../server/testing/backend';
import { mailbox } from './security/support';

export const backend: BackendCoordinates = inject('backend');
export const service = () => serviceClient(backend);
export const anon = () => anonClient(backend);

let siretCounter = 0;
/** A fresh 14-digit siret (not necessarily Luhn-valid: the schema checks the format only). */
export function siret(): string {
  siretCounter++;
  return `${String(Date.now() % 1e8).padStart(8, '0')}${String(process.pid % 100).padStart(2, '0')}${String(siretCounter).padStart(4, '0')}`.slice(
    0,
    14,
  );
}

export const uuid = () => randomUUID();

export function simulationRow(profileId: string, over: Record<string, unknown> = {}) {
  return {
    id: uuid(),
    profile_id: profileId,
    company_name: 'Boulangerie Test',
    company_address: '1 rue de la Paix 75002 PARIS',
    company_siret: siret(),
    code_naf: '10.71C',
    idcc: '0843',
    employee_range_min: 1,
    employee_range_max: 10,
    budget_type: 'TOTAL',
    budget_total: 3000,
    opco_name: 'OPCO EP',
    taux_prise_en_charge: 100,
    ...over,
  };
}

export function surveyResponseRow(profileId: string, over: Record<string, unknown> = {}) {
  return {
    id: uuid(),
    profile_id: profileId,
    company_siret: siret(),
    company_name: 'Boulangerie Test',
    objective: 'Monter en compétences',
    target: 'Managers',
    topics: ['Management'],
    rhythm: 'weekly',
    ...over,
  };
}

export function employeeRow(companyId: string, over: Record<string, unknown> = {}) {
  return {
    id: uuid(),
    company_id: companyId,
    first_name: 'À',
    last_name: 'définir',
    department: 'other',
    category: 'employee',
    gender: 'M',
    ...over,
  };
}

export function trainingRequestRow(companyId: string, over: Record<string, unknown> = {}) {
  return {
    id: uuid(),
    company_id: companyId,
    topic: 'Excel avancé',
    pedagogical_objectives: 'Tableaux croisés dynamiques',
    business_impact: 'high',
    format: 'remote',
    duration: 14,
    cost: 1550,
    coverage_rate: 100,
    remaining_cost: 0,
    ...over,
  };
}

export function teamSurveyRow(companyId: string, over: Record<string, unknown> = {}) {
  return { id: uuid(), company_id: companyId, name: 'Sondage équipe', status: 'active', ...over };
}

export function publicAnswer(surveyId: string, over: Record<string, unknown> = {}) {
  return {
    id: uuid(),
    survey_id: surveyId,
    department: 'commercial',
    first_name: 'Camille',
    last_name: 'Durand',
    responses: {
      skills: ['Négociation et closing'],
      priorities: 'Augmenter le chiffre d\u2019affaires',
      additional: 'Rien',
    },
    tools_satisfaction: 'partially',
    improvement_suggestion: 'Un CRM plus simple',
    ...over,
  };
}

/**
 * The id of the account of an address. A sign-up answers with a user built from the request (the
 * same answer for every address, issue 28 item 8), not the stored account: its id is looked up,
 * once the sign-up's work is done.
 */
export async function userIdOf(email: string): Promise<string> {
  // The sign-up is done after its answer: the mailbox answers once the address's work is done.
  await mailbox(backend, email);
  const { data, error } = await service().auth.admin.listUsers({ perPage: 1000 });
  if (error) throw error;
  const user = data.users.find((u) => u.email === email.toLowerCase());
  if (!user) throw new Error(`no account for ${email}`);
  return user.id;
}

/** An amount confirmed by the OPCO (issue 27 item 7), for a company (siret) of the owner. */
export function opcoConfirmationRow(
  profileId: string,
  companySiret: string,
  over: Record<string, unknown> = {},
) {
  return {
    id: uuid(),
    profile_id: profileId,
    company_siret: companySiret,
    idcc: '0843',
    employee_range_min: 1,
    employee_range_max: 10,
    opco_name: 'OPCO EP',
    amount_cents: 480000,
    amount_basis: 'HT',
    confirmed_on: '2026-11-12',
    comment: 'Confirmé par téléphone',
    ...over,
  };
}
