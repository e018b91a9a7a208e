// Rate limits of the auth endpoints, modelled on hosted GoTrue's (issue 14 item 3). GoTrue limits by
// client address with token buckets (burst up to the bucket's size, refilled at the configured rate)
// and answers 429 `over_request_rate_limit`; e-mails by address with a minimum interval (429
// `over_email_send_rate_limit`). GoTrue has no per-account limit on passwords; here a second bucket
// per account counts failed password sign-ins, so spreading guesses over many addresses does not
// help either. Unknown addresses are counted exactly like known ones (no enumeration through 429s).
//
// Defaults (per 5 minutes, as the Supabase CLI's [auth.rate_limit]): sign-ins and sign-ups 30 per
// address, token refreshes 150, verifications 30; e-mails: one per address per 60 s
// ([auth.email] max_frequency on hosted: 60 s); failed passwords: 10 per account, then one more every
// 90 s. Overridable with AUTH_RATE_LIMIT_* (docs/security.md).

export type BucketRule = {
  /** Requests allowed in a burst (bucket size). */
  burst: number;
  /** Milliseconds to regain one request. */
  refillMs: number;
};

export type AuthLimits = {
  signInSignUps: BucketRule;
  tokenRefresh: BucketRule;
  verify: BucketRule;
  /** Failed password sign-ins per account (e-mail address, known or not). */
  passwordFailures: BucketRule;
  /** Failed e-mail + code verifications per address. */
  otpFailures: BucketRule;
  /**
   * Failed verifications (code or link, any type) per target address, whatever the client
   * address (server/auth/attempts.ts).
   */
  verifyTargetFailures: BucketRule;
  /** Failed verifications of a bare token hash (no address named), all clients together. */
  verifyUnattributedFailures: BucketRule;
  /** Minimum interval between two e-mails of one kind to one address (ms). */
  emailIntervalMs: number;
};

const FIVE_MINUTES = 5 * 60_000;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInSignUps: { burst: 30, refillMs: FIVE_MINUTES / 30 },
  tokenRefresh: { burst: 150, refillMs: FIVE_MINUTES / 150 },
  verify: { burst: 30, refillMs: FIVE_MINUTES / 30 },
  passwordFailures: { burst: 10, refillMs: 90_000 },
  otpFailures: { burst: 10, refillMs: 90_000 },
  verifyTargetFailures: { burst: 5, refillMs: 5 * 60_000 },
  verifyUnattributedFailures: { burst: 5, refillMs: 5 * 60_000 },
  emailIntervalMs: 60_000,
};

/** `n per window` from the environment (`AUTH_RATE_LIMIT_X=30` or `30/300s`), or the default. */
function ruleFromEnv(
  value: string | undefined,
  fallback: BucketRule,
  windowMs: number,
): BucketRule {
  if (value === undefined || value.trim() === '') return fallback;
  const m = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*(ms|s|m|h)?)?\s*$/.exec(value);
  if (!m) throw new Error(`Valeur de limite invalide : ${value} (attendu : "30" ou "30/300s")`);
  const count = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[3] ?? 's') as 's'];
  const window = m[2] ? Number(m[2]) * unit : windowMs;
  if (count < 1 || window < 1) throw new Error(`Valeur de limite invalide : ${value}`);
  return { burst: count, refillMs: window / count };
}

