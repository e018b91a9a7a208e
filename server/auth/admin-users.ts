// GoTrue's service-role admin API for users (/auth/v1/admin/users), which lite 0.10 lacks. Same
// paths, bodies and error shapes as GoTrue, so supabase-js `auth.admin.*` works unchanged:
//   POST   /admin/users           create (email, password, email_confirm, user_metadata, app_metadata)
//   GET    /admin/users           list (?page=1&per_page=50; x-total-count and link headers)
//   GET    /admin/users/:id       get
//   PUT    /admin/users/:id       update (email, password, email_confirm, user_metadata, app_metadata, ban_duration)
//   DELETE /admin/users/:id       delete (cascades to the user's data through the schema's FKs)
// The service key is required (Authorization: Bearer <service_role JWT>, or apikey when no bearer).
// Users are written in lite's auth tables with lite's own conventions (bcrypt hash, an 'email'
// identity), so lite signs them in; a confirmed user fires on_auth_user_confirmed as on hosted.
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db, DbSession, Row } from '../db/db';
import { isServiceRequest, type KeyConfig } from './keys';
import type { Mailbox } from './mailbox';
import { isoTimestamp } from '../http/timestamps';
import { bcryptCost } from './password-hashing';
import type { RouteArea } from '../http/route-table';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function gotrueError(c: Context, status: ContentfulStatusCode, errorCode: string, msg: string) {
  return c.json({ code: status, error_code: errorCode, msg }, status);
}

const ts = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return isoTimestamp(String(v));
};
const obj = (v: unknown): Record<string, unknown> => {
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
};

export async function userResponse(db: DbSession, u: Row) {
  const identities = await db.query(
    'select * from auth.identities where user_id = $1 order by created_at',
    [u.id],
  );
  const confirmed = ts(u.email_confirmed_at ?? u.confirmed_at);
  return {
    id: u.id,
    aud: u.aud || 'authenticated',
    role: u.role || 'authenticated',
    email: u.email ?? '',
    phone: u.phone ?? '',
    ...(confirmed ? { email_confirmed_at: confirmed, confirmed_at: confirmed } : {}),
    ...(u.last_sign_in_at ? { last_sign_in_at: ts(u.last_sign_in_at) } : {}),
    ...(u.confirmation_sent_at ? { confirmation_sent_at: ts(u.confirmation_sent_at) } : {}),
    ...(u.banned_until ? { banned_until: ts(u.banned_until) } : {}),
    app_metadata: obj(u.raw_app_meta_data),
    user_metadata: obj(u.raw_user_meta_data),
    identities: identities.map((i) => {
      const data = obj(i.identity_data);
      return {
        identity_id: i.id,
        id: i.provider_id,
        user_id: i.user_id,
        identity_data: data,
        provider: i.provider,
        last_sign_in_at: ts(i.last_sign_in_at ?? i.created_at),
        created_at: ts(i.created_at),
        updated_at: ts(i.updated_at),
        email: i.email ?? data.email,
      };
    }),
    created_at: ts(u.created_at),
    updated_at: ts(u.updated_at),
    is_anonymous: false,
  };
}

type Body = Record<string, unknown>;

async function readBody(c: Context): Promise<Body | null> {
  try {
    const b = (await c.req.json()) as unknown;
    return b && typeof b === 'object' && !Array.isArray(b) ? (b as Body) : null;
  } catch {
    return null;
  }
}

function parseDuration(s: string): number | null {
  if (s === 'none') return 0;
  const m = /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)$/.exec(s);
  if (!m) return null;
  const unit = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[
    m[2] as 'ms'
  ];
  return Number(m[1]) * unit;
}

const notFound = (c: Context) => gotrueError(c, 404, 'user_not_found', 'User not found');
const badJson = (c: Context) =>
  gotrueError(c, 400, 'bad_json', 'Could not parse request body as JSON');
const badEmail = (c: Context) =>
  gotrueError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
const weakPassword = (c: Context) =>
  gotrueError(c, 422, 'weak_password', 'Password should be at least 6 characters.');
const emailExists = (c: Context) =>
  gotrueError(c, 422, 'email_exists', 'A user with this email address has already been registered');
const isPassword = (v: unknown): v is string =>
  typeof v === 'string' && v.length >= 6 && v.length <= 72;
const isObject = (v: unknown): v is object => !!v && typeof v === 'object' && !Array.isArray(v);

type NewUser = {
  email: string;
  password: string | null;
  userMeta: object;
  appMeta: object;
  confirm: boolean;
};

