// Sign-up of an address that already has an UNCONFIRMED account, and re-sending its confirmation
// (issue 14 item 1). Lite answered such a sign-up `429 over_email_send_rate_limit` and kept the
// first registrant's password, name and link: a stranger who pre-registered somebody's address got
// an account that opened with the stranger's password once its owner clicked the only link in their
// inbox. Here the sign-up of an unconfirmed address:
//  - replaces its password and metadata (identity included) with this request's,
//  - gives it a new confirmation token, so every earlier link is dead (lite's /verify finds users
//    by token hash),
//  - mails the new link now, or when the per-address interval allows (a delay, never a refusal:
//    the first registrant's credentials are gone either way),
//  - answers 200 with the account, like a first sign-up.
// A registration with a password other than the current one makes the address CONTESTED
// (account_claims.contested): the newest registrant may be a stranger who signed up after the
// owner, and the only live link in the owner's inbox is then the one sent for the stranger.
// Confirming a contested address discards every registrant's password, metadata and session
// (trigger of migration 20261123000110), and its link lands on the new-password screen, where the
// person who reads the inbox chooses the password. The same password again (a re-submission, a
// "did not get the e-mail") is the same registrant: nothing is contested.
// A confirmed address gets GoTrue's answer to a repeated sign-up: 200 with an obfuscated user that
// has no identity (the app reads that as "account exists"); nothing changes.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Db, Row } from '../db';
import { userResponse } from '../admin-users';
import { LANDING, type FrenchMailer } from './mailer';
import { bcryptCost } from './password-hashing';
import type { AuthThrottle } from './throttle';

export const OTP_LENGTH = 6;

/** Link types whose token is the confirmation token (lite: magiclink falls back to it). */
const CONFIRMING_TYPES = new Set(['signup', 'magiclink', 'email']);

/** Lite's token format: the link carries sha256(email + otp) in hex; the e-mail also shows the otp. */
export function newConfirmationToken(email: string): { otp: string; hash: string } {
  let otp = '';
  for (let i = 0; i < OTP_LENGTH; i++) otp += String(randomInt(10));
  return {
    otp,
    hash: createHash('sha256')
      .update(email.toLowerCase() + otp)
      .digest('hex'),
  };
}

export type UnconfirmedSignUp = {
  email: string;
  password: string;
  data: Record<string, unknown>;
};

/** Serialises the work on one address (two sign-ups of the same address never interleave). */
export class KeyedLock {
  #tails = new Map<string, Promise<void>>();
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = previous.then(() => mine);
    this.#tails.set(key, tail);
    try {
      await previous;
      return await fn();
    } finally {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}

export class Registrations {
  readonly lock = new KeyedLock();
  #timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly mailer: FrenchMailer,
    private readonly throttle: AuthThrottle,
    private readonly log: (line: string) => void,
  ) {}

  async findByEmail(email: string): Promise<Row | null> {
    const [row] = await this.db.query(
      `select id, email, email_confirmed_at, confirmation_token, confirmation_sent_at,
              encrypted_password
         from auth.users where email = $1`,
      [email],
    );
    return row ?? null;
  }

