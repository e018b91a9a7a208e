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
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db, DbSession, Row } from './db';
import { isServiceRequest, type KeyConfig } from './keys';
import type { Mailbox } from './mailbox';
import { isoTimestamp } from './timestamps';
import { bcryptCost } from './auth/password-hashing';

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

export function adminUsersRoutes(deps: { db: Db; keys: KeyConfig; mailbox?: Mailbox }): Hono {
  const { db, keys } = deps;
  const r = new Hono();

  r.use('*', async (c, next) => {
    if (!(await isServiceRequest(c.req.raw, keys))) {
      const hasBearer = /^Bearer\s/i.test(c.req.header('authorization') ?? '');
      return hasBearer
        ? gotrueError(c, 403, 'not_admin', 'User not allowed')
        : gotrueError(c, 401, 'no_authorization', 'This endpoint requires a Bearer token');
    }
    await next();
  });

  r.post('/users', async (c) => {
    const b = await readBody(c);
    if (!b) return gotrueError(c, 400, 'bad_json', 'Could not parse request body as JSON');
    const email = typeof b.email === 'string' ? b.email.trim().toLowerCase() : '';
    if (!email || !EMAIL_RE.test(email) || email.length > 320)
      return gotrueError(
        c,
        400,
        'validation_failed',
        'Unable to validate email address: invalid format',
      );
    const password = b.password;
    if (
      password !== undefined &&
      (typeof password !== 'string' || password.length < 6 || password.length > 72)
    )
      return gotrueError(c, 422, 'weak_password', 'Password should be at least 6 characters.');
    const userMeta = b.user_metadata ?? b.data ?? {};
    const appMeta = b.app_metadata ?? {};
    if (
      typeof userMeta !== 'object' ||
      Array.isArray(userMeta) ||
      typeof appMeta !== 'object' ||
      Array.isArray(appMeta)
    )
      return gotrueError(
        c,
        400,
        'validation_failed',
        'user_metadata and app_metadata must be objects',
      );
    const id = randomUUID();
    const confirm = b.email_confirm === true;
    const hash = typeof password === 'string' ? await bcrypt.hash(password, bcryptCost()) : null;
    try {
      const row = await db.transaction(async (tx) => {
        const exists = await tx.query('select 1 from auth.users where lower(email) = $1', [email]);
        if (exists.length) return null;
        const meta = {
          ...(userMeta as object),
          email,
          email_verified: confirm,
          phone_verified: false,
          sub: id,
        };
        const app = { provider: 'email', providers: ['email'], ...(appMeta as object) };
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
      });
      if (!row)
        return gotrueError(
          c,
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      return c.json(row);
    } catch (e) {
      return gotrueError(
        c,
        500,
        'unexpected_failure',
        `Database error creating new user: ${(e as Error).message}`,
      );
    }
  });

  r.get('/users', async (c) => {
    const page = Math.max(
      1,
      Math.min(1_000_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1),
    );
    const perPage = Math.max(
      1,
      Math.min(1000, Number.parseInt(c.req.query('per_page') ?? '50', 10) || 50),
    );
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
  });

  r.get('/users/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID_RE.test(id)) return gotrueError(c, 404, 'user_not_found', 'User not found');
    const out = await db.transaction(async (tx) => {
      const [u] = await tx.query('select * from auth.users where id = $1', [id]);
      return u ? userResponse(tx, u) : null;
    });
    return out ? c.json(out) : gotrueError(c, 404, 'user_not_found', 'User not found');
  });

  r.put('/users/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID_RE.test(id)) return gotrueError(c, 404, 'user_not_found', 'User not found');
    const b = await readBody(c);
    if (!b) return gotrueError(c, 400, 'bad_json', 'Could not parse request body as JSON');
    const sets: string[] = [];
    const params: unknown[] = [id];
    const add = (col: string, v: unknown) => {
      params.push(v);
      sets.push(`${col} = $${params.length}`);
    };
    let email: string | null = null;
    if (b.email !== undefined) {
      if (typeof b.email !== 'string' || !EMAIL_RE.test(b.email.trim()))
        return gotrueError(
          c,
          400,
          'validation_failed',
          'Unable to validate email address: invalid format',
        );
      email = b.email.trim().toLowerCase();
      add('email', email);
    }
    if (b.password !== undefined) {
      if (typeof b.password !== 'string' || b.password.length < 6 || b.password.length > 72)
        return gotrueError(c, 422, 'weak_password', 'Password should be at least 6 characters.');
      add('encrypted_password', await bcrypt.hash(b.password, bcryptCost()));
    }
    if (b.email_confirm !== undefined) {
      if (typeof b.email_confirm !== 'boolean')
        return gotrueError(c, 400, 'validation_failed', 'email_confirm must be a boolean');
      const at = b.email_confirm ? new Date().toISOString() : null;
      params.push(at);
      sets.push(`email_confirmed_at = $${params.length}::timestamptz`);
      if (b.email_confirm) sets.push('confirmation_token = null');
    }
    if (b.ban_duration !== undefined) {
      const ms = typeof b.ban_duration === 'string' ? parseDuration(b.ban_duration) : null;
      if (ms === null)
        return gotrueError(c, 400, 'validation_failed', 'invalid format for ban duration');
      params.push(ms === 0 ? null : new Date(Date.now() + ms).toISOString());
      sets.push(`banned_until = $${params.length}::timestamptz`);
    }
    for (const key of ['user_metadata', 'app_metadata'] as const) {
      const v = b[key];
      if (v === undefined) continue;
      if (!v || typeof v !== 'object' || Array.isArray(v))
        return gotrueError(c, 400, 'validation_failed', `${key} must be an object`);
      // GoTrue merges the given keys into the existing metadata.
      const col = key === 'user_metadata' ? 'raw_user_meta_data' : 'raw_app_meta_data';
      params.push(JSON.stringify(v));
      sets.push(`${col} = coalesce(${col}, '{}'::jsonb) || $${params.length}::jsonb`);
    }
    try {
      const out = await db.transaction(async (tx) => {
        const [current] = await tx.query('select id from auth.users where id = $1 for update', [
          id,
        ]);
        if (!current) return 'not_found' as const;
        if (email) {
          const taken = await tx.query(
            'select 1 from auth.users where lower(email) = $1 and id <> $2',
            [email, id],
          );
          if (taken.length) return 'email_exists' as const;
        }
        sets.push('updated_at = now()');
        const [u] = await tx.query(
          `update auth.users set ${sets.join(', ')} where id = $1 returning *`,
          params,
        );
        if (email)
          await tx.query(
            `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`,
            [id, email],
          );
        if (b.ban_duration !== undefined && u?.banned_until) {
          await tx.query('delete from auth.refresh_tokens where user_id::text = $1', [id]);
          await tx.query('delete from auth.sessions where user_id = $1', [id]);
        }
        return userResponse(tx, u!);
      });
      if (out === 'not_found') return gotrueError(c, 404, 'user_not_found', 'User not found');
      if (out === 'email_exists')
        return gotrueError(
          c,
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      return c.json(out);
    } catch (e) {
      return gotrueError(
        c,
        500,
        'unexpected_failure',
        `Database error updating user: ${(e as Error).message}`,
      );
    }
  });

  r.delete('/users/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID_RE.test(id)) return gotrueError(c, 404, 'user_not_found', 'User not found');
    const deleted = await db.transaction(async (tx) => {
      await tx.query('delete from auth.refresh_tokens where user_id::text = $1', [id]);
      await tx.query('delete from auth.sessions where user_id = $1', [id]);
      await tx.query('delete from auth.identities where user_id = $1', [id]);
      return tx.query('delete from auth.users where id = $1 returning id', [id]);
    });
    return deleted.length ? c.json({}) : gotrueError(c, 404, 'user_not_found', 'User not found');
  });

  r.all('*', (c) => gotrueError(c, 404, 'not_found', 'Not found'));
  return r;
}
