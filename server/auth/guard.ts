// What the embedded backend does in front of lite's /auth/v1 (lite 0.10's GoTrue-like auth runs
// in-process; hosted GoTrue is the reference, see docs/security.md):
//  - sign-up: each sign-up of an unconfirmed address is a registration of its own, kept at
//    confirmation only for the browser that holds its PKCE verifier (sign-up.ts); common passwords
//    refused (422 weak_password, reason `pwned`); metadata an object of 16 KiB at most;
//  - password sign-in: throttled per client address and per account, the same bcrypt work for
//    unknown addresses, the password checked before "e-mail not confirmed" (as GoTrue), hashing on
//    the worker pool (password-hashing.ts);
//  - refresh: a rotated token reused after the reuse interval revokes its whole session (GoTrue's
//    RefreshTokenReuseInterval + RevokeTokenFamily); refreshes throttled per address;
//  - verify, recover, resend, otp and magic link: throttled; e-mails at most one per address per
//    interval; /otp and /magiclink never create an account (lite created it CONFIRMED);
//  - confirmation links and codes, the code exchange, « Choisissez votre mot de passe » (/claim),
//    e-mail changes confirmed by both addresses, sessions ended by a new password or a reset:
//    account-routes.ts;
//  - PUT /user: common passwords refused.
// Everything else, and every accepted request, goes on to lite unchanged (`forward`).
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { isCommonPassword } from '../../src/domain/password-rules';
import type { Db } from '../db/db';
import { API_EXPOSED_HEADERS } from '../http/common';
import type { BackendEnv, Route, RouteArea } from '../http/route-table';
import { accountRoutes } from './account-routes';
import { gotrueError } from './gotrue-error';
import type { EmailChanges } from './email-change';
import { mailContext } from './mailer';
import { bcryptCost, verifiedPassword, type HashPool } from './password-hashing';
import { codeChallengeFields } from './pkce';
import type { Registrations } from './registration';
import type { SignUps } from './sign-up';
import type { AuthThrottle } from './throttle';

export type AuthGuardDeps = {
  db: Db;
  pool: HashPool;
  throttle: AuthThrottle;
  registrations: Registrations;
  signUps: SignUps;
  emailChanges: EmailChanges;
  /** Seconds a rotated refresh token may still be used (GoTrue's default: 10). */
  refreshReuseIntervalSeconds: number;
  /** Hands a request to lite (with the peer address). */
  forward: (request: Request, peer: string | null) => Promise<Response>;
};

type Env = BackendEnv;

const MAX_METADATA_BYTES = 16 * 1024;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function tooMany(c: Context, waitMs: number, errorCode = 'over_request_rate_limit') {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  c.header('retry-after', String(seconds));
  return gotrueError(
    c,
    429,
    errorCode,
    errorCode === 'over_email_send_rate_limit'
      ? `For security purposes, you can only request this after ${seconds} seconds.`
      : 'Request rate limit reached',
  );
}

const weakPassword = (c: Context) =>
  gotrueError(
    c,
    422,
    'weak_password',
    'Password is known to be weak and easy to guess, please choose a different one.',
    { weak_password: { reasons: ['pwned'] } },
  );

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What every handler of the guard uses: its dependencies, the account routes, lite. */
type Guard = AuthGuardDeps & {
  account: ReturnType<typeof accountRoutes>;
  /** A hash no password matches: unknown addresses cost the same bcrypt work as known ones. */
  dummyHash: () => Promise<string>;
};

const peer = (c: Context<Env>) => c.env?.peerAddress ?? 'unknown';
const redirectOf = (c: Context) => c.req.query('redirect_to') ?? null;

/** lite, with the request's redirect_to for the e-mails it sends and an optional known password. */
function forward(
  g: Guard,
  c: Context<Env>,
  body: string | null,
  known?: { password: string; hash: string },
  url: string = c.req.url,
  suppressEmail = false,
): Promise<Response> {
  const request = new Request(url, {
    method: c.req.method,
    headers: c.req.raw.headers,
    body: body ?? undefined,
  });
  const run = () =>
    mailContext.run({ redirectTo: redirectOf(c), suppress: suppressEmail }, () =>
      g.forward(request, c.env?.peerAddress ?? null),
    );
  return known ? verifiedPassword.run(known, run) : run();
}

/** A sign-up body's checks before anything is written: its data, its PKCE fields. */
function signUpFields(c: Context<Env>, body: Record<string, unknown>) {
  if (typeof body.password === 'string' && isCommonPassword(body.password)) return weakPassword(c);
  const data = body.data ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return gotrueError(c, 400, 'validation_failed', 'data must be a JSON object');
  if (JSON.stringify(data).length > MAX_METADATA_BYTES)
    return gotrueError(c, 400, 'validation_failed', 'data is too large');
  const pkce = codeChallengeFields.safeParse(body);
  if (!pkce.success) return gotrueError(c, 400, 'validation_failed', pkce.error.issues[0]!.message);
  return { data: data as Record<string, unknown>, challenge: pkce.data };
}

