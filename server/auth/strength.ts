// New passwords checked with the strength estimator (issue 28 item 8): aaaaaaaa, 00000000,
// abcdefgh, P@ssw0rd, passwordpassword and Budget2026! were accepted. Every new password (sign-up,
// PUT /user: a change in the settings or the new one of a reset) is now refused when it is shorter
// than 8 characters, longer than 72 (bcrypt's limit), of the common-password list, or guessable
// by zxcvbn-ts with the site's words and the person's own data (src/domain/password-strength.ts),
// with GoTrue's answer: `422 weak_password` (reasons `length`, `pwned` or `characters`). Checked
// before anything else, so that an answer given early (uniform-answers.ts) is never contradicted.
// The estimator is loaded on the first new password (its dictionaries are large), its work bounded.
// Password changes count against the client's sign-in bucket (each costs an estimate and a hash);
// a sign-up past that bucket is refused before its password is estimated (the estimate runs on the
// event loop: it must not be free to repeat).
import type { Context, MiddlewareHandler } from 'hono';
import type { PasswordVerdict } from '../../src/domain/password-strength';
import { verifyJwt } from './keys';
import { authBodyOf } from './bodies';
import { gotrueError } from './gotrue-error';
import type { AuthThrottle } from './throttle';
import { inDeferredWork } from './uniform-answers';

type Verdict = (
  password: string,
  personal: readonly (string | null | undefined)[],
) => PasswordVerdict;
let loading: Promise<Verdict> | null = null;
const verdict = () =>
  (loading ??= import('../../src/domain/password-strength').then((m) => m.passwordVerdict));

/** The estimator's verdict on a new password (loaded on first use). */
export async function passwordVerdictOf(
  password: string,
  personal: readonly (string | null | undefined)[],
): Promise<PasswordVerdict> {
  return (await verdict())(password, personal);
}

const asString = (v: unknown) => (typeof v === 'string' ? v : null);

/** What an attacker would know of this person: their address, names and company. */
async function personalData(c: Context, jwtSecret: string): Promise<(string | null)[]> {
  const body = authBodyOf(c) ?? {};
  const data = (body.data ?? {}) as Record<string, unknown>;
  const own = [asString(body.email), asString(data.contact_name), asString(data.company_name)];
  if (c.req.path.endsWith('/user')) {
    const token = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    const claims = token ? await verifyJwt(token, jwtSecret) : null;
    const meta = (claims?.user_metadata ?? {}) as Record<string, unknown>;
    own.push(asString(claims?.email), asString(meta.contact_name), asString(meta.company_name));
  }
  return own;
}

export function passwordStrengthGuard(deps: {
  jwtSecret: string;
  throttle: AuthThrottle;
  peer: (c: Context) => string | null;
}): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path.replace(/^\/auth\/v1/, '');
    const signUp = c.req.method === 'POST' && path === '/signup';
    const change = c.req.method === 'PUT' && path === '/user';
    const password = asString(authBodyOf(c)?.password);
    if ((!signUp && !change) || password === null || password === '') return next();
    if (!inDeferredWork()) {
      // A change spends a token here; a sign-up's is spent by uniform-answers.ts after this.
      const bucket = deps.throttle.signInSignUps;
      const key = `ip:${deps.peer(c) ?? 'unknown'}`;
      const wait = change ? bucket.take(key) : bucket.waitMs(key);
      if (wait) {
        c.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
        return gotrueError(c, 429, 'over_request_rate_limit', 'Request rate limit reached');
      }
    }
    if (password.length < 8)
      return gotrueError(c, 422, 'weak_password', 'Password should be at least 8 characters.', {
        weak_password: { reasons: ['length'] },
      });
    if (password.length > 72)
      return gotrueError(
        c,
        400,
        'validation_failed',
        'Password cannot be longer than 72 characters',
      );
    const result = (await verdict())(password, await personalData(c, deps.jwtSecret));
    if (!result.ok)
      return gotrueError(
        c,
        422,
        'weak_password',
        'Password is known to be weak and easy to guess, please choose a different one.',
        { weak_password: { reasons: [result.common ? 'pwned' : 'characters'] } },
      );
    return next();
  };
}
