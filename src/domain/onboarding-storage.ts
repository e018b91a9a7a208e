// Local storage of the onboarding (01 §3): the five keys and their zod schemas. Every read is
// validated: a missing, malformed or tampered value reads as null (never a crash). The storage is
// passed in (a port), so the rules stay pure and testable.
import { z } from 'zod';
import { STORED_BUDGET_TYPES } from './budget';
import { isValidReferralParam } from './links';
import { companySuggestionSchema, type CompanySuggestion } from './registry';

/** 01 §3: the local storage keys, exactly as the document names them. */
export const ONBOARDING_KEYS = {
  selectedCompany: 'selectedCompany',
  contactFormData: 'contactFormData',
  companyDetails: 'companyDetails',
  pendingSimulation: 'pendingSimulation',
  referralId: 'referralId',
} as const;
export type OnboardingKey = keyof typeof ONBOARDING_KEYS;

const rangeSchema = z.object({
  min: z.number().int().min(-1).max(1_000_000),
  max: z.number().int().min(-1).max(1_000_000),
  label: z.string().max(200),
});

/** Contact data of the account form, never the passwords (01 §3). Field by field tolerant. */
export const contactFormDataSchema = z.object({
  name: z.string().max(200).catch(''),
  lastName: z.string().max(200).catch(''),
  email: z.string().max(320).catch(''),
  phone: z.string().max(30).catch(''),
  role: z.string().max(50).catch(''),
  acceptTerms: z.boolean().catch(false),
});
export type ContactFormData = z.infer<typeof contactFormDataSchema>;

/** The agreement step's choice for a company (prefills step 2, builds the first simulation). */
export const companyDetailsSchema = z.object({
  siret: z.string().regex(/^\d{14}$/),
  agreementMode: z.enum(['suggestion', 'custom']),
  idcc: z.string().regex(/^\d{1,4}$/),
  idccLabel: z.string().max(300).catch(''),
  range: rangeSchema,
  /** The typed count in "Je ne trouve pas mon effectif" mode ('' otherwise). */
  employeeCount: z.string().max(20).catch(''),
  /** Where the budget of the pending simulation came from (network, cache, none, skipped). */
  budgetSource: z.enum(['network', 'cache', 'none', 'skipped']).catch('none'),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

const amount = z.number().int().min(0).max(2_000_000_000).nullable();

/** The first simulation, created by the server at sign-up from the metadata (01 §4 step 4). */
export const pendingSimulationSchema = z.object({
  company_name: z.string().trim().min(1).max(300),
  company_address: z.string().max(500),
  company_siret: z.string().regex(/^\d{14}$/),
  code_naf: z.string().max(10).nullable(),
  idcc: z
    .string()
    .regex(/^\d{1,4}$/)
    .nullable(),
  employee_range_min: z.number().int().min(-1).max(1_000_000),
  employee_range_max: z.number().int().min(-1).max(1_000_000),
  budget_type: z.enum(STORED_BUDGET_TYPES),
  budget_legal: amount,
  budget_convention: amount,
  budget_total: amount,
  budget_condition: z.string().max(2000).nullable(),
  opco_name: z.string().max(200),
  taux_prise_en_charge: z.number().int().min(0).max(100),
});
export type PendingSimulation = z.infer<typeof pendingSimulationSchema>;

const schemas = {
  selectedCompany: companySuggestionSchema,
  contactFormData: contactFormDataSchema,
  companyDetails: companyDetailsSchema,
  pendingSimulation: pendingSimulationSchema,
} as const;

export type OnboardingValues = {
  selectedCompany: CompanySuggestion;
  contactFormData: ContactFormData;
  companyDetails: CompanyDetails;
  pendingSimulation: PendingSimulation;
  /** base64 of the referrer's user id, as in the ref parameter */
  referralId: string;
};

/** The largest value read back (a tampered 5 MB value is not parsed). */
const MAX_STORED_LENGTH = 50_000;

/** Parses the raw stored text of a key; null when absent or invalid. */
export function parseStored<K extends OnboardingKey>(
  key: K,
  raw: unknown,
): OnboardingValues[K] | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_STORED_LENGTH) return null;
  if (key === 'referralId') {
    return (isValidReferralParam(raw) ? raw : null) as OnboardingValues[K] | null;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schemas[key as Exclude<OnboardingKey, 'referralId'>].safeParse(json);
  return parsed.success ? (parsed.data as OnboardingValues[K]) : null;
}

/** The text to store for a key's value; null when the value is not valid for that key. */
export function serializeStored<K extends OnboardingKey>(
  key: K,
  value: OnboardingValues[K],
): string | null {
  if (key === 'referralId') return isValidReferralParam(value) ? (value as string) : null;
  const parsed = schemas[key as Exclude<OnboardingKey, 'referralId'>].safeParse(value);
  return parsed.success ? JSON.stringify(parsed.data) : null;
}

type StoragePort = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads a key; null when absent, invalid, or the storage is unavailable. */
export function readStored<K extends OnboardingKey>(
  storage: StoragePort | null | undefined,
  key: K,
): OnboardingValues[K] | null {
  if (!storage) return null;
  try {
    return parseStored(key, storage.getItem(ONBOARDING_KEYS[key]));
  } catch {
    return null;
  }
}

/** Writes a key; false when the value is invalid or the storage refused it (full, disabled). */
export function writeStored<K extends OnboardingKey>(
  storage: StoragePort | null | undefined,
  key: K,
  value: OnboardingValues[K],
): boolean {
  const text = serializeStored(key, value);
  if (!storage || text === null) return false;
  try {
    storage.setItem(ONBOARDING_KEYS[key], text);
    return true;
  } catch {
    return false;
  }
}

export function removeStored(storage: StoragePort | null | undefined, key: OnboardingKey): void {
  try {
    storage?.removeItem(ONBOARDING_KEYS[key]);
  } catch {
    // storage unavailable: nothing to remove
  }
}