/** The same password checks as a first sign-up (lite's), before a registration is replaced. */
function signUpPasswordError(c: Context<Env>, password: string): Response | null {
  if (password === '')
    return gotrueError(c, 400, 'validation_failed', 'Signup requires a valid password');
  if (password.length < 8)
    return gotrueError(c, 422, 'weak_password', 'Password should be at least 8 characters.', {
      weak_password: { reasons: ['length'] },
    });
  if (password.length > 72)
    return gotrueError(c, 400, 'validation_failed', 'Password cannot be longer than 72 characters');
  return null;
}

async function signUp(g: Guard, c: Context<Env>): Promise<Response> {
  const wait = g.throttle.signInSignUps.take(`ip:${peer(c)}`);
  if (wait) return tooMany(c, wait);
  const text = await c.req.text();
  const body = parseObject(text);
  if (!body || typeof body.email !== 'string' || body.email === '') return forward(g, c, text);
  const fields = signUpFields(c, body);
  if (fields instanceof Response) return fields;
  const email = body.email.toLowerCase();
  if (!EMAIL_RE.test(email)) return forward(g, c, text);
  return g.registrations.lock.run(email, async () => {
    const user = await g.registrations.findByEmail(email);
    if (!user) {
      // lite creates the account; its e-mail waits: the registration and the link are ours.
      const res = await forward(g, c, text, undefined, undefined, true);
      if (res.ok) await g.signUps.registered(email, fields.challenge, redirectOf(c));
      return res;
    }
    if (user.email_confirmed_at) return c.json(g.registrations.obfuscatedUser(email, fields.data));
    const password = typeof body.password === 'string' ? body.password : '';
    const refused = signUpPasswordError(c, password);
    if (refused) return refused;
    const again = await g.signUps.again(
      user,
      { email, password, data: fields.data, challenge: fields.challenge },
      redirectOf(c),
    );
    return c.json(again);
  });
}

