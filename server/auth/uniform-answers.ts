// The same answer for known and unknown addresses (issue 28 item 8): /recover took 11.7 ms for a
// registered address against 6.3 ms for an unknown one, /otp answered 200 against 422, and a sign-up
// answered `identities: []` for a confirmed address against one identity for a new one. Here the
// routes that take an address and send an e-mail (sign-up, recover, otp, magic link, resend):
//  - check what depends on the request only (its body: bodies.ts; the password: strength.ts; the
//    client's rate limit and the address's e-mail interval, both known or not alike),
//  - answer at once, the same way for every address: `{}`, or for a sign-up a new, unconfirmed
//    user built from the request (a fresh id, one e-mail identity), as GoTrue answers a new sign-up,
//  - then do the real work (the guard's and lite's) off the response path: the same request,
//    dispatched again inside the backend. Requests that name the same address wait for it (a
//    sign-in right after a sign-up sees the account), and a 503 of the session queue is retried.
// The answer does not depend on the account, and neither does its time: the database, hashing and
// e-mail work of a known address happens after it.
import { randomBytes } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/db';
import { authBodyOf } from './bodies';
import { gotrueError } from './gotrue-error';
import { challengesOf } from './pkce';
import type { AuthThrottle, Buckets, EmailIntervals } from './throttle';

/**
 * Set while the real work of a deferred request runs: its checks were made by the first pass
 * (the client's bucket spent; the e-mail interval of `emailKind` checked and recorded).
 */
const deferredWork = new AsyncLocalStorage<{ emailKind: string | null }>();

/** Whether this runs inside the deferred work of a request already answered (and checked). */
export const inDeferredWork = (): boolean => deferredWork.getStore() !== undefined;

/**
 * The throttle the guard and the registrations get: inside deferred work, what the first pass
 * spent or recorded is not spent or refused a second time.
 */
export function deferredAwareThrottle(throttle: AuthThrottle): AuthThrottle {
  const buckets = throttle.signInSignUps;
  const once = Object.create(buckets) as Buckets;
  once.take = (key: string) => (deferredWork.getStore() ? 0 : buckets.take(key));
  const intervals = throttle.emails;
  const checked = (kind: string) => deferredWork.getStore()?.emailKind === kind;
  const emails = Object.create(intervals) as EmailIntervals;
  emails.waitMs = (kind, address, lastSentAt) =>
    checked(kind) ? 0 : intervals.waitMs(kind, address, lastSentAt);
  emails.sent = (kind, address) => {
    if (!checked(kind)) intervals.sent(kind, address);
  };
  return Object.create(throttle, {
    signInSignUps: { value: once },
    emails: { value: emails },
  }) as AuthThrottle;
}

/**
 * Work per address, one after the other; `settled` waits for what is queued. A sign-up's work is
 * also known by its PKCE challenge: the sign-up browser asks for its state by verifier alone.
 */
class PendingWork {
  #tails = new Map<string, Promise<void>>();

