// The sign-up sequence of 01 §4, with e-mail confirmation on (no session after sign-up):
//  1. profile_exists_for_email (rpc, anon allowed, limited like a sign-in per client address: a
//     429 is the rate-limited failure): a confirmed account with this e-mail -> already exists (an
//     unconfirmed registration, maybe somebody else's, is replaced by this sign-up);
//  2. auth sign-up with the contact metadata, the company, the first simulation and the referral id,
//     e-mail redirect to /dashboard;
//  3-5. done by the server when the address is confirmed (trigger on auth.users, from the metadata
//     of the last sign-up): the profile, then the first simulation from pending_simulation and the
//     referral with status 'registered' (failures only logged).
import {
  classifySignUpFailure,
  buildSignUpMetadata,
  type SignUpContact,
  type SignUpFailure,
} from '@/domain/onboarding-rules';
import type { PendingSimulation } from '@/domain/onboarding-storage';
import type { CompanySuggestion } from '@/domain/registry';
import { CONFIRMATION_PATH, signUpWithEmail } from '@/lib/auth';
import { getSupabase } from '@/lib/supabase';

export type SignUpInput = {
  contact: SignUpContact;
  password: string;
  company: CompanySuggestion | null;
  pending: PendingSimulation | null;
  referralId: string | null;
  origin: string;
};

export type SignUpResult =
  { ok: true; email: string } | { ok: false; failure: SignUpFailure; message: string };

type RpcError = { message?: string; code?: string } | null;

/** The lookup's answer when the client asked too often (server/auth/account-lookup.ts). */
const RATE_LIMITED = 'over_request_rate_limit';

function isNetworkMessage(message: string): boolean {
  return /failed to fetch|networkerror|load failed|network/i.test(message);
}

export async function profileExistsForEmail(
  email: string,
): Promise<{ ok: true; exists: boolean } | { ok: false; failure: SignUpFailure; message: string }> {
  try {
    const supabase = await getSupabase();
    const { data, error, status } = (await supabase.rpc('profile_exists_for_email', {
      p_email: email,
    })) as {
      data: unknown;
      error: RpcError;
      status: number;
    };
    if (error) {
      const message = error.message ?? '';
      if (status === 429 || error.code === RATE_LIMITED)
        return { ok: false, failure: 'rate_limited', message };
      return { ok: false, failure: isNetworkMessage(message) ? 'network' : 'other', message };
    }
    return { ok: true, exists: data === true };
  } catch (error) {
    return { ok: false, failure: 'network', message: error instanceof Error ? error.message : '' };
  }
}

export async function runSignUp(input: SignUpInput): Promise<SignUpResult> {
  const email = input.contact.email.trim().toLowerCase();
  const existing = await profileExistsForEmail(email);
  if (!existing.ok) return existing;
  if (existing.exists) return { ok: false, failure: 'already_exists', message: '' };

  const metadata = buildSignUpMetadata({
    contact: { ...input.contact, email },
    company: input.company,
    pending: input.pending,
    pendingId: crypto.randomUUID(),
    referralId: input.referralId,
  });
  const result = await signUpWithEmail({
    email,
    password: input.password,
    metadata,
    // The confirmation screen: it exchanges the link's code with this browser's verifier.
    emailRedirectTo: `${input.origin}${CONFIRMATION_PATH}`,
  });
  if (!result.ok) {
    const failure = classifySignUpFailure(result);
    if (failure === 'profile' || failure === 'other')
      console.error('Sign-up failed', result.code, result.message);
    return { ok: false, failure, message: result.message };
  }
  if (!result.data.user) return { ok: false, failure: 'no_user', message: '' };
  return { ok: true, email };
}
