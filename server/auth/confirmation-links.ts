// The confirmation link of an unconfirmed address (issue 28 item 2): one live link at a time,
// whose hash is auth.users.confirmation_token and whose code is kept (account_claims.confirmation_links)
// so that a new sign-up or a resend sends THE SAME link again (its life starts again, up to a day
// after its first e-mail) instead of killing it: nobody can keep the owner's links dead by signing
// the address up again. E-mails at most one per address per interval (a sign-up inside it gets its
// e-mail when the interval allows). Callers hold the address's lock (sign-up.ts).
import type { Db } from '../db/db';
import type { FrenchMailer } from './mailer';
import { newConfirmationToken, type KeyedLock } from './registration';
import type { AuthThrottle } from './throttle';

/** Life of a confirmation link from its last e-mail: lite's otp_expiry (1 h, GoTrue's default). */
export const LINK_LIFE_MS = 60 * 60_000;
/** A link sent again keeps its code for at most a day after its first e-mail; then a new one. */
export const LINK_MAX_AGE_MS = 24 * 60 * 60_000;

const cutoff = (ms: number) => new Date(Date.now() - ms).toISOString();

export class ConfirmationLinks {
  #timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly mailer: FrenchMailer,
    private readonly throttle: AuthThrottle,
    private readonly lock: KeyedLock,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * POST /resend type=signup. Unknown and confirmed addresses: nothing (200, as GoTrue). An
   * unconfirmed one: its live link again (or a new one), at most once per interval.
   */
  async resend(email: string, redirectTo: string | null): Promise<{ waitMs: number }> {
    return this.lock.run(email, async () => {
      const [user] = await this.db.query<{
        id: string;
        email_confirmed_at: unknown;
        confirmation_sent_at: unknown;
      }>('select id, email_confirmed_at, confirmation_sent_at from auth.users where email = $1', [
        email,
      ]);
      const lastSent = user?.confirmation_sent_at
        ? Date.parse(String(user.confirmation_sent_at))
        : null;
      const wait = this.throttle.emails.waitMs('signup', email, lastSent);
      if (wait > 0) return { waitMs: wait };
      this.throttle.emails.sent('signup', email);
      if (!user || user.email_confirmed_at) return { waitMs: 0 };
      await this.mail(user.id, email, redirectTo);
      return { waitMs: 0 };
    });
  }

  /** The unconfirmed account a live confirmation link (token hash) belongs to. */
  async linkAccount(tokenHash: string): Promise<{ id: string; email: string } | null> {
    // Any live confirmation token of the account (ours, or one lite issued before this scheme).
    const [row] = await this.db.query<{ id: string; email: string }>(
      `select u.id, u.email from auth.users u
        where u.confirmation_token = $1 and u.email_confirmed_at is null
          and u.confirmation_sent_at > $2::timestamptz`,
      [tokenHash, cutoff(LINK_LIFE_MS)],
    );
    return row ?? null;
  }

  /** Sends the address's live link again (its life starts again), or a new one. Under the lock. */
  async mail(userId: string, email: string, redirectTo: string | null) {
    const [link] = await this.db.query<{ token_hash: string; otp: string }>(
      `select l.token_hash, l.otp
         from account_claims.confirmation_links l join auth.users u on u.id = l.user_id
        where l.user_id = $1 and u.confirmation_token = l.token_hash and u.email_confirmed_at is null
          and u.confirmation_sent_at > $2::timestamptz and l.issued_at > $3::timestamptz`,
      [userId, cutoff(LINK_LIFE_MS), cutoff(LINK_MAX_AGE_MS)],
    );
    const token = link ? { hash: link.token_hash, otp: link.otp } : newConfirmationToken(email);
    await this.db.transaction(async (tx) => {
      if (!link)
        await tx.query(
          `insert into account_claims.confirmation_links (user_id, token_hash, otp, issued_at)
           values ($1, $2, $3, now())
           on conflict (user_id) do update
             set token_hash = excluded.token_hash, otp = excluded.otp, issued_at = excluded.issued_at`,
          [userId, token.hash, token.otp],
        );
      await tx.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()
          where id = $1 and email_confirmed_at is null`,
        [userId, token.hash],
      );
    });
    this.throttle.emails.sent('signup', email);
    await this.mailer.send('signup', email, token.hash, token.otp, {}, redirectTo);
  }

  /** The link of a registration made within the e-mail interval, sent when the interval allows. */
  later(email: string, waitMs: number, redirectTo: string | null) {
    clearTimeout(this.#timers.get(email));
    const timer = setTimeout(() => {
      this.#timers.delete(email);
      void this.lock
        .run(email, async () => {
          const [user] = await this.db.query<{ id: string; confirmation_sent_at: unknown }>(
            `select id, confirmation_sent_at from auth.users
              where email = $1 and email_confirmed_at is null`,
            [email],
          );
          if (!user) return;
          const lastSent = user.confirmation_sent_at
            ? Date.parse(String(user.confirmation_sent_at))
            : null;
          // A resend went out meanwhile: the registrant has the link already.
          if (this.throttle.emails.waitMs('signup', email, lastSent) > 0) return;
          await this.mail(user.id, email, redirectTo);
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