  run(keys: readonly string[], work: () => Promise<void>): void {
    const tail = Promise.all(keys.map((k) => this.#tails.get(k)))
      .then(work)
      .catch(() => undefined);
    for (const key of keys) this.#tails.set(key, tail);
    void tail.then(() => {
      for (const key of keys) if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
  }

  settled(key: string): Promise<void> {
    return this.#tails.get(key) ?? Promise.resolve();
  }
}

type Route = 'signup' | 'recover' | 'otp' | 'magiclink' | 'resend';
const ROUTES = new Set<string>(['/signup', '/recover', '/otp', '/magiclink', '/resend']);
/** The e-mail interval a route's e-mail falls under (sign-ups are delayed, never refused). */
const EMAIL_KIND: Partial<Record<Route, string>> = {
  recover: 'recovery',
  otp: 'magiclink',
  magiclink: 'magiclink',
};

/** A UUID v7, as lite's ids (time-ordered). */
function uuid7(now: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** PostgreSQL's text form of a timestamptz (lite answers it so): `2026-11-27 12:48:53.083+00`. */
function pgTime(ms: number): string {
  const iso = new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  return `${iso.replace(/\.?0+$/, '')}+00`;
}

/** jsonb's key order (shorter keys first, then bytewise), as lite's metadata comes back. */
function jsonbOrder(o: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(o).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}

/** The answer to a new sign-up, built from the request alone. */
export function newSignUpAnswer(email: string, data: Record<string, unknown>, now = Date.now()) {
  const id = uuid7(now);
  const metadata = jsonbOrder({
    ...data,
    sub: id,
    email,
    email_verified: false,
    phone_verified: false,
  });
  const identityAt = pgTime(now + 20);
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata,
    identities: [
      {
        identity_id: uuid7(now + 20),
        id,
        user_id: id,
        identity_data: metadata,
        provider: 'email',
        last_sign_in_at: identityAt,
        created_at: identityAt,
        updated_at: identityAt,
        email,
      },
    ],
    created_at: pgTime(now),
    updated_at: pgTime(now),
    is_anonymous: false,
    confirmation_sent_at: pgTime(now),
  };
}

export type UniformAnswersDeps = {
  db: Db;
  throttle: AuthThrottle;
  /** The backend's own fetch: the request is dispatched again there, for the real work. */
  dispatch: (request: Request, peer: string | null) => Promise<Response>;
  log: (line: string) => void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type UniformAnswers = {
  middleware: MiddlewareHandler;
  /** Resolves once the work queued for the address is done (the local mailbox waits for it). */
  settled(email: string): Promise<void>;
};

export function uniformAnswers(deps: UniformAnswersDeps): UniformAnswers {
  const pending = new PendingWork();
  const peerOf = (c: Context) =>
    (c.env as { peerAddress?: string | null } | undefined)?.peerAddress ?? null;

  /** The real work, retried while the session queue is full (it answered 503). */
  const work = async (
    request: Request,
    text: string,
    peer: string | null,
    emailKind: string | null,
  ) => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const copy = new Request(request.url, {
        method: 'POST',
        headers: request.headers,
        body: text,
      });
      const res = await deferredWork.run({ emailKind }, () => deps.dispatch(copy, peer));
      await res.arrayBuffer();
      if (res.status !== 503) {
        if (res.status >= 500) deps.log(`[auth] ${new URL(request.url).pathname}: ${res.status}`);
        return;
      }
      await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
    }
    deps.log(`[auth] ${new URL(request.url).pathname}: the server stayed busy, request dropped`);
  };

  /** The e-mail kind whose interval this request falls under (null: none, or a sign-up's). */
  const emailKindOf = (route: Route, body: Record<string, unknown>) =>
    route === 'resend' ? (body.type === 'signup' ? 'signup' : null) : (EMAIL_KIND[route] ?? null);

  /** When the last e-mail of this kind to the address allows the next one (ms to wait). */
  const emailWait = async (kind: string | null, email: string) => {
    if (kind === null) return 0;
    if (kind !== 'signup') return deps.throttle.emails.waitMs(kind, email);
    // A confirmation's date is the account's (the same query for every address).
    const [row] = await deps.db.query<{ sent: string | null }>(
      'select confirmation_sent_at::text as sent from auth.users where email = $1',
      [email],
    );
    return deps.throttle.emails.waitMs('signup', email, row?.sent ? Date.parse(row.sent) : null);
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const path = c.req.path.replace(/^\/auth\/v1/, '');
    const body = authBodyOf(c);
    if (deferredWork.getStore()) return next();
    if (path === '/signup/status' && typeof body?.code_verifier === 'string') {
      // The registration of this verifier exists once its sign-up's work is done.
      const { s256, plain } = challengesOf(body.code_verifier);
      await Promise.all([pending.settled(`pkce:${s256}`), pending.settled(`pkce:${plain}`)]);
      return next();
    }
    const email = typeof body?.email === 'string' ? body.email.toLowerCase() : null;
    if (!email) return next();
    if (c.req.method !== 'POST' || !ROUTES.has(path)) {
      // Another request for the address (a sign-in, a code) sees the work queued for it done.
      await pending.settled(email);
      return next();
    }
    // The answer waits for nothing of the address's: its time is the same for every address.
    const route = path.slice(1) as Route;
    const wait = deps.throttle.signInSignUps.take(`ip:${peerOf(c) ?? 'unknown'}`);
    if (wait) return tooMany(c, wait, 'over_request_rate_limit');
    const kind = emailKindOf(route, body!);
    const interval = await emailWait(kind, email);
    if (interval > 0) return tooMany(c, interval, 'over_email_send_rate_limit');
    if (kind) deps.throttle.emails.sent(kind, email);
    const text = await c.req.text();
    const challenge = typeof body!.code_challenge === 'string' ? body!.code_challenge : null;
    const keys = challenge && route === 'signup' ? [email, `pkce:${challenge}`] : [email];
    pending.run(keys, () => work(c.req.raw, text, peerOf(c), kind));
    if (route !== 'signup') return c.json({}, 200);
    const data = (body!.data as Record<string, unknown> | undefined) ?? {};
    return c.json(newSignUpAnswer(email, data), 200);
  };
  return { middleware, settled: (email) => pending.settled(email.toLowerCase()) };
}

function tooMany(c: Context, waitMs: number, code: string): Response {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  c.header('retry-after', String(seconds));
  return gotrueError(
    c,
    429,
    code,
    code === 'over_email_send_rate_limit'
      ? `For security purposes, you can only request this after ${seconds} seconds.`
      : 'Request rate limit reached',
  );
}
