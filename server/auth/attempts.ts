// Verification attempts counted per target, whatever the client address (issue 28 item 3). A link's
// token hash is sha256(address + 6-digit code): knowing the address, a million guesses find it.
// /auth/v1/verify was limited per client address only, so 1,500 guesses from rotating addresses
// were all checked and the right hash returned the victim's session.
//
// Every verification now names its target, and failures are counted per target:
//  - the e-mails' links carry the address (`email=`, server/auth/mailer.ts), as a code entry does;
//    the hash (or the code's hash) must be one of that address's live tokens, or it is a failure
//    for that address and goes no further. After a few failures the address is locked for a while:
//    even the right link or code is refused until then (429 over_request_rate_limit, or the
//    link's redirect with that error code);
//  - a bare token hash (supabase-js `verifyOtp({ token_hash })`, links mailed before this change)
//    names nobody: its failures are counted for all clients together, and once they reach the
//    limit every bare hash is refused until the window passes. The app's own links never use it.
// This holds for every type (signup, recovery, magiclink, email_change, reauthentication,
// invite...): the target is the address, whatever the token column.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/db';
import { authBodyOf } from './bodies';
import { gotrueError } from './gotrue-error';
import { Buckets, type AuthLimits } from './throttle';

const TOKEN_COLUMNS = [
  'confirmation_token',
  'recovery_token',
  'email_change_token_current',
  'email_change_token_new',
  'reauthentication_token',
] as const;

const INVALID = 'Email link is invalid or has expired';
const UNATTRIBUTED = 'bare-token-hash';

/** lite's code hash: sha256(address + code), hex. */
export const codeHash = (email: string, code: string) =>
  createHash('sha256')
    .update(email.toLowerCase() + code)
    .digest('hex');

/** GoTrue's PKCE links carry `pkce_<hash>`: the same token. */
const bare = (token: string) => token.replace(/^pkce_/, '');

type Target =
  { kind: 'address'; email: string; hash: string } | { kind: 'unattributed'; hash: string | null };

export class VerifyAttempts {
  readonly perTarget: Buckets;
  readonly unattributed: Buckets;

  constructor(
    private readonly db: Db,
    limits: Pick<AuthLimits, 'verifyTargetFailures' | 'verifyUnattributedFailures'>,
    now: () => number = Date.now,
  ) {
    this.perTarget = new Buckets(limits.verifyTargetFailures, now);
    this.unattributed = new Buckets(limits.verifyUnattributedFailures, now);
  }

  key(target: Target): string {
    return target.kind === 'address' ? `address:${target.email}` : UNATTRIBUTED;
  }

  bucket(target: Target): Buckets {
    return target.kind === 'address' ? this.perTarget : this.unattributed;
  }

  /** Milliseconds the target stays locked (0: it may try). */
  lockedFor(target: Target): number {
    return this.bucket(target).waitMs(this.key(target));
  }

  failed(target: Target): void {
    this.bucket(target).take(this.key(target));
  }

  succeeded(target: Target): void {
    if (target.kind === 'address') this.perTarget.reset(this.key(target));
  }

  /** Whether the hash is one of the live tokens of the address (current or new address). */
  async owns(email: string, hash: string): Promise<boolean> {
    const rows = await this.db.query<Record<string, string | null>>(
      `select ${TOKEN_COLUMNS.join(', ')} from auth.users where email = $1 or email_change = $1`,
      [email],
    );
    const wanted = bare(hash);
    return rows.some((row) => TOKEN_COLUMNS.some((col) => row[col] && bare(row[col]) === wanted));
  }
}

const lower = (v: unknown) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : null);

/** The target of a verification request, from its query (GET) or its checked body (POST). */
function targetOf(c: Context): Target | null {
  if (c.req.method === 'GET') {
    const hash = c.req.query('token') ?? null;
    const email = lower(c.req.query('email'));
    if (email && hash) return { kind: 'address', email, hash };
    return { kind: 'unattributed', hash };
  }
  const body = authBodyOf(c);
  if (!body) return null;
  const email = lower(body.email);
  if (typeof body.token_hash === 'string')
    return email
      ? { kind: 'address', email, hash: body.token_hash }
      : { kind: 'unattributed', hash: body.token_hash };
  if (email && typeof body.token === 'string')
    return { kind: 'address', email, hash: codeHash(email, body.token) };
  return { kind: 'unattributed', hash: null }; // a phone code: not served here, counted together
}

/** GET /verify answers with a redirect (the link was clicked): GoTrue's error fragment. */
function linkRefusal(c: Context, siteUrl: string, code: string, description: string): Response {
  const landing = c.req.query('redirect_to') ?? siteUrl;
  const fragment = new URLSearchParams({
    error: 'access_denied',
    error_code: code,
    error_description: description,
  });
  return c.redirect(`${landing}#${fragment.toString()}`, 303);
}

function failedAnswer(res: Response): boolean {
  if (res.status === 429) return false;
  if (res.status >= 400 && res.status < 500) return true;
  const location = res.headers.get('location') ?? '';
  return res.status === 303 && /[#&]error_code=/.test(location);
}

/** Counts and locks verification failures per target, in front of the guard and lite. */
export function verifyAttemptsGuard(attempts: VerifyAttempts, siteUrl: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.replace(/^\/auth\/v1/, '') !== '/verify') return next();
    if (c.req.method !== 'GET' && c.req.method !== 'POST') return next();
    const target = targetOf(c);
    // No token at all: lite answers the missing field; nothing was guessed.
    if (!target || (target.kind === 'unattributed' && !target.hash)) return next();
    const link = c.req.method === 'GET';
    const locked = attempts.lockedFor(target);
    if (locked > 0) {
      c.header('retry-after', String(Math.max(1, Math.ceil(locked / 1000))));
      return link
        ? linkRefusal(c, siteUrl, 'over_request_rate_limit', 'Too many attempts, try again later')
        : gotrueError(c, 429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    if (target.kind === 'address' && !(await attempts.owns(target.email, target.hash))) {
      attempts.failed(target);
      return link
        ? linkRefusal(c, siteUrl, 'otp_expired', INVALID)
        : gotrueError(c, 403, 'otp_expired', 'Token has expired or is invalid');
    }
    await next();
    if (failedAnswer(c.res)) attempts.failed(target);
    else if (c.res.status < 400) attempts.succeeded(target);
  };
}
