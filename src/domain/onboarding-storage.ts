// Local storage of the onboarding (01 §3): the five keys and their zod schemas. Every read is
// validated: a missing, malformed or tampered value reads as null (never a crash). The storage is
// passed in (a port), so the rules stay pure and testable.
import { z } from 'zod/mini';
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

const headcount = () => z.int().check(z.gte(-1), z.lte(1_000_000));
const text = (max: number) => z.string().check(z.maxLength(max));
const textOrEmpty = (max: number) => z.catch(text(max), '');

const rangeSchema = z.object({
  min: headcount(),
  max: headcount(),
  label: text(200),
});

/** Contact data of the account form, never the passwords (01 §3). Field by field tolerant. */
export const contactFormDataSchema = z.object({
  name: textOrEmpty(200),
  lastName: textOrEmpty(200),
  email: textOrEmpty(320),
  phone: textOrEmpty(30),
  role: textOrEmpty(50),
  acceptTerms: z.catch(z.boolean(), false),
});
export type ContactFormData = z.infer<typeof contactFormDataSchema>;

/** The agreement step's choice for a company (prefills step 2, builds the first simulation). */
export const companyDetailsSchema = z.object({
  siret: z.string().check(z.regex(/^\d{14}$/)),
  agreementMode: z.enum(['suggestion', 'custom']),
  idcc: z.string().check(z.regex(/^\d{1,4}$/)),
  idccLabel: textOrEmpty(300),
  range: rangeSchema,
  /** The typed count in "Je ne trouve pas mon effectif" mode ('' otherwise). */
  employeeCount: textOrEmpty(20),
  /** Where the budget of the pending simulation came from (network, cache, none, skipped). */
  budgetSource: z.catch(z.enum(['network', 'cache', 'none', 'skipped']), 'none'),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

const amount = z.nullable(z.int().check(z.gte(0), z.lte(2_000_000_000)));

/** The first simulation, created by the server at sign-up from the metadata (01 §4 step 4). */
export const pendingSimulationSchema = z.object({
  company_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  company_address: text(500),
  company_siret: z.string().check(z.regex(/^\d{14}$/)),
  code_naf: z.nullable(text(10)),
  idcc: z.nullable(z.string().check(z.regex(/^\d{1,4}$/))),
  employee_range_min: headcount(),
  employee_range_max: headcount(),
  budget_type: z.enum(STORED_BUDGET_TYPES),
  budget_legal: amount,
  budget_convention: amount,
  budget_total: amount,
  budget_condition: z.nullable(text(2000)),
  opco_name: text(200),
  taux_prise_en_charge: z.int().check(z.gte(0), z.lte(100)),
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