export function authLimitsFromEnv(env: NodeJS.ProcessEnv): AuthLimits {
  const d = DEFAULT_AUTH_LIMITS;
  const interval = env.AUTH_EMAIL_MAX_FREQUENCY?.trim();
  return {
    signInSignUps: ruleFromEnv(env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS, d.signInSignUps, FIVE_MINUTES),
    tokenRefresh: ruleFromEnv(env.AUTH_RATE_LIMIT_TOKEN_REFRESH, d.tokenRefresh, FIVE_MINUTES),
    verify: ruleFromEnv(env.AUTH_RATE_LIMIT_VERIFY, d.verify, FIVE_MINUTES),
    passwordFailures: ruleFromEnv(
      env.AUTH_RATE_LIMIT_PASSWORD_FAILURES,
      d.passwordFailures,
      d.passwordFailures.burst * d.passwordFailures.refillMs,
    ),
    otpFailures: d.otpFailures,
    verifyTargetFailures: d.verifyTargetFailures,
    verifyUnattributedFailures: d.verifyUnattributedFailures,
    emailIntervalMs:
      interval && /^\d+$/.test(interval) ? Number(interval) * 1000 : d.emailIntervalMs,
  };
}

type Bucket = { tokens: number; at: number };

/** Token buckets by key; `take` spends one token or says how long to wait. */
export class Buckets {
  #map = new Map<string, Bucket>();
  constructor(
    private readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 20_000,
  ) {}

  #refill(key: string): Bucket {
    const t = this.now();
    const b = this.#map.get(key);
    if (!b) return { tokens: this.rule.burst, at: t };
    const gained = (t - b.at) / this.rule.refillMs;
    return { tokens: Math.min(this.rule.burst, b.tokens + gained), at: t };
  }

  /** Milliseconds until a token is available (0: available now). */
  waitMs(key: string): number {
    const b = this.#refill(key);
    return b.tokens >= 1 ? 0 : Math.ceil((1 - b.tokens) * this.rule.refillMs);
  }

  /** Spends a token: 0 when allowed, else the milliseconds to wait (nothing spent). */
  take(key: string): number {
    const b = this.#refill(key);
    if (b.tokens < 1) {
      this.#map.set(key, b);
      return Math.ceil((1 - b.tokens) * this.rule.refillMs);
    }
    b.tokens -= 1;
    this.#map.set(key, b);
    this.#prune();
    return 0;
  }

  /** Gives the key its full burst again (a successful sign-in clears its failures). */
  reset(key: string): void {
    this.#map.delete(key);
  }

  #prune() {
    if (this.#map.size <= this.maxKeys) return;
    // Full buckets carry no information: drop them first, then the oldest entries.
    for (const [k] of this.#map) {
      if (this.#refill(k).tokens >= this.rule.burst) this.#map.delete(k);
    }
    for (const [k] of this.#map) {
      if (this.#map.size <= this.maxKeys) break;
      this.#map.delete(k);
    }
  }
}

/** The last e-mail sent per (kind, address); `next` says when the next one may go. */
export class EmailIntervals {
  #last = new Map<string, number>();
  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  waitMs(kind: string, address: string, lastSentAt?: number | null): number {
    const mem = this.#last.get(`${kind}:${address}`) ?? 0;
    const last = Math.max(mem, lastSentAt ?? 0);
    return Math.max(0, last + this.intervalMs - this.now());
  }

  sent(kind: string, address: string): void {
    this.#last.set(`${kind}:${address}`, this.now());
    if (this.#last.size > 20_000) {
      const cutoff = this.now() - this.intervalMs;
      for (const [k, v] of this.#last) if (v < cutoff) this.#last.delete(k);
    }
  }
}

export class AuthThrottle {
  readonly signInSignUps: Buckets;
  readonly tokenRefresh: Buckets;
  readonly verify: Buckets;
  readonly passwordFailures: Buckets;
  readonly otpFailures: Buckets;
  readonly emails: EmailIntervals;

  constructor(
    readonly limits: AuthLimits,
    now: () => number = Date.now,
  ) {
    this.signInSignUps = new Buckets(limits.signInSignUps, now);
    this.tokenRefresh = new Buckets(limits.tokenRefresh, now);
    this.verify = new Buckets(limits.verify, now);
    this.passwordFailures = new Buckets(limits.passwordFailures, now);
    this.otpFailures = new Buckets(limits.otpFailures, now);
    this.emails = new EmailIntervals(limits.emailIntervalMs, now);
  }
}
