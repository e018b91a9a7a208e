// Every /auth/v1 body checked with zod before anything reads it (issue 28 item 7). Lite read the
// fields it expected without checking their types: `null` as a body, `{"email":123}`,
// `{"password":123}` or `{"refresh_token":{}}` threw TypeErrors inside it (35 route and body pairs
// answered 500), and the throttles kept every e-mail string they were given as a key: 200 sign-ins
// with 500 KB "addresses" took the backend from 350 to 720 MiB, for good (scripts/auth-malformed-rss.ts).
// Here, as GoTrue decodes its parameters:
//  - a body that is not a JSON object, or a field of the wrong type, is `400 bad_json`;
//  - a missing required field (null counts as missing, as in Go) is `400 validation_failed`;
//  - e-mail addresses are at most 255 characters and must look like one (lite's own check, so that
//    an accepted body never fails later on its format); strings are bounded;
//  - metadata (`data`) is an object of at most 16 KiB of JSON on every route that takes it;
//  - a PKCE challenge (sign-up, recover, otp) has both fields, GoTrue's format and method: a bad
//    one is refused here, before the early answer of uniform-answers.ts could say 200;
//  - the backend's own routes (POST /claim, POST /signup/status) are checked the same way.
// The body handed on is the parsed one, null fields dropped, unknown fields kept (GoTrue ignores
// them): what follows (the guard, lite) reads only well-typed values.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { replaceRequest } from '../http/common';
import { gotrueError } from './gotrue-error';
import { codeChallengeFields } from './pkce';

export const MAX_METADATA_BYTES = 16 * 1024;
/** No auth body of GoTrue's API comes near this (metadata included). */
export const MAX_AUTH_BODY_BYTES = 64 * 1024;
export const MAX_EMAIL_LENGTH = 255;
/** lite's address check (it answers `validation_failed` for anything else). */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (max = 4096) => z.string().max(max).nullish();
const email = z
  .string()
  .max(MAX_EMAIL_LENGTH, 'An email address is too long')
  .regex(EMAIL_RE, 'Unable to validate email address: invalid format')
  .nullish();
const password = text(1024);
const metadata = z
  .record(z.string(), z.unknown())
  .refine((v) => Buffer.byteLength(JSON.stringify(v)) <= MAX_METADATA_BYTES, 'data is too large')
  .nullish();
const security = z.looseObject({ captcha_token: text() }).nullish();
const pkce = { code_challenge: text(256), code_challenge_method: text(16) };
/** A PKCE challenge, when there is one, as GoTrue checks it (both fields, its format, its method). */
const pkceChallenge = (b: Body): string | null => {
  const parsed = codeChallengeFields.safeParse(b);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid code_challenge');
};

type Body = Record<string, unknown>;
type Required = (b: Body) => string | null;

const need =
  (...checks: [test: (b: Body) => boolean, message: string][]): Required =>
  (b) =>
    checks.find(([test]) => !test(b))?.[1] ?? null;
const has = (field: string) => (b: Body) => b[field] !== undefined && b[field] !== '';

type Rule = { schema: z.ZodType<Body>; required?: Required; optionalBody?: boolean };
/** Then its PKCE challenge: a bad one answered at once, before any early answer (uniform-answers). */
const withChallenge =
  (required: Required): Required =>
  (b) =>
    required(b) ?? pkceChallenge(b);

const SIGNUP: Rule = {
  schema: z.looseObject({
    email,
    phone: text(64),
    password,
    data: metadata,
    channel: text(16),
    gotrue_meta_security: security,
    ...pkce,
  }),
  required: withChallenge(
    need(
      [(b) => has('email')(b) || has('phone')(b), 'To signup, please provide your email'],
      [has('password'), 'Signup requires a valid password'],
    ),
  ),
};

const TOKEN: Record<string, Rule> = {
  password: {
    schema: z.looseObject({ email, phone: text(64), password, gotrue_meta_security: security }),
    required: need(
      [(b) => has('email')(b) || has('phone')(b), 'A valid email or phone is required'],
      [has('password'), 'A password is required'],
    ),
  },
  refresh_token: {
    schema: z.looseObject({ refresh_token: text(512) }),
    required: need([has('refresh_token'), 'refresh_token required']),
  },
  pkce: {
    schema: z.looseObject({ auth_code: text(512), code_verifier: text(512) }),
    required: need([
      (b) => has('auth_code')(b) && has('code_verifier')(b),
      'invalid request: both auth code and code verifier should be non-empty',
    ]),
  },
};
/** Other grants (id_token, ...): lite answers them; only the object and its strings are checked. */
const OTHER_GRANT: Rule = { schema: z.looseObject({}) };

const VERIFY: Rule = {
  schema: z.looseObject({
    type: text(32),
    token: text(256),
    token_hash: text(256),
    email,
    phone: text(64),
    redirect_to: text(2048),
  }),
  required: need(
    [has('type'), 'Verify requires a verification type'],
    [(b) => has('token')(b) || has('token_hash')(b), 'Verify requires a token or a token hash'],
    [
      (b) => has('token_hash')(b) || has('email')(b) || has('phone')(b),
      'Only an email address or phone number should be provided on verify',
    ],
  ),
};

