// Onboarding rules that the screens share (01 §2, §4; 02 §2.6-2.7): combobox highlight moves,
// navigation state, the step-2 entry decision, the headcount resolution, the first simulation and
// the sign-up metadata, the sign-up failure classes, recent companies, the resend countdown.
import { z } from 'zod/mini';
import type { SimulationBudgetFields } from './budget';
import { isOtherRange, matchBand, type EmployeeRange } from './headcount';
import { isValidReferralParam } from './links';
import type { PendingSimulation } from './onboarding-storage';
import { companySuggestionSchema, decodeCompanyParam, type CompanySuggestion } from './registry';
import { foldText, removeSpaces } from './text';

// ---- combobox (WAI-ARIA pattern) -----------------------------------------------------------------

export type HighlightKey = 'ArrowDown' | 'ArrowUp';

/**
 * 01 §2: ArrowDown and ArrowUp move the highlight, bounded, no wrap. -1 means nothing highlighted;
 * ArrowDown from -1 highlights the first option; ArrowUp never goes above the first.
 */
export function moveHighlight(current: number, key: HighlightKey, count: number): number {
  if (count <= 0) return -1;
  const from = Number.isInteger(current) ? Math.min(Math.max(current, -1), count - 1) : -1;
  if (key === 'ArrowDown') return Math.min(from + 1, count - 1);
  return from <= 0 ? Math.max(from, 0) : from - 1;
}

// ---- navigation state ------------------------------------------------------------------------------

/** Where the wizard was entered from (01 §2: default 'rechercher-entreprise'). */
export const DEFAULT_FROM = 'rechercher-entreprise';

/** State carried between the wizard steps (01 §2), validated on every read. */
const optionalOrNothing = <T extends z.ZodMiniType>(schema: T) =>
  z.catch(z.optional(schema), undefined);

export const onboardingNavStateSchema = z.object({
  company: optionalOrNothing(companySuggestionSchema),
  addingNewCompany: optionalOrNothing(z.boolean()),
  from: optionalOrNothing(z.string().check(z.maxLength(100))),
  ref: optionalOrNothing(
    z.string().check(
      z.maxLength(200),
      z.refine((v) => isValidReferralParam(v)),
    ),
  ),
});
export type OnboardingNavState = z.infer<typeof onboardingNavStateSchema>;

