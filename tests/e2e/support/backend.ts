// Talking to the embedded backend from Playwright tests: service-role checks, users, mailbox.
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import ws from 'ws';
import { TEST_ANON_KEY, TEST_SERVICE_ROLE_KEY } from '../../../server/testing/known-keys';

export const API_URL = 'http://127.0.0.1:54321';
/** The keys of the e2e backend: signed with the known secret playwright.config.ts sets. */
export const ANON_KEY = TEST_ANON_KEY;
export const SERVICE_KEY = TEST_SERVICE_ROLE_KEY;
/** Must match src/lib/supabase.ts AUTH_STORAGE_KEY. */
export const AUTH_STORAGE_KEY = 'bf-auth-session';

const nodeOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as typeof WebSocket },
};

export function serviceClient(): SupabaseClient {
  return createClient(API_URL, SERVICE_KEY, nodeOptions);
}

export function anonClient(): SupabaseClient {
  return createClient(API_URL, ANON_KEY, nodeOptions);
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
}

export type TestUser = {
  id: string;
  email: string;
  password: string;
  session: Session;
  client: SupabaseClient;
};

/**
 * A confirmed user with a profile (created by the admin API, as an operator would), signed in
 * through supabase-js. Metadata feeds the sign-up trigger (profile, optional first simulation).
 */
export async function createConfirmedUser(
  metadata: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = uniqueEmail();
  const password = 'MotDePasse123!';
  const admin = serviceClient();
  const { error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: {
      contact_name: 'Camille Martin',
      contact_email: email,
      contact_role: 'RH',
      ...metadata,
    },
  });
  if (error) throw error;
  const client = anonClient();
  const { data, error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError || !data.session) throw signInError ?? new Error('no session');
  return { id: data.session.user.id, email, password, session: data.session, client };
}

/** The default company of a test user (its first simulation, created by the sign-up trigger). */
export const DEFAULT_COMPANY = {
  company_name: 'Altéa Conseil',
  company_address: '10 rue de Rivoli, 75001 Paris',
  company_siret: '44306184100047',
  idcc: '1486',
  employee_range_min: 11,
  employee_range_max: 49,
  budget_type: 'TOTAL',
  budget_total: 5000,
} as const;

/** A confirmed user who already has a company (DEFAULT_COMPANY with the given changes). */
export async function createUserWithCompany(
  company: Record<string, unknown> = {},
  metadata: Record<string, unknown> = {},
): Promise<TestUser> {
  return createConfirmedUser({
    ...metadata,
    pending_simulation: { id: randomUUID(), ...DEFAULT_COMPANY, ...company },
  });
}

export type MailMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
};

export async function mailboxFor(email: string): Promise<MailMessage[]> {
  const res = await fetch(`${API_URL}/_mailbox/api/messages?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`mailbox ${res.status}`);
  return (await res.json()) as MailMessage[];
}

/** The 6-digit code the newest e-mail to this address shows beside its link. */
export async function waitForMailCode(email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = /code\s*:\s*(\d{6})/i.exec((await mailboxFor(email))[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${email}`);
}

/** Waits for the first e-mail to this address and returns its first link. */
export async function waitForMailLink(email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = await mailboxFor(email);
    const link = messages.at(-1)?.links[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail for ${email}`);
}