async function resend(g: Guard, c: Context<Env>): Promise<Response> {
  const text = await c.req.text();
  const body = parseObject(text);
  if (!body || body.type !== 'signup' || typeof body.email !== 'string') return forward(g, c, text);
  const wait = g.throttle.signInSignUps.take(`ip:${peer(c)}`);
  if (wait) return tooMany(c, wait);
  const email = body.email.toLowerCase();
  if (!EMAIL_RE.test(email))
    return gotrueError(
      c,
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  const { waitMs } = await g.signUps.links.resend(email, redirectOf(c));
  if (waitMs > 0) return tooMany(c, waitMs, 'over_email_send_rate_limit');
  return c.json({});
}

/** Password recovery and one-time links: one e-mail per address per interval, known or not. */
async function emailLink(
  g: Guard,
  kind: 'recovery' | 'magiclink',
  c: Context<Env>,
): Promise<Response> {
  const text = await c.req.text();
  const body = parseObject(text);
  const wait = g.throttle.signInSignUps.take(`ip:${peer(c)}`);
  if (wait) return tooMany(c, wait);
  if (!body || typeof body.email !== 'string') return forward(g, c, text);
  const email = body.email.toLowerCase();
  const emailWait = g.throttle.emails.waitMs(kind, email);
  if (emailWait > 0) return tooMany(c, emailWait, 'over_email_send_rate_limit');
  if (kind === 'magiclink') {
    // Never an account from here: lite created it already confirmed, with no proof of the address.
    const user = await g.registrations.findByEmail(email);
    if (!user) return gotrueError(c, 422, 'otp_disabled', 'Signups not allowed for otp');
  }
  g.throttle.emails.sent(kind, email);
  return forward(
    g,
    c,
    kind === 'magiclink' && c.req.path.endsWith('/otp')
      ? JSON.stringify({ ...body, create_user: false })
      : text,
  );
}

async function verify(g: Guard, c: Context<Env>): Promise<Response> {
  const wait = g.throttle.verify.take(`ip:${peer(c)}`);
  if (wait) return tooMany(c, wait);
  if (c.req.method === 'GET') return g.account.verifyLink(c);
  const text = await c.req.text();
  const body = parseObject(text);
  const email = body && typeof body.email === 'string' ? body.email.toLowerCase() : null;
  if (!email) return g.account.verifyCode(c, text);
  // A 6-digit code is guessable: failed codes are counted per address.
  const key = `otp:${email}`;
  const locked = g.throttle.otpFailures.waitMs(key);
  if (locked) return tooMany(c, locked);
  const res = await g.account.verifyCode(c, text);
  if (res.status >= 400 && res.status < 500) g.throttle.otpFailures.take(key);
  else if (res.ok) g.throttle.otpFailures.reset(key);
  return res;
}

async function token(g: Guard, c: Context<Env>): Promise<Response> {
  const grant = c.req.query('grant_type');
  const text = await c.req.text();
  if (grant === 'refresh_token') return refresh(g, c, text);
  if (grant === 'pkce') {
    const wait = g.throttle.verify.take(`ip:${peer(c)}`);
    if (wait) return tooMany(c, wait);
    return g.account.pkceGrant(c, text);
  }
  if (grant !== 'password') return forward(g, c, text);
  return passwordGrant(g, c, text);
}

async function passwordGrant(g: Guard, c: Context<Env>, text: string): Promise<Response> {
  const { throttle } = g;
  const wait = throttle.signInSignUps.take(`ip:${peer(c)}`);
  if (wait) return tooMany(c, wait);
  const body = parseObject(text);
  if (!body || typeof body.email !== 'string' || typeof body.password !== 'string' || !body.email)
    return forward(g, c, text);
  const email = body.email.toLowerCase();
  const key = `account:${email}`;
  const locked = throttle.passwordFailures.waitMs(key);
  if (locked) return tooMany(c, locked);
  const [user] = await g.db.query<{ encrypted_password: string | null; confirmed: boolean }>(
    'select encrypted_password, email_confirmed_at is not null as confirmed from auth.users where email = $1',
    [email],
  );
  // An unconfirmed address holds its registrants' passwords apart (sign-up.ts): one of them
  // gets GoTrue's "e-mail not confirmed", as before, and still no session.
  if (user && !user.confirmed && !user.encrypted_password) {
    if (await g.signUps.isRegistrantPassword(email, body.password))
      return gotrueError(c, 400, 'email_not_confirmed', 'Email not confirmed');
    throttle.passwordFailures.take(key);
    return gotrueError(c, 400, 'invalid_credentials', 'Invalid login credentials');
  }
  const hash = user?.encrypted_password || (await g.dummyHash());
  const ok = await g.pool.compare(body.password, hash).catch(() => false);
  if (!user?.encrypted_password || !ok) {
    throttle.passwordFailures.take(key);
    return gotrueError(c, 400, 'invalid_credentials', 'Invalid login credentials');
  }
  throttle.passwordFailures.reset(key);
  return forward(g, c, text, { password: body.password, hash });
}

async function refresh(g: Guard, c: Context<Env>, text: string): Promise<Response> {
  const wait = g.throttle.tokenRefresh.take(`ip:${peer(c)}`);
  if (wait) return tooMany(c, wait);
  const body = parseObject(text);
  const token = body && typeof body.refresh_token === 'string' ? body.refresh_token : null;
  if (!token) return forward(g, c, text);
  const [row] = await g.db.query<{ revoked: boolean; session_id: string | null; age: number }>(
    `select revoked, session_id, extract(epoch from (now() - updated_at))::float8 as age
       from auth.refresh_tokens where token = $1`,
    [token],
  );
  if (row?.revoked && row.age > g.refreshReuseIntervalSeconds) {
    // Reuse of a rotated token after the grace interval: whoever holds it may be a thief. The
    // whole session goes (its tokens, and its access tokens stop working at once).
    if (row.session_id) {
      await g.db.transaction(async (tx) => {
        await tx.query('delete from auth.refresh_tokens where session_id = $1', [row.session_id]);
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
      });
    }
    return gotrueError(c, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  return forward(g, c, text);
}

async function updateUser(g: Guard, c: Context<Env>): Promise<Response> {
  const text = await c.req.text();
  const body = parseObject(text);
  if (body && typeof body.password === 'string' && isCommonPassword(body.password))
    return weakPassword(c);
  return g.account.updateUser(c, text);
}

/** Our own answers carry the same CORS headers as lite's (withApiCors in backend.ts). */
const sameCorsAsLite: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  if (c.req.path.startsWith('/auth/v1/admin')) return; // its own CORS (app origins only)
  if (!c.res.headers.has('access-control-allow-origin')) {
    c.res.headers.set('access-control-allow-origin', '*');
    c.res.headers.set('access-control-expose-headers', API_EXPOSED_HEADERS);
  }
};

/** /auth/v1 in front of lite: every route here may be called with the API's keys (GoTrue's). */
export function authGuardArea(deps: AuthGuardDeps): RouteArea {
  let dummy: Promise<string> | null = null;
  const g: Guard = {
    ...deps,
    dummyHash: () => (dummy ??= bcrypt.hash(`no such account ${randomUUID()}`, bcryptCost())),
    account: accountRoutes({
      db: deps.db,
      signUps: deps.signUps,
      emailChanges: deps.emailChanges,
      throttle: deps.throttle,
      forward: (c, body, url) => forward(g, c, body, undefined, url),
      error: gotrueError,
      tooMany,
    }),
  };
  const route = (method: Route['method'], path: string, handler: Handler<Env>): Route => ({
    method,
    path,
    who: 'api key',
    handler,
  });
  return {
    prefix: '/auth/v1',
    guard: [sameCorsAsLite],
    routes: [
      ...g.account.routes,
      route('POST', '/signup', (c) => signUp(g, c)),
      route('POST', '/resend', (c) => resend(g, c)),
      route('POST', '/recover', (c) => emailLink(g, 'recovery', c)),
      route('POST', '/otp', (c) => emailLink(g, 'magiclink', c)),
      route('POST', '/magiclink', (c) => emailLink(g, 'magiclink', c)),
      route('GET', '/verify', (c) => verify(g, c)),
      route('POST', '/verify', (c) => verify(g, c)),
      route('POST', '/token', (c) => token(g, c)),
      route('PUT', '/user', (c) => updateUser(g, c)),
    ],
  };
}