/** A create body checked as GoTrue checks it: the user to create, or the answer refusing it. */
function readNewUser(c: Context, b: Body): NewUser | Response {
  const email = typeof b.email === 'string' ? b.email.trim().toLowerCase() : '';
  if (!email || !EMAIL_RE.test(email) || email.length > 320) return badEmail(c);
  if (b.password !== undefined && !isPassword(b.password)) return weakPassword(c);
  const userMeta = b.user_metadata ?? b.data ?? {};
  const appMeta = b.app_metadata ?? {};
  if (!isObject(userMeta) || !isObject(appMeta))
    return gotrueError(
      c,
      400,
      'validation_failed',
      'user_metadata and app_metadata must be objects',
    );
  const password = typeof b.password === 'string' ? b.password : null;
  return { email, password, userMeta, appMeta, confirm: b.email_confirm === true };
}

/** Inserts the user and its e-mail identity; null when the address is taken. */
async function insertUser(tx: DbSession, user: NewUser, hash: string | null) {
  const { email, confirm } = user;
  const exists = await tx.query('select 1 from auth.users where lower(email) = $1', [email]);
  if (exists.length) return null;
  const id = randomUUID();
  const meta = { ...user.userMeta, email, email_verified: confirm, phone_verified: false, sub: id };
  const app = { provider: 'email', providers: ['email'], ...user.appMeta };
  const [u] = await tx.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, $4::timestamptz, $5::jsonb, $6::jsonb, now(), now()) returning *`,
    [
      id,
      email,
      hash,
      confirm ? new Date().toISOString() : null,
      JSON.stringify(app),
      JSON.stringify(meta),
    ],
  );
  await tx.query(
    `insert into auth.identities (id, provider, provider_id, user_id, identity_data, created_at, updated_at)
     values ($1, 'email', $2::text, $2::uuid, $3::jsonb, now(), now())`,
    [
      randomUUID(),
      id,
      JSON.stringify({ email, email_verified: false, phone_verified: false, sub: id }),
    ],
  );
  return userResponse(tx, u!);
}

async function createUser(db: Db, c: Context): Promise<Response> {
  const b = await readBody(c);
  if (!b) return badJson(c);
  const user = readNewUser(c, b);
  if (user instanceof Response) return user;
  const hash = user.password ? await bcrypt.hash(user.password, bcryptCost()) : null;
  try {
    const row = await db.transaction((tx) => insertUser(tx, user, hash));
    return row ? c.json(row) : emailExists(c);
  } catch (e) {
    const message = `Database error creating new user: ${(e as Error).message}`;
    return gotrueError(c, 500, 'unexpected_failure', message);
  }
}

const intParam = (v: string | undefined, fallback: number, max: number) =>
  Math.max(1, Math.min(max, Number.parseInt(v ?? String(fallback), 10) || fallback));

async function listUsers(db: Db, c: Context): Promise<Response> {
  const page = intParam(c.req.query('page'), 1, 1_000_000);
  const perPage = intParam(c.req.query('per_page'), 50, 1000);
  const { total, users } = await db.transaction(async (tx) => {
    const [count] = await tx.query<{ n: number | string }>(
      'select count(*)::int as n from auth.users',
    );
    const rows = await tx.query(
      'select * from auth.users order by created_at desc, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    const out = [];
    for (const u of rows) out.push(await userResponse(tx, u));
    return { total: Number(count?.n ?? 0), users: out };
  });
  const last = Math.max(1, Math.ceil(total / perPage));
  const base = new URL(c.req.url);
  const link = (p: number, rel: string) => {
    base.searchParams.set('page', String(p));
    base.searchParams.set('per_page', String(perPage));
    return `<${base.pathname}${base.search}>; rel="${rel}"`;
  };
  const links = [...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')];
  c.header('x-total-count', String(total));
  c.header('link', links.join(', '));
  return c.json({ users, aud: 'authenticated' });
}

async function getUser(db: Db, c: Context): Promise<Response> {
  const id = c.req.param('id')!;
  if (!UUID_RE.test(id)) return notFound(c);
  const out = await db.transaction(async (tx) => {
    const [u] = await tx.query('select * from auth.users where id = $1', [id]);
    return u ? userResponse(tx, u) : null;
  });
  return out ? c.json(out) : notFound(c);
}

/** An update's SET clauses and parameters ($1 is the user's id). */
type UserUpdate = { sets: string[]; params: unknown[]; email: string | null; ban: boolean };

/** An update body checked as GoTrue checks it: the update, or the answer refusing it. */
async function readUserUpdate(c: Context, id: string, b: Body): Promise<UserUpdate | Response> {
  const u: UserUpdate = { sets: [], params: [id], email: null, ban: b.ban_duration !== undefined };
  const add = (clause: (n: string) => string, v: unknown) => {
    u.params.push(v);
    u.sets.push(clause(`$${u.params.length}`));
  };
  if (b.email !== undefined) {
    if (typeof b.email !== 'string' || !EMAIL_RE.test(b.email.trim())) return badEmail(c);
    u.email = b.email.trim().toLowerCase();
    add((n) => `email = ${n}`, u.email);
  }
  if (b.password !== undefined) {
    if (!isPassword(b.password)) return weakPassword(c);
    add((n) => `encrypted_password = ${n}`, await bcrypt.hash(b.password, bcryptCost()));
  }
  if (b.email_confirm !== undefined) {
    if (typeof b.email_confirm !== 'boolean')
      return gotrueError(c, 400, 'validation_failed', 'email_confirm must be a boolean');
    const at = b.email_confirm ? new Date().toISOString() : null;
    add((n) => `email_confirmed_at = ${n}::timestamptz`, at);
    if (b.email_confirm) u.sets.push('confirmation_token = null');
  }
  if (u.ban) {
    const ms = typeof b.ban_duration === 'string' ? parseDuration(b.ban_duration) : null;
    if (ms === null)
      return gotrueError(c, 400, 'validation_failed', 'invalid format for ban duration');
    const until = ms === 0 ? null : new Date(Date.now() + ms).toISOString();
    add((n) => `banned_until = ${n}::timestamptz`, until);
  }
  for (const key of ['user_metadata', 'app_metadata'] as const) {
    const v = b[key];
    if (v === undefined) continue;
    if (!isObject(v)) return gotrueError(c, 400, 'validation_failed', `${key} must be an object`);
    // GoTrue merges the given keys into the existing metadata.
    const col = key === 'user_metadata' ? 'raw_user_meta_data' : 'raw_app_meta_data';
    add((n) => `${col} = coalesce(${col}, '{}'::jsonb) || ${n}::jsonb`, JSON.stringify(v));
  }
  return u;
}

async function applyUserUpdate(tx: DbSession, id: string, update: UserUpdate) {
  const { email } = update;
  const [current] = await tx.query('select id from auth.users where id = $1 for update', [id]);
  if (!current) return 'not_found' as const;
  if (email) {
    const taken = await tx.query('select 1 from auth.users where lower(email) = $1 and id <> $2', [
      email,
      id,
    ]);
    if (taken.length) return 'email_exists' as const;
  }
  const [u] = await tx.query(
    `update auth.users set ${[...update.sets, 'updated_at = now()'].join(', ')} where id = $1 returning *`,
    update.params,
  );
  if (email)
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`,
      [id, email],
    );
  if (update.ban && u?.banned_until) {
    await tx.query('delete from auth.refresh_tokens where user_id::text = $1', [id]);
    await tx.query('delete from auth.sessions where user_id = $1', [id]);
  }
  return userResponse(tx, u!);
}

