// Changing the e-mail address of an account, confirmed by BOTH addresses (issue 28 item 5): GoTrue's
// « secure email change » (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by default on hosted
// Supabase): a link goes to the current address and another to the new one, and the address changes
// only once both are followed. Lite 0.10 finalises from the current address's link alone (its
// LIMITATIONS.md), so the new address's real owner could find their address taken without ever
// being asked. Here, in front of lite:
//  - PUT /user {email}: refused when another account has that address (422 email_exists, as
//    GoTrue); otherwise two tokens (sha256(address + code), as every e-mail token), two French
//    e-mails, at most one request per interval (429 over_email_send_rate_limit);
//  - GET /verify type=email_change (a link): the first one followed is recorded and lands on the app
//    saying the other is awaited; the second completes the change (the address, the e-mail
//    identity), unless another account took the new address meanwhile (error email_exists);
//  - POST /verify type=email_change (a code, GoTrue's API): the same, answered in JSON.
// The new address is not reserved while the change is pending: its owner can still sign up.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import { LANDING, type FrenchMailer } from './mailer';
import { KeyedLock, newConfirmationToken } from './registration';
import { LINK_LIFE_MS } from './confirmation-links';
import type { AuthThrottle } from './throttle';

/** GoTrue's answer to the first of the two confirmations. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export type EmailChangeRequest =
  | { kind: 'sent' }
  | { kind: 'unchanged' }
  | { kind: 'email_exists' }
  | { kind: 'rate_limited'; waitMs: number };

export type EmailChangeStep = 'not_found' | 'pending' | 'done' | 'email_exists';

const cutoff = (ms: number) => new Date(Date.now() - ms).toISOString();

export class EmailChanges {
  readonly #lock = new KeyedLock();

  constructor(
    private readonly db: Db,
    private readonly mailer: FrenchMailer,
    private readonly throttle: AuthThrottle,
  ) {}

  /** Starts (or restarts) the change of `userId`'s address to `newEmail` (already validated). */
  async request(
    userId: string,
    newEmail: string,
    redirectTo: string | null,
  ): Promise<EmailChangeRequest> {
    const target = newEmail.trim().toLowerCase();
    return this.#lock.run(userId, async () => {
      const [user] = await this.db.query<{ email: string; email_change_sent_at: unknown }>(
        'select email, email_change_sent_at from auth.users where id = $1',
        [userId],
      );
      if (!user) return { kind: 'unchanged' };
      const current = user.email.toLowerCase();
      if (target === current) return { kind: 'unchanged' };
      if (await this.#taken(target, userId)) return { kind: 'email_exists' };
      const lastSent = user.email_change_sent_at
        ? Date.parse(String(user.email_change_sent_at))
        : null;
      const waitMs = this.throttle.emails.waitMs('email_change', current, lastSent);
      if (waitMs > 0) return { kind: 'rate_limited', waitMs };
      const toCurrent = newConfirmationToken(current);
      const toNew = newConfirmationToken(target);
      await this.db.query(
        `update auth.users set
           email_change = $2, email_change_token_current = $3, email_change_token_new = $4,
           email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now()
         where id = $1`,
        [userId, target, toCurrent.hash, toNew.hash],
      );
      this.throttle.emails.sent('email_change', current);
      const meta = { currentEmail: current, newEmail: target };
      const landing = this.#landing(redirectTo);
      await this.mailer.send('email_change', current, toCurrent.hash, toCurrent.otp, meta, landing);
      await this.mailer.send('email_change', target, toNew.hash, toNew.otp, meta, landing);
      return { kind: 'sent' };
    });
  }

  /** A link or code of an e-mail change (token hash): one side confirmed, or the change done. */
  async verify(tokenHash: string): Promise<EmailChangeStep> {
    const find = () =>
      this.db.query<{
        id: string;
        email: string;
        email_change: string;
        current: boolean;
        other_pending: boolean;
      }>(
        `select id, email, email_change,
                (email_change_token_current = $1) as current,
                (case when email_change_token_current = $1
                      then coalesce(email_change_token_new, '') <> ''
                      else coalesce(email_change_token_current, '') <> '' end) as other_pending
           from auth.users
          where (email_change_token_current = $1 or email_change_token_new = $1)
            and coalesce(email_change, '') <> '' and email_change_sent_at > $2::timestamptz`,
        [tokenHash, cutoff(LINK_LIFE_MS)],
      );
    const [found] = await find();
    if (!found) return 'not_found';
    return this.#lock.run(found.id, async () => {
      const [user] = await find();
      if (!user) return 'not_found';
      const column = user.current ? 'email_change_token_current' : 'email_change_token_new';
      if (user.other_pending) {
        await this.db.query(
          `update auth.users set ${column} = null, email_change_confirm_status = 1, updated_at = now()
            where id = $1`,
          [user.id],
        );
        return 'pending';
      }
      return this.#complete(user.id, user.email_change);
    });
  }

  /** Where an e-mail change link lands: the confirmation screen, which says what happened. */
  landingFor(redirectTo: string | null, step: EmailChangeStep): string {
    const url = new URL(
      LANDING.confirm,
      new URL(this.mailer.landing('email_change', redirectTo)).origin,
    );
    if (step === 'pending' || step === 'done') url.searchParams.set('email_change', step);
    else {
      url.searchParams.set('email_change', 'error');
      const error = step === 'email_exists' ? 'email_exists' : 'otp_expired';
      url.hash = new URLSearchParams({ error: 'access_denied', error_code: error }).toString();
    }
    return url.toString();
  }

  #landing(redirectTo: string | null): string {
    return this.mailer.landing('email_change', redirectTo);
  }

  async #taken(email: string, exceptUserId: string): Promise<boolean> {
    const rows = await this.db.query(
      'select 1 from auth.users where lower(email) = $1 and id <> $2 limit 1',
      [email, exceptUserId],
    );
    return rows.length > 0;
  }

  async #complete(userId: string, newEmail: string): Promise<EmailChangeStep> {
    if (await this.#taken(newEmail, userId)) {
      await this.#abandon(userId);
      return 'email_exists';
    }
    try {
      await this.#moveTo(userId, newEmail);
    } catch (error) {
      // The address was signed up between the check and the write (the sign-up runs under the
      // address's lock, this under the account's): auth.users' unique e-mail refuses it.
      if ((error as { code?: unknown }).code !== '23505') throw error;
      await this.#abandon(userId);
      return 'email_exists';
    }
    return 'done';
  }

  async #moveTo(userId: string, newEmail: string) {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update auth.users set
           email = $2, email_change = null, email_change_token_current = null,
           email_change_token_new = null, email_change_sent_at = null,
           email_change_confirm_status = 0, updated_at = now()
         where id = $1`,
        [userId, newEmail],
      );
      const identities = await tx.query<{ id: string }>(
        `select id from auth.identities where user_id = $1 and provider = 'email'`,
        [userId],
      );
      if (identities.length > 0) {
        await tx.query(
          `update auth.identities
              set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
                  updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [userId, newEmail],
        );
      } else {
        await tx.query(
          `insert into auth.identities (id, provider, provider_id, user_id, identity_data, created_at, updated_at)
           values ($1, 'email', $2, $2, $3::jsonb, now(), now())`,
          [
            randomUUID(),
            userId,
            JSON.stringify({
              sub: userId,
              email: newEmail,
              email_verified: true,
              phone_verified: false,
            }),
          ],
        );
      }
    });
  }

  async #abandon(userId: string) {
    await this.db.query(
      `update auth.users set email_change = null, email_change_token_current = null,
              email_change_token_new = null, email_change_confirm_status = 0, updated_at = now()
        where id = $1`,
      [userId],
    );
  }
}
