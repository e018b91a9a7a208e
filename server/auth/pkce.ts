// PKCE (RFC 7636) as GoTrue and supabase-js use it: the browser that starts a flow keeps a random
// code verifier and sends only its challenge (base64url(sha256(verifier)), method `s256`, or the
// verifier itself, `plain`); whoever later presents the verifier is that browser. Here it tells the
// browser that signed an address up from any other place its confirmation link is opened
// (sign-up.ts), and it is how a session is minted for a user the server has just confirmed: a
// one-time flow state handed to lite's own `grant_type=pkce` exchange, which creates the session
// exactly as for any other sign-in.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { DbSession } from '../db/db';

/** GoTrue's rules (internal/api/pkce.go): 43 to 128 characters of the unreserved set. */
const CHALLENGE_RE = /^[A-Za-z0-9._~-]{43,128}$/;

export type CodeChallenge = { challenge: string; method: 's256' | 'plain' };

/**
 * The optional challenge of a sign-up: both fields or neither (GoTrue: "PKCE flow requires
 * code_challenge_method and code_challenge"); null/absent/empty means no PKCE.
 */
export const codeChallengeFields = z
  .object({
    code_challenge: z.string().nullish(),
    code_challenge_method: z.string().nullish(),
  })
  .transform((v, ctx): CodeChallenge | null => {
    const challenge = v.code_challenge ?? '';
    const method = (v.code_challenge_method ?? '').toLowerCase();
    if (challenge === '' && method === '') return null;
    if (challenge === '' || method === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'PKCE flow requires code_challenge_method and code_challenge',
      });
      return z.NEVER;
    }
    if (!CHALLENGE_RE.test(challenge)) {
      ctx.addIssue({
        code: 'custom',
        message: 'code challenge has to be between 43 and 128 characters of A-Z a-z 0-9 . _ ~ -',
      });
      return z.NEVER;
    }
    if (method !== 's256' && method !== 'plain') {
      ctx.addIssue({ code: 'custom', message: 'Invalid code_challenge_method' });
      return z.NEVER;
    }
    return { challenge, method };
  });

/** A code verifier as clients send it (RFC 7636 §4.1: 43 to 128 unreserved characters). */
export const codeVerifierSchema = z.string().regex(CHALLENGE_RE);

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export function s256(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest());
}

/** The challenges this verifier answers: its S256 form, and itself for `plain`. */
export function challengesOf(verifier: string): { s256: string; plain: string } {
  return { s256: s256(verifier), plain: verifier };
}

export function verifierMatches(stored: CodeChallenge, verifier: string): boolean {
  const expected = stored.method === 's256' ? s256(verifier) : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(stored.challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An unguessable one-time code (256 bits). */
export function randomCode(): string {
  return base64url(randomBytes(32));
}

/**
 * A session for `userId`, created by lite itself: a flow state only this call knows the verifier
 * of, exchanged at once through lite's `POST /token?grant_type=pkce` (its answer is GoTrue's token
 * response, and the flow state is deleted by the exchange).
 */
export async function mintSession(
  db: DbSession,
  userId: string,
  exchange: (authCode: string, verifier: string) => Promise<Response>,
): Promise<Response> {
  const authCode = randomUUID();
  const verifier = randomCode();
  await db.query(
    `insert into auth.flow_state
       (id, user_id, auth_code, authentication_method, code_challenge_method, code_challenge,
        provider_type, created_at, updated_at)
     values ($1, $2, $3, 'email/signup', 'plain', $4, 'email', now(), now())`,
    [randomUUID(), userId, authCode, verifier],
  );
  return exchange(authCode, verifier);
}
