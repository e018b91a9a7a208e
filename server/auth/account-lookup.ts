// `profile_exists_for_email` (sign-up step 1, 01 §4: "an account exists with this e-mail, sign in")
// told anyone whether an address has an account, 106 times a second (issue 28 item 8). The app
// needs it to send a registered person to the login screen, so it stays callable by the anonymous
// role, but is now limited like a sign-in: it spends the client address's sign-in and sign-up
// bucket (30 per 5 minutes by default), and beyond answers 429 + Retry-After (the app says so in
// French, src/features/onboarding). Enumeration then costs what guessing sign-ins costs.
import type { Context, MiddlewareHandler } from 'hono';
import type { AuthThrottle } from './throttle';

export const ACCOUNT_LOOKUP_PATH = '/rest/v1/rpc/profile_exists_for_email';

export function accountLookupThrottle(
  throttle: AuthThrottle,
  peer: (c: Context) => string | null,
): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const wait = throttle.signInSignUps.take(`ip:${peer(c) ?? 'unknown'}`);
    if (!wait) return next();
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    c.header('retry-after', String(seconds));
    return c.json(
      {
        code: 'over_request_rate_limit',
        message: `Request rate limit reached: try again in ${seconds} s`,
        details: null,
        hint: null,
      },
      429,
    );
  };
}
