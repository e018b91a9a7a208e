// The auth routes of "whoever owns the inbox owns the account" (issue 28 items 2 and 5), mounted by
// guard.ts in front of lite:
//   GET/POST /verify   confirmation links and codes → a one-time code for the app (sign-up.ts);
//                      e-mail change links and codes → both addresses needed (email-change.ts);
//                      password-reset links and codes → the old password and other sessions end
//   POST /token?grant_type=pkce   our one-time code + the sign-up browser's verifier → session
//   POST /claim         our one-time code + the password the inbox owner chose → session
//   POST /signup/status the sign-up browser (its verifier) asks whether its address got confirmed
//   PUT  /user          a new e-mail starts a two-address change; a new password ends the other
//                       sessions
// Bodies are validated with zod: a wrong type is a 400 in GoTrue's shape, never a 500.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { passwordVerdictOf } from './strength';
import type { Db } from '../db/db';
import type { Route } from '../http/route-table';
import { userResponse } from './admin-users';
import { bearerToken } from './keys';
import { SINGLE_CONFIRMATION_ACCEPTED, type EmailChanges } from './email-change';
import { codeVerifierSchema, mintSession } from './pkce';
import { afterPasswordChange, afterRecovery } from './session-end';
import type { SignUps } from './sign-up';
import type { AuthThrottle } from './throttle';

type Env = { Bindings: { peerAddress: string | null } };
type C = Context<Env>;

export type AccountRouteDeps = {
  db: Db;
  signUps: SignUps;
  emailChanges: EmailChanges;
  throttle: AuthThrottle;
  /** Hands a request to lite: this request's headers, another body and/or URL. */
  forward: (c: C, body: string | null, url?: string) => Promise<Response>;
  error: (
    c: C,
    status: ContentfulStatusCode,
    code: string,
    msg: string,
    extra?: Record<string, unknown>,
  ) => Response;
  tooMany: (c: C, waitMs: number, code?: string) => Response;
};

/** Link types whose token is an address's confirmation token (lite: magiclink falls back to it). */
const CONFIRMING_TYPES = new Set(['signup', 'magiclink', 'email']);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const tokenHashOf = (email: string, token: string) =>
  createHash('sha256')
    .update(email.toLowerCase() + token)
    .digest('hex');

const verifyBody = z.object({
  type: z.string().max(40),
  email: z.string().max(320).optional(),
  token: z.string().max(64).optional(),
  token_hash: z.string().max(128).optional(),
});

const claimBody = z.object({ auth_code: z.string().min(1).max(128), password: z.string() });
const statusBody = z.object({ code_verifier: z.string().max(256) });
const pkceBody = z.object({ auth_code: z.string().max(128), code_verifier: z.string().max(256) });

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const peer = (c: C) => c.env?.peerAddress ?? 'unknown';
const redirectOf = (c: C) => c.req.query('redirect_to') ?? null;
const exchangeWithLite = (deps: AccountRouteDeps, c: C) => (authCode: string, verifier: string) =>
  deps.forward(
    c,
    JSON.stringify({ auth_code: authCode, code_verifier: verifier }),
    new URL('/auth/v1/token?grant_type=pkce', c.req.url).toString(),
  );