  /** GoTrue's answer to the sign-up of a confirmed address (sanitizeUser): reveals nothing. */
  obfuscatedUser(email: string, data: Record<string, unknown>) {
    const now = new Date().toISOString();
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    };
  }

  /**
   * Replaces an unconfirmed account's credentials and metadata; returns the account's JSON.
   * `samePassword`: the new password is the one the account has (the same registrant again).
   */
  async replace(
    user: Row,
    input: UnconfirmedSignUp,
    redirectTo: string | null,
    samePassword: boolean,
  ) {
    const id = String(user.id);
    const email = input.email;
    const hash = await bcrypt.hash(input.password, bcryptCost());
    const wait = this.throttle.emails.waitMs(
      'signup',
      email,
      user.confirmation_sent_at ? Date.parse(String(user.confirmation_sent_at)) : null,
    );
    const token = wait === 0 ? newConfirmationToken(email) : null;
    const meta = { ...input.data, email, email_verified: false, phone_verified: false, sub: id };
    const identity = {
      ...input.data,
      email,
      email_verified: false,
      phone_verified: false,
      sub: id,
    };
    await this.db.transaction(async (tx) => {
      // Another password than the account's: a second registrant, the address is contested.
      if (!samePassword)
        await tx.query(
          `insert into account_claims.contested (user_id) values ($1) on conflict do nothing`,
          [id],
        );
      await tx.query(
        `update auth.users set
           encrypted_password = $2,
           raw_user_meta_data = $3::jsonb,
           confirmation_token = $4::varchar,
           confirmation_sent_at = case when $4::varchar is null then confirmation_sent_at else now() end,
           recovery_token = null, recovery_sent_at = null,
           email_change = null, email_change_token_new = null, email_change_token_current = null,
           reauthentication_token = null,
           updated_at = now()
         where id = $1 and email_confirmed_at is null`,
        [id, hash, JSON.stringify(meta), token?.hash ?? null],
      );
      await tx.query(
        `update auth.identities set identity_data = $2::jsonb, updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [id, JSON.stringify(identity)],
      );
      await tx.query('delete from auth.refresh_tokens where user_id = $1', [id]);
      await tx.query('delete from auth.sessions where user_id = $1', [id]);
    });
    if (token) {
      this.throttle.emails.sent('signup', email);
      await this.mailer.send('signup', email, token.hash, token.otp, {}, redirectTo);
    } else {
      this.#later(email, wait, redirectTo);
    }
    const [row] = await this.db.query('select * from auth.users where id = $1', [id]);
    return userResponse(this.db, row!);
  }

  /**
   * The account a confirmation link (token hash) would confirm, and whether it is contested. Null
   * for a dead token, another kind of link, or an account already confirmed.
   */
  async confirming(
    type: string | undefined,
    tokenHash: string | undefined,
  ): Promise<{ email: string; contested: boolean } | null> {
    if (!type || !tokenHash || !CONFIRMING_TYPES.has(type)) return null;
    const [row] = await this.db.query<{ email: string; contested: boolean }>(
      `select u.email,
              exists (select 1 from account_claims.contested c where c.user_id = u.id) as contested
         from auth.users u
        where u.confirmation_token = $1 and u.email_confirmed_at is null`,
      [tokenHash],
    );
    return row ?? null;
  }

  /**
   * Where the link of a contested confirmation lands: the new-password screen, on the origin the
   * link was going to when that origin is allowed (else the site URL's).
   */
  contestedLanding(requested: string | null): string {
    let origin: string | null = null;
    try {
      origin = requested ? new URL(requested).origin : null;
    } catch {
      origin = null;
    }
    return this.mailer.landing('recovery', origin ? `${origin}${LANDING.recovery}` : null);
  }

  /**
   * POST /resend type=signup. Unknown and confirmed addresses: nothing (200, as GoTrue, no
   * enumeration). Unconfirmed: a new link (the previous one dies), at most one per interval.
   */
  async resend(email: string, redirectTo: string | null): Promise<{ waitMs: number }> {
    return this.lock.run(email, async () => {
      const user = await this.findByEmail(email);
      const lastSent = user?.confirmation_sent_at
        ? Date.parse(String(user.confirmation_sent_at))
        : null;
      const wait = this.throttle.emails.waitMs('signup', email, lastSent);
      if (wait > 0) return { waitMs: wait };
      this.throttle.emails.sent('signup', email);
      if (!user || user.email_confirmed_at) return { waitMs: 0 };
      await this.#issue(String(user.id), email, redirectTo);
      return { waitMs: 0 };
    });
  }

  async #issue(id: string, email: string, redirectTo: string | null) {
    const token = newConfirmationToken(email);
    await this.db.query(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()
        where id = $1 and email_confirmed_at is null`,
      [id, token.hash],
    );
    await this.mailer.send('signup', email, token.hash, token.otp, {}, redirectTo);
  }

  /** The confirmation of a replaced registration, sent as soon as the interval allows. */
  #later(email: string, waitMs: number, redirectTo: string | null) {
    clearTimeout(this.#timers.get(email));
    const timer = setTimeout(() => {
      this.#timers.delete(email);
      void this.lock
        .run(email, async () => {
          const user = await this.findByEmail(email);
          // Still unconfirmed and without a live link (no resend happened meanwhile).
          if (!user || user.email_confirmed_at || user.confirmation_token) return;
          this.throttle.emails.sent('signup', email);
          await this.#issue(String(user.id), email, redirectTo);
        })
        .catch((e: unknown) => this.log(`[auth] confirmation e-mail to ${email}: ${String(e)}`));
    }, waitMs);
    timer.unref();
    this.#timers.set(email, timer);
  }

  close(): void {
    for (const t of this.#timers.values()) clearTimeout(t);
    this.#timers.clear();
  }
}