async function updateUser(db: Db, c: Context): Promise<Response> {
  const id = c.req.param('id')!;
  if (!UUID_RE.test(id)) return notFound(c);
  const b = await readBody(c);
  if (!b) return badJson(c);
  const update = await readUserUpdate(c, id, b);
  if (update instanceof Response) return update;
  try {
    const out = await db.transaction((tx) => applyUserUpdate(tx, id, update));
    if (out === 'not_found') return notFound(c);
    if (out === 'email_exists') return emailExists(c);
    return c.json(out);
  } catch (e) {
    const message = `Database error updating user: ${(e as Error).message}`;
    return gotrueError(c, 500, 'unexpected_failure', message);
  }
}

async function deleteUser(db: Db, c: Context): Promise<Response> {
  const id = c.req.param('id')!;
  if (!UUID_RE.test(id)) return notFound(c);
  const deleted = await db.transaction(async (tx) => {
    await tx.query('delete from auth.refresh_tokens where user_id::text = $1', [id]);
    await tx.query('delete from auth.sessions where user_id = $1', [id]);
    await tx.query('delete from auth.identities where user_id = $1', [id]);
    return tx.query('delete from auth.users where id = $1 returning id', [id]);
  });
  return deleted.length ? c.json({}) : notFound(c);
}

/** GoTrue's admin users API: the service key only (401 without a bearer token, 403 with another). */
export function adminUsersArea(deps: { db: Db; keys: KeyConfig; mailbox?: Mailbox }): RouteArea {
  const { db, keys } = deps;
  const who = 'service key' as const;
  return {
    prefix: '/auth/v1/admin',
    guard: [
      async (c, next) => {
        if (await isServiceRequest(c.req.raw, keys)) return next();
        const hasBearer = /^Bearer\s/i.test(c.req.header('authorization') ?? '');
        return hasBearer
          ? gotrueError(c, 403, 'not_admin', 'User not allowed')
          : gotrueError(c, 401, 'no_authorization', 'This endpoint requires a Bearer token');
      },
    ],
    routes: [
      { method: 'POST', path: '/users', who, handler: (c) => createUser(db, c) },
      { method: 'GET', path: '/users', who, handler: (c) => listUsers(db, c) },
      { method: 'GET', path: '/users/:id', who, handler: (c) => getUser(db, c) },
      { method: 'PUT', path: '/users/:id', who, handler: (c) => updateUser(db, c) },
      { method: 'DELETE', path: '/users/:id', who, handler: (c) => deleteUser(db, c) },
    ],
    fallback: (c) => gotrueError(c, 404, 'not_found', 'Not found'),
  };
}