const flowStateNotFound = (deps: AccountRouteDeps, c: C) =>
  deps.error(c, 404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');

/** GET /verify?type=&token=: a link of the e-mails. */
async function verifyLink(deps: AccountRouteDeps, c: C): Promise<Response> {
  const type = c.req.query('type');
  const token = c.req.query('token');
  if (type === 'email_change' && token) {
    const step = await deps.emailChanges.verify(token);
    return c.redirect(deps.emailChanges.landingFor(redirectOf(c), step), 303);
  }
  if (type && token && CONFIRMING_TYPES.has(type)) {
    const account = await deps.signUps.links.linkAccount(token);
    if (account) {
      const code = await deps.signUps.issueCode(account.id);
      return c.redirect(deps.signUps.landing(redirectOf(c), code), 303);
    }
  }
  const res = await deps.forward(c, null);
  if (type === 'recovery' && res.status === 303) await afterRecovery(deps.db, res);
  return res;
}

/** POST /verify with a code (e-mail + token) or a token hash. */
async function verifyCode(deps: AccountRouteDeps, c: C, text: string): Promise<Response> {
  const parsed = verifyBody.safeParse(parseJson(text));
  if (!parsed.success) return deps.forward(c, text);
  const { type, email, token, token_hash } = parsed.data;
  const hash = token_hash ?? (email && token ? tokenHashOf(email, token) : null);
  if (hash && type === 'email_change') {
    const step = await deps.emailChanges.verify(hash);
    if (step === 'not_found')
      return deps.error(c, 403, 'otp_expired', 'Token has expired or is invalid');
    if (step === 'email_exists')
      return deps.error(
        c,
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    return c.json({
      code: '200',
      msg: step === 'pending' ? SINGLE_CONFIRMATION_ACCEPTED : 'Email address changed',
    });
  }
  if (hash && CONFIRMING_TYPES.has(type)) {
    const account = await deps.signUps.links.linkAccount(hash);
    // The code proves the inbox, like the link: the app exchanges it as it would the link's.
    if (account) return c.json({ auth_code: await deps.signUps.issueCode(account.id) });
  }
  const res = await deps.forward(c, text);
  if (type === 'recovery' && res.ok) await afterRecovery(deps.db, res);
  return res;
}

/** POST /token?grant_type=pkce: one of our codes, else lite's own flow states. */
async function pkceGrant(deps: AccountRouteDeps, c: C, text: string): Promise<Response> {
  const parsed = pkceBody.safeParse(parseJson(text));
  if (!parsed.success) return deps.forward(c, text);
  const { auth_code, code_verifier } = parsed.data;
  const verifier = codeVerifierSchema.safeParse(code_verifier).success ? code_verifier : '';
  const outcome = await deps.signUps.exchange(auth_code, verifier);
  switch (outcome.kind) {
    case 'not_ours':
      return deps.forward(c, text);
    case 'expired':
      return deps.error(c, 422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    case 'mismatch':
      return deps.error(
        c,
        400,
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    case 'confirmed':
      return mintSession(deps.db, outcome.userId, exchangeWithLite(deps, c));
  }
}

/** PUT /user: e-mail change through both addresses; a new password ends the other sessions. */
async function updateUser(deps: AccountRouteDeps, c: C, text: string): Promise<Response> {
  const body = parseJson(text);
  const fields =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  const email =
    fields && typeof fields.email === 'string' && fields.email !== '' ? fields.email : null;
  if (email !== null && !EMAIL_RE.test(email.trim()))
    return deps.error(
      c,
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  const rest = fields ? { ...fields } : null;
  if (rest) {
    delete rest.email;
    delete rest.code_challenge;
    delete rest.code_challenge_method;
  }
  // lite authenticates the caller and applies everything but the e-mail.
  const res = await deps.forward(c, rest ? JSON.stringify(rest) : text);
  if (!res.ok) return res;
  if (rest && typeof rest.password === 'string')
    await afterPasswordChange(deps.db, bearerToken(c.req.raw));
  if (email === null) return res;
  const user = (await res.json()) as { id: string };
  const outcome = await deps.emailChanges.request(user.id, email, redirectOf(c));
  if (outcome.kind === 'email_exists')
    return deps.error(
      c,
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  if (outcome.kind === 'rate_limited')
    return deps.tooMany(c, outcome.waitMs, 'over_email_send_rate_limit');
  const [row] = await deps.db.query('select * from auth.users where id = $1', [user.id]);
  const json = await userResponse(deps.db, row!);
  return c.json({
    ...json,
    ...(row?.email_change ? { new_email: row.email_change } : {}),
    ...(row?.email_change_sent_at
      ? { email_change_sent_at: new Date(String(row.email_change_sent_at)).toISOString() }
      : {}),
  });
}

/** POST /claim: one of our codes and the password the inbox owner chose: a session. */
async function claim(deps: AccountRouteDeps, c: C): Promise<Response> {
  const wait = deps.throttle.verify.take(`ip:${peer(c)}`);
  if (wait) return deps.tooMany(c, wait);
  const parsed = claimBody.safeParse(parseJson(await c.req.text()));
  if (!parsed.success)
    return deps.error(c, 400, 'validation_failed', 'claim requires auth_code and password');
  const { auth_code, password } = parsed.data;
  if (password.length < 8)
    return deps.error(c, 422, 'weak_password', 'Password should be at least 8 characters.', {
      weak_password: { reasons: ['length'] },
    });
  if (password.length > 72)
    return deps.error(c, 400, 'validation_failed', 'Password cannot be longer than 72 characters');
  // The strength estimator of every new password (strength.ts, issue 28 item 8).
  const verdict = await passwordVerdictOf(password, []);
  if (!verdict.ok)
    return deps.error(
      c,
      422,
      'weak_password',
      'Password is known to be weak and easy to guess, please choose a different one.',
      { weak_password: { reasons: [verdict.common ? 'pwned' : 'characters'] } },
    );
  const outcome = await deps.signUps.claim(auth_code, password);
  if (outcome.kind !== 'confirmed') return flowStateNotFound(deps, c);
  return mintSession(deps.db, outcome.userId, exchangeWithLite(deps, c));
}

/** POST /signup/status: whether the sign-up browser's address got confirmed. */
async function signUpStatus(deps: AccountRouteDeps, c: C): Promise<Response> {
  const wait = deps.throttle.tokenRefresh.take(`ip:${peer(c)}`);
  if (wait) return deps.tooMany(c, wait);
  const parsed = statusBody.safeParse(parseJson(await c.req.text()));
  if (!parsed.success || !codeVerifierSchema.safeParse(parsed.data.code_verifier).success)
    return deps.error(c, 400, 'validation_failed', 'code_verifier is required');
  return c.json({ status: await deps.signUps.status(parsed.data.code_verifier) });
}

/** The account routes, bound to their dependencies: guard.ts routes /verify, /token and PUT /user
 * through them, and lists /claim and /signup/status in its area. */
export function accountRoutes(deps: AccountRouteDeps) {
  return {
    verifyLink: (c: C) => verifyLink(deps, c),
    verifyCode: (c: C, text: string) => verifyCode(deps, c, text),
    pkceGrant: (c: C, text: string) => pkceGrant(deps, c, text),
    updateUser: (c: C, text: string) => updateUser(deps, c, text),
    routes: [
      { method: 'POST', path: '/claim', who: 'api key', handler: (c: C) => claim(deps, c) },
      {
        method: 'POST',
        path: '/signup/status',
        who: 'api key',
        handler: (c: C) => signUpStatus(deps, c),
      },
    ] satisfies Route[],
  };
}
