// Helpers of the security suite: raw GoTrue calls (what an attacker sends with the public anon key),
// the local mailbox, and the confirmation link as a person clicks it.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { BackendConfig } from '../../../server/start/config';
import type { MailboxMessage } from '../../../server/auth/mailbox';
import {
  RELAXED_AUTH_LIMITS,
  startTestBackend,
  type BackendCoordinates,
  type TestBackend,
} from '../../../server/testing/backend';
import type { AuthLimits } from '../../../server/auth/throttle';

/**
 * A backend of the file's own (for settings the shared one cannot have: short windows, strict
 * limits), started before its tests and stopped after; no reference data (not needed here).
 */
export function ownBackend(
  limits: Partial<AuthLimits>,
  config: Partial<BackendConfig> = {},
): () => TestBackend {
  let b: TestBackend | undefined;
  beforeAll(async () => {
    b = await startTestBackend({
      config: { seed: false, authLimits: { ...RELAXED_AUTH_LIMITS, ...limits }, ...config },
    });
  });
  afterAll(async () => {
    await b?.stop();
  });
  return () => b!;
}

export type MailMessage = MailboxMessage;

export function authHeaders(b: BackendCoordinates, token?: string): Record<string, string> {
  return {
    apikey: b.anonKey,
    authorization: `Bearer ${token ?? b.anonKey}`,
    'content-type': 'application/json',
  };
}

/** POST /auth/v1/<path> with the anon key; returns status, headers and the parsed body. */
export async function authPost(
  b: BackendCoordinates,
  path: string,
  body: unknown,
  opts: { token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const res = await fetch(`${b.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: { ...authHeaders(b, opts.token), ...opts.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { raw: text };
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export function signUp(
  b: BackendCoordinates,
  email: string,
  password: string,
  data: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  return authPost(b, 'signup', { email, password, data }, { headers });
}

/** What a browser keeps (the verifier) and sends (the challenge) in supabase-js's PKCE flow. */
export type Browser = { verifier: string; challenge: string };

export function newBrowser(): Browser {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A sign-up as supabase-js sends it with flowType 'pkce', from `browser`. */
export function signUpFrom(
  b: BackendCoordinates,
  browser: Browser,
  email: string,
  password: string,
  data: Record<string, unknown> = {},
) {
  return authPost(b, 'signup', {
    email,
    password,
    data,
    code_challenge: browser.challenge,
    code_challenge_method: 's256',
  });
}

/** exchangeCodeForSession: the landing's code with this browser's verifier (or none). */
export function exchange(b: BackendCoordinates, code: string, browser: Browser | null) {
  return authPost(b, 'token?grant_type=pkce', {
    auth_code: code,
    code_verifier: browser?.verifier ?? '',
  });
}

/** « Choisissez votre mot de passe »: the landing's code and the inbox owner's new password. */
export function claim(b: BackendCoordinates, code: string, password: string) {
  return authPost(b, 'claim', { auth_code: code, password });
}

/** The sign-up browser asks whether its address got confirmed. */
export function registrationStatus(b: BackendCoordinates, browser: Browser) {
  return authPost(b, 'signup/status', { code_verifier: browser.verifier });
}

export function passwordGrant(
  b: BackendCoordinates,
  email: string,
  password: string,
  headers?: Record<string, string>,
) {
  return authPost(b, 'token?grant_type=password', { email, password }, { headers });
}

export async function mailbox(b: BackendCoordinates, email: string): Promise<MailMessage[]> {
  const res = await fetch(`${b.url}/_mailbox/api/messages?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as MailMessage[];
}

export function verifyLink(message: MailMessage): string {
  const link = message.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verification link in "${message.subject}"`);
  return link;
}

/**
 * Follows an e-mail link as a browser does: the 303 to the app, with a one-time `code` (sign-up
 * confirmations), tokens (password reset) or an error.
 */
export async function clickLink(link: string): Promise<{
  location: string;
  code: string | null;
  accessToken: string | null;
  error: string | null;
}> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location') ?? '';
  const url = new URL(location);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  return {
    location,
    code: url.searchParams.get('code'),
    accessToken: fragment.get('access_token'),
    error: fragment.get('error_code') ?? fragment.get('error'),
  };
}

/** The base64 referral parameter of a profile id (what /simulation/step1?ref= carries). */
export const referralParam = (profileId: string) => Buffer.from(profileId).toString('base64');

/** The address's e-mails once there are at least `count` (newest first). */
export async function waitForMails(
  b: BackendCoordinates,
  email: string,
  count: number,
): Promise<MailMessage[]> {
  for (let i = 0; i < 100; i++) {
    const list = await mailbox(b, email);
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${count} e-mails for ${email}`);
}

/** The 6-digit code an e-mail shows beside its link. */
export function mailCode(message: MailMessage): string {
  const code = /code\s*:\s*(\d{6})/i.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in "${message.subject}"`);
  return code;
}

/** The signed-in user's profile (contact and company fields). */
export async function profileOf(
  b: BackendCoordinates,
  accessToken: string,
): Promise<Record<string, unknown> | undefined> {
  const res = await fetch(
    `${b.url}/rest/v1/profiles?select=contact_name,company_name,company_siret,contact_email`,
    { headers: authHeaders(b, accessToken) },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as Record<string, unknown>[])[0];
}

/** PUT /auth/v1/user {password}: what the new-password screen sends. */
export async function setPassword(b: BackendCoordinates, accessToken: string, password: string) {
  const res = await fetch(`${b.url}/auth/v1/user`, {
    method: 'PUT',
    headers: authHeaders(b, accessToken),
    body: JSON.stringify({ password }),
  });
  return res.status;
}