export function parseOnboardingNavState(state: unknown): OnboardingNavState {
  const parsed = onboardingNavStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

/** /login state from the sign-up's "account exists" path (01 §2: email and ref). */
export const loginNavStateSchema = z.object({
  email: optionalOrNothing(z.string().check(z.maxLength(320))),
  ref: optionalOrNothing(z.string().check(z.maxLength(200))),
});
export function parseLoginNavState(state: unknown): z.infer<typeof loginNavStateSchema> {
  const parsed = loginNavStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

/** /verify-email state: the address the confirmation went to, and whether it was just sent. */
export const verifyNavStateSchema = z.object({
  email: optionalOrNothing(z.email().check(z.maxLength(320))),
  justSent: optionalOrNothing(z.boolean()),
});
export function parseVerifyNavState(state: unknown): z.infer<typeof verifyNavStateSchema> {
  const parsed = verifyNavStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

// ---- step 2 entry (01 §2) ----------------------------------------------------------------------------

export type DetailsEntryInput = {
  /** The `company` query parameter, null when absent. */
  companyParam: string | null;
  /** The navigation state, as received. */
  state: unknown;
  /** The stored selectedCompany (already validated), null when absent. */
  stored: CompanySuggestion | null;
};

export type DetailsRedirectReason = 'invalid-company' | 'not-adding' | 'no-company' | 'missing-naf';

export type DetailsEntry =
  /** Store the company as the selected one, then re-enter /informations-entreprise with `state`. */
  | { kind: 'store-and-reenter'; company: CompanySuggestion; state: OnboardingNavState }
  | { kind: 'redirect'; to: '/rechercher-entreprise' | '/dashboard'; reason: DetailsRedirectReason }
  | { kind: 'render'; company: CompanySuggestion; nav: OnboardingNavState };

/**
 * 01 §2 step 2: reachable with a `company` parameter (base64, stored, then re-entered with
 * navigation state) or with navigation state flagged addingNewCompany; otherwise /dashboard. An
 * invalid parameter, no stored selected company with a siret, or a company without NAF code go
 * back to /rechercher-entreprise (except a company typed by hand: its agreement is typed too).
 */
export function decideDetailsEntry({
  companyParam,
  state,
  stored,
}: DetailsEntryInput): DetailsEntry {
  const nav = parseOnboardingNavState(state);
  if (companyParam !== null) {
    const company = decodeCompanyParam(companyParam);
    if (company === null)
      return { kind: 'redirect', to: '/rechercher-entreprise', reason: 'invalid-company' };
    return {
      kind: 'store-and-reenter',
      company,
      state: {
        company,
        addingNewCompany: true,
        from: nav.from ?? DEFAULT_FROM,
        ...(nav.ref ? { ref: nav.ref } : {}),
      },
    };
  }
  if (nav.addingNewCompany !== true)
    return { kind: 'redirect', to: '/dashboard', reason: 'not-adding' };
  if (stored === null || stored.siret === '') {
    return { kind: 'redirect', to: '/rechercher-entreprise', reason: 'no-company' };
  }
  const company = nav.company ?? stored;
  // A company typed by hand while the registry was unavailable has no NAF code by nature: its
  // agreement is chosen by IDCC (issue 15 "Bad input"), so it is not sent back to step 1.
  if (company.codeNaf.trim() === '' && company.manual !== true)
    return { kind: 'redirect', to: '/rechercher-entreprise', reason: 'missing-naf' };
  return { kind: 'render', company, nav };
}

// ---- headcount (01 §4) ---------------------------------------------------------------------------------

/**
 * The band a choice stands for. A typed count (the -1/-1 band) auto-matches a fetched band
 * (matchBand: min <= n <= max, never the -1 or 0-0 bands); with no match it stays n-n 'n salariés'.
 */
export function resolveHeadcountRange(
  bands: readonly EmployeeRange[],
  range: EmployeeRange,
): EmployeeRange {
  if (range.min !== range.max || range.min < 1) return range;
  if (bands.some((b) => b.min === range.min && b.max === range.max && !isOtherRange(b)))
    return range;
  return matchBand(bands, range.min) ?? range;
}

/** The typed count as an integer, or null (the rule of the number strings, whole numbers only). */
export function parseEmployeeCount(text: string): number | null {
  const compact = removeSpaces(text);
  if (!/^\d{1,7}$/.test(compact)) return null;
  return Number(compact);
}

// ---- first simulation and sign-up metadata (01 §4) ------------------------------------------------------

export type SimulationFields = PendingSimulation;

/** The simulation columns of a company, an agreement, a band and its budget fields. */
export function buildSimulationFields(
  company: CompanySuggestion,
  choice: { idcc: string; range: { min: number; max: number } },
  budget: SimulationBudgetFields,
): SimulationFields {
  return {
    company_name: company.companyName,
    company_address: company.companyAddress,
    company_siret: company.siret,
    code_naf: company.codeNaf === '' ? null : company.codeNaf,
    idcc: choice.idcc,
    employee_range_min: choice.range.min,
    employee_range_max: choice.range.max,
    ...budget,
  };
}

export type SignUpContact = {
  name: string;
  lastName?: string;
  email: string;
  phone: string;
  role: string;
};

/**
 * contact_name: the Prénom field, followed by the Nom field when it is filled (ours: the settings
 * screen shows contact_name as 'Nom complet', 02 §2.20).
 */
export function contactFullName(contact: Pick<SignUpContact, 'name' | 'lastName'>): string {
  return [contact.name.trim(), (contact.lastName ?? '').trim()]
    .filter(Boolean)
    .join(' ')
    .slice(0, 200);
}

/**
 * The metadata of the sign-up call (01 §4 step 2): the contact fields, the company, the first
 * simulation with a client-generated id (created by the server when the address is confirmed) and the stored
 * referral id.
 */
export function buildSignUpMetadata(input: {
  contact: SignUpContact;
  company: CompanySuggestion | null;
  pending: PendingSimulation | null;
  pendingId: string;
  referralId: string | null;
}): Record<string, unknown> {
  const { contact, company, pending, pendingId, referralId } = input;
  return {
    contact_name: contactFullName(contact),
    contact_email: contact.email.trim().toLowerCase(),
    contact_phone: contact.phone.trim(),
    contact_role: contact.role,
    company_name: company?.companyName ?? pending?.company_name ?? '',
    company_address: company?.companyAddress ?? pending?.company_address ?? '',
    company_siret: company?.siret ?? pending?.company_siret ?? '',
    code_naf: company?.codeNaf || pending?.code_naf || '',
    pending_simulation: pending ? { id: pendingId, ...pending } : null,
    referral_id: referralId !== null && isValidReferralParam(referralId) ? referralId : null,
  };
}

export type SignUpFailure =
  'already_exists' | 'profile' | 'no_user' | 'network' | 'rate_limited' | 'weak_password' | 'other';

/**
 * 01 §8: which message a failed sign-up shows. A database failure while saving the account comes
 * back as GoTrue's "Database error saving new user" (500): the profile message.
 */
export function classifySignUpFailure(error: {
  code: string;
  message?: string;
  status?: number;
}): SignUpFailure {
  if (error.code === 'user_already_exists') return 'already_exists';
  if (error.code === 'network') return 'network';
  if (error.code === 'rate_limited') return 'rate_limited';
  if (error.code === 'weak_password') return 'weak_password';
  if (error.code === 'no_user') return 'no_user';
  const message = (error.message ?? '').toLowerCase();
  if (message.includes('database error') || message.includes('saving new user')) return 'profile';
  return 'other';
}

// ---- recent companies (offline choice) ----------------------------------------------------------------------

/** Reference-cache key of the recently selected companies. */
export const RECENT_COMPANIES_KEY = 'recent-companies';
export const MAX_RECENT_COMPANIES = 5;

/** The cached list, validated item by item (a tampered item is dropped). */
export function parseRecentCompanies(value: unknown): CompanySuggestion[] {
  if (!Array.isArray(value)) return [];
  const out: CompanySuggestion[] = [];
  for (const item of value.slice(0, 50)) {
    const parsed = companySuggestionSchema.safeParse(item);
    if (parsed.success && !out.some((c) => c.siret === parsed.data.siret)) out.push(parsed.data);
    if (out.length === MAX_RECENT_COMPANIES) break;
  }
  return out;
}

/** The company first, then the others (same siret removed), at most 5. */
export function addRecentCompany(
  list: readonly CompanySuggestion[],
  company: CompanySuggestion,
): CompanySuggestion[] {
  return [company, ...list.filter((c) => c.siret !== company.siret)].slice(0, MAX_RECENT_COMPANIES);
}

/** Recent companies matching a typed text (name, address, SIRET or SIREN); all of them for a blank text. */
export function filterRecentCompanies(
  list: readonly CompanySuggestion[],
  text: string,
): CompanySuggestion[] {
  const q = foldText(text.trim());
  if (q === '') return [...list];
  const digits = removeSpaces(text);
  return list.filter(
    (c) =>
      foldText(c.companyName).includes(q) ||
      foldText(c.companyAddress).includes(q) ||
      (/^\d+$/.test(digits) && (c.siret.startsWith(digits) || c.siren.startsWith(digits))),
  );
}

// ---- resend countdown (02 §2.7, §9) ------------------------------------------------------------------------

export const RESEND_COUNTDOWN_SECONDS = 60;
export const VERIFY_POLL_MS = 5000;

/** Whole seconds left before resending is allowed (0: allowed). */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  if (!Number.isFinite(deadlineMs) || !Number.isFinite(nowMs)) return 0;
  return Math.max(0, Math.min(RESEND_COUNTDOWN_SECONDS, Math.ceil((deadlineMs - nowMs) / 1000)));
}