const RULES: Record<string, Rule> = {
  'POST /signup': SIGNUP,
  'POST /verify': VERIFY,
  'POST /recover': {
    schema: z.looseObject({ email, gotrue_meta_security: security, ...pkce }),
    required: withChallenge(need([has('email'), 'Password recovery requires an email'])),
  },
  'POST /resend': {
    schema: z.looseObject({
      type: z.enum(['signup', 'email_change', 'sms', 'phone_change']).nullish(),
      email,
      phone: text(64),
      gotrue_meta_security: security,
      options: z.looseObject({}).nullish(),
    }),
    required: need(
      [has('type'), 'Missing one of these types: signup, email_change, sms, phone_change'],
      [(b) => has('email')(b) || has('phone')(b), 'An email or phone is required'],
    ),
  },
  'POST /otp': {
    schema: z.looseObject({
      email,
      phone: text(64),
      data: metadata,
      create_user: z.boolean().nullish(),
      channel: text(16),
      gotrue_meta_security: security,
      ...pkce,
    }),
    required: withChallenge(
      need([(b) => has('email')(b) || has('phone')(b), 'One of email or phone must be set']),
    ),
  },
  'POST /magiclink': {
    schema: z.looseObject({ email, data: metadata, gotrue_meta_security: security }),
    required: need([has('email'), 'Password recovery requires an email']),
  },
  'PUT /user': {
    schema: z.looseObject({
      email,
      password,
      data: metadata,
      nonce: text(64),
      phone: text(64),
      channel: text(16),
      ...pkce,
    }),
  },
  'POST /logout': {
    schema: z.looseObject({ scope: z.enum(['global', 'local', 'others']).nullish() }),
    optionalBody: true,
  },
  'POST /reauthenticate': { schema: z.looseObject({}), optionalBody: true },
  // The embedded backend's own routes (account-routes.ts, issue 28 item 2).
  'POST /claim': {
    schema: z.looseObject({ auth_code: text(512), password }),
    required: need([
      (b) => has('auth_code')(b) && has('password')(b),
      'claim requires auth_code and password',
    ]),
  },
  'POST /signup/status': {
    schema: z.looseObject({ code_verifier: text(512) }),
    required: need([has('code_verifier'), 'code_verifier is required']),
  },
};

function ruleFor(method: string, path: string, grant: string | undefined): Rule | null {
  if (method === 'POST' && path === '/token')
    return grant ? (Object.hasOwn(TOKEN, grant) ? TOKEN[grant]! : OTHER_GRANT) : null;
  const key = `${method} ${path}`;
  return Object.hasOwn(RULES, key) ? RULES[key]! : null;
}

const parsedBodies = new WeakMap<Context, Body>();

/** The checked body of this /auth/v1 request (null: none, or a route without a body). */
export function authBodyOf(c: Context): Body | null {
  return parsedBodies.get(c) ?? null;
}

/** The request's body as an object: JSON, or a form for the routes lite reads forms on. */
function readBody(text: string, contentType: string | undefined): unknown {
  if (contentType?.toLowerCase().split(';')[0]?.trim() === 'application/x-www-form-urlencoded')
    return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text) as unknown;
}

const badJson = (c: Context, detail: string) =>
  gotrueError(c, 400, 'bad_json', `Could not parse request body as JSON: ${detail}`);

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.') || 'body';
  return issue.code === 'invalid_type' ? `${field} has the wrong type` : issue.message;
}

const withoutNulls = (b: Body): Body =>
  Object.fromEntries(Object.entries(b).filter(([, v]) => v !== null));

/** Checks the body of every /auth/v1 route that has one; mounted in front of the guard and lite. */
export function authBodies(): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path.replace(/^\/auth\/v1/, '') || '/';
    if (path.startsWith('/admin/') || path === '/callback') return next(); // own validation
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const rule = ruleFor(method, path, c.req.query('grant_type'));
    const raw = await c.req.text();
    if (raw.trim() === '' && (!rule || rule.optionalBody)) return next();
    let value: unknown;
    try {
      value = readBody(raw, c.req.header('content-type'));
    } catch (e) {
      return badJson(c, (e as Error).message);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return badJson(c, 'the body must be a JSON object');
    const schema = rule?.schema ?? z.looseObject({});
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      return issue.code === 'invalid_type'
        ? badJson(c, describe(issue))
        : gotrueError(c, 400, 'validation_failed', describe(issue));
    }
    const body = withoutNulls(result.data);
    const missing = rule?.required?.(body) ?? null;
    if (missing) return gotrueError(c, 400, 'validation_failed', missing);
    parsedBodies.set(c, body);
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    replaceRequest(c, c.req.url, JSON.stringify(body), headers);
    return next();
  };
}

/** 413 for an auth body over MAX_AUTH_BODY_BYTES, before it is read (GoTrue's error shape). */
export function authBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_AUTH_BODY_BYTES,
    onError: (c) => {
      c.header('connection', 'close');
      return gotrueError(c, 413, 'request_too_large', 'Request body too large');
    },
  });
}
