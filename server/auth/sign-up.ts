// Whoever owns the inbox owns the account (issue 28 item 2, docs/security.md).
//
// Anyone can sign any address up; only the inbox owner can follow its confirmation link. So:
//  - every sign-up of an unconfirmed address is a REGISTRATION (account_claims.registrations): its
//    password hash, its metadata and the PKCE challenge of the browser that sent it (supabase-js,
//    flowType 'pkce'). The account row (auth.users) holds no registrant's password or metadata
//    while unconfirmed: no sign-in, and any other way of confirming it keeps nothing;
//  - an address has one live confirmation link at a time. A new sign-up or a resend sends that
//    same link again (its life starts again, up to a day after its first e-mail) instead of
//    replacing it: nobody can kill the owner's pending link by signing up again;
//  - opening the link (or typing its code) proves the inbox and nothing else: it gives the app a
//    one-time code (`?code=`, GoTrue's PKCE redirect), the link itself staying valid until the
//    address is confirmed (a mail scanner that opens it changes nothing);
//  - the code exchanged with a registration's code verifier (`POST /token?grant_type=pkce`, what
//    supabase-js's exchangeCodeForSession sends from the browser that signed up) confirms the
//    address with THAT registration's password and metadata;
//  - anywhere else (no verifier, or another one), the inbox owner chooses the password
//    (`POST /claim`, « Choisissez votre mot de passe »): no registration is kept;
//  - either way every registration is closed and every session and refresh token of the account
//    ends.
// Everything about one address runs under its lock (KeyedLock), so a sign-up never interleaves
// with a confirmation.
import { randomUUID } from 'node:crypto';
import type { Db, DbSession, Row } from '../db/db';
import { userResponse } from './admin-users';
import { LANDING, type FrenchMailer } from './mailer';
import { bcryptCost, type HashPool } from './password-hashing';
import { challengesOf, randomCode, verifierMatches, type CodeChallenge } from './pkce';
import { LINK_MAX_AGE_MS, type ConfirmationLinks } from './confirmation-links';
import type { KeyedLock } from './registration';
import { deleteSessions, notifySessionsEnded } from './session-end';
import type { AuthThrottle } from './throttle';

/** Life of the one-time code a followed link gives the app (GoTrue's flow state: 5 min). */
export const CODE_LIFE_MS = 10 * 60_000;
/** Registrations whose password a sign-in of an unconfirmed address is compared with. */
const SIGN_IN_CHECKED = 3;
/**
 * Open registrations kept per address: a flood of sign-ups cannot grow the table without bound
 * (the oldest go first; its browser then confirms like any other, choosing the password).
 */
export const MAX_OPEN_REGISTRATIONS = 20;

export type SignUpInput = {
  email: string;
  password: string;
  data: Record<string, unknown>;
  challenge: CodeChallenge | null;
};

type Registration = {
  id: string;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  encrypted_password: string | null;
  user_metadata: unknown;
};

export type ExchangeOutcome =
  | { kind: 'not_ours' }
  | { kind: 'expired' }
  | { kind: 'mismatch' }
  | { kind: 'confirmed'; userId: string };

export type ClaimOutcome = { kind: 'invalid' } | { kind: 'confirmed'; userId: string };

const cutoff = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The metadata an account shows before (and, without a kept registration, after) confirmation. */
export function identityOnly(id: string, email: string, verified: boolean) {
  return { sub: id, email, email_verified: verified, phone_verified: false };
}

const asObject = (v: unknown): Record<string, unknown> => {
  if (typeof v === 'string') {
    try {
      return asObject(JSON.parse(v));
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
};

export class SignUps {
  constructor(
    private readonly db: Db,
    private readonly mailer: FrenchMailer,
    private readonly throttle: AuthThrottle,
    readonly lock: KeyedLock,
    private readonly pool: HashPool,
    /** The addresses' confirmation links and their e-mails. */
    readonly links: ConfirmationLinks,
  ) {}

  /**
   * Lite has just created the account of a new address (its e-mail held back): its password and
   * metadata become the first registration, and the confirmation link goes out.
   */
  async registered(email: string, challenge: CodeChallenge | null, redirectTo: string | null) {
    const [user] = await this.db.query<{ id: string; encrypted_password: string; meta: unknown }>(
      `select id, encrypted_password, raw_user_meta_data as meta
         from auth.users where email = $1 and email_confirmed_at is null`,
      [email],
    );
    if (!user) return;
    await this.db.transaction(async (tx) => {
      await this.#insertRegistration(tx, user.id, challenge, user.encrypted_password, user.meta);
      await this.#blankAccount(tx, user.id, email);
    });
    await this.links.mail(user.id, email, redirectTo);
  }

  /** A sign-up of an address that is registered and unconfirmed: one more registration. */
  async again(user: Row, input: SignUpInput, redirectTo: string | null) {
    const id = String(user.id);
    const hash = await this.pool.hash(input.password, bcryptCost());
    const meta = { ...input.data, ...identityOnly(id, input.email, false) };
    await this.db.transaction(async (tx) => {
      await tx.query(
        `delete from account_claims.registrations
          where closed_at is not null and closed_at < $1::timestamptz`,
        [cutoff(LINK_MAX_AGE_MS)],
      );
      await this.#insertRegistration(tx, id, input.challenge, hash, meta);
      await tx.query(
        `delete from account_claims.registrations where id in (
           select id from account_claims.registrations
            where user_id = $1 and closed_at is null
            order by created_at desc, id offset ${MAX_OPEN_REGISTRATIONS})`,
        [id],
      );
      await this.#blankAccount(tx, id, input.email);
    });
    const lastSent = user.confirmation_sent_at
      ? Date.parse(String(user.confirmation_sent_at))
      : null;
    const wait = this.throttle.emails.waitMs('signup', input.email, lastSent);
    if (wait === 0) await this.links.mail(id, input.email, redirectTo);
    else this.links.later(input.email, wait, redirectTo);
    const [row] = await this.db.query('select * from auth.users where id = $1', [id]);
    // The registrant sees their own data, never another registration's.
    return { ...(await userResponse(this.db, row!)), user_metadata: meta };
  }

  /** A one-time code for the app (the link stays valid until the address is confirmed). */
  async issueCode(userId: string): Promise<string> {
    const code = randomCode();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `delete from account_claims.confirmation_codes where user_id = $1 and created_at < $2::timestamptz`,
        [userId, cutoff(CODE_LIFE_MS)],
      );
      await tx.query(
        `insert into account_claims.confirmation_codes (auth_code, user_id) values ($1, $2)`,
        [code, userId],
      );
    });
    return code;
  }

  /** Where a confirmation lands: the new-password/confirmation screen, with the code. */
  landing(requested: string | null, code: string): string {
    const origin = new URL(this.mailer.landing('signup', requested)).origin;
    const url = new URL(LANDING.confirm, origin);
    url.searchParams.set('code', code);
    return url.toString();
  }

  /** POST /token?grant_type=pkce with one of our codes: the registration of that verifier, kept. */
  async exchange(authCode: string, verifier: string): Promise<ExchangeOutcome> {
    const owner = await this.#codeOwner(authCode);
    if (!owner) return { kind: 'not_ours' };
    return this.lock.run(owner.email, async () => {
      const live = await this.#liveCode(authCode);
      if (!live) return owner.expired ? { kind: 'expired' } : { kind: 'not_ours' };
      const registrations = await this.db.query<Registration>(
        `select id, code_challenge, code_challenge_method, encrypted_password, user_metadata
           from account_claims.registrations
          where user_id = $1 and closed_at is null and code_challenge is not null
          order by created_at desc`,
        [live.id],
      );
      const kept = registrations.find(
        (r) =>
          r.code_challenge &&
          r.code_challenge_method &&
          verifierMatches(
            { challenge: r.code_challenge, method: r.code_challenge_method },
            verifier,
          ),
      );
      if (!kept?.encrypted_password) return { kind: 'mismatch' };
      const meta = { ...asObject(kept.user_metadata), ...identityOnly(live.id, live.email, true) };
      await this.#confirm(live.id, live.email, kept.encrypted_password, meta);
      return { kind: 'confirmed', userId: live.id };
    });
  }

  /**
   * POST /claim: the code of a link opened away from the sign-up browser, and the password the
   * inbox owner chose. No registration is kept (metadata: the account's own, identity only for a
   * sign-up; an operator's for an account an operator created).
   */
  async claim(authCode: string, password: string): Promise<ClaimOutcome> {
    const owner = await this.#codeOwner(authCode);
    if (!owner || owner.expired) return { kind: 'invalid' };
    const hash = await this.pool.hash(password, bcryptCost());
    return this.lock.run(owner.email, async () => {
      const live = await this.#liveCode(authCode);
      if (!live) return { kind: 'invalid' };
      const [row] = await this.db.query<{ meta: unknown }>(
        'select raw_user_meta_data as meta from auth.users where id = $1',
        [live.id],
      );
      const meta = { ...asObject(row?.meta), ...identityOnly(live.id, live.email, true) };
      await this.#confirm(live.id, live.email, hash, meta);
      return { kind: 'confirmed', userId: live.id };
    });
  }

  /**
   * What became of the registration of this code verifier (the sign-up browser asks while it
   * waits): still pending, or the address was confirmed (here or elsewhere). Nothing for others.
   */
  async status(verifier: string): Promise<'pending' | 'confirmed' | 'unknown'> {
    const { s256, plain } = challengesOf(verifier);
    const rows = await this.db.query<{
      code_challenge: string;
      code_challenge_method: 's256' | 'plain';
      closed: boolean;
    }>(
      `select r.code_challenge, r.code_challenge_method,
              (r.closed_at is not null or u.email_confirmed_at is not null) as closed
         from account_claims.registrations r join auth.users u on u.id = r.user_id
        where r.code_challenge in ($1, $2)
        order by r.created_at desc limit 2`,
      [s256, plain],
    );
    const mine = rows.find((r) =>
      verifierMatches({ challenge: r.code_challenge, method: r.code_challenge_method }, verifier),
    );
    if (!mine) return 'unknown';
    return mine.closed ? 'confirmed' : 'pending';
  }

  /** A password sign-in of an unconfirmed address: true when it is one of its registrants'. */
  async isRegistrantPassword(email: string, password: string): Promise<boolean> {
    const rows = await this.db.query<{ encrypted_password: string }>(
      `select r.encrypted_password
         from account_claims.registrations r join auth.users u on u.id = r.user_id
        where u.email = $1 and u.email_confirmed_at is null and r.closed_at is null
          and r.encrypted_password is not null
        order by r.created_at desc limit ${SIGN_IN_CHECKED}`,
      [email],
    );
    for (const r of rows) {
      if (await this.pool.compare(password, r.encrypted_password).catch(() => false)) return true;
    }
    return false;
  }

  async #codeOwner(authCode: string) {
    const [row] = await this.db.query<{ email: string; expired: boolean }>(
      `select u.email, (c.created_at <= $2::timestamptz or u.email_confirmed_at is not null) as expired
         from account_claims.confirmation_codes c join auth.users u on u.id = c.user_id
        where c.auth_code = $1`,
      [authCode, cutoff(CODE_LIFE_MS)],
    );
    return row ?? null;
  }

  async #liveCode(authCode: string) {
    const [row] = await this.db.query<{ id: string; email: string }>(
      `select u.id, u.email
         from account_claims.confirmation_codes c join auth.users u on u.id = c.user_id
        where c.auth_code = $1 and c.created_at > $2::timestamptz and u.email_confirmed_at is null`,
      [authCode, cutoff(CODE_LIFE_MS)],
    );
    return row ?? null;
  }

  async #insertRegistration(
    tx: DbSession,
    userId: string,
    challenge: CodeChallenge | null,
    hash: string,
    meta: unknown,
  ) {
    await tx.query(
      `insert into account_claims.registrations
         (id, user_id, code_challenge, code_challenge_method, encrypted_password, user_metadata)
       values ($1, $2, $3, $4, $5, $6::jsonb)`,
      [
        randomUUID(),
        userId,
        challenge?.challenge ?? null,
        challenge?.method ?? null,
        hash,
        JSON.stringify(asObject(meta)),
      ],
    );
  }

  /** No registrant's password or data on the account itself while it is unconfirmed. */
  async #blankAccount(tx: DbSession, userId: string, email: string) {
    const identity = JSON.stringify(identityOnly(userId, email, false));
    await tx.query(
      `update auth.users set encrypted_password = '', raw_user_meta_data = $2::jsonb, updated_at = now()
        where id = $1 and email_confirmed_at is null`,
      [userId, identity],
    );
    await tx.query(
      `update auth.identities set identity_data = $2::jsonb, updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId, identity],
    );
  }

  /**
   * Confirms the address with this password hash and metadata, in one write (the confirmation
   * trigger provisions the profile from this metadata); every registration is closed, every
   * session and refresh token ends, the link and its codes die.
   */
  async #confirm(userId: string, email: string, hash: string, meta: Record<string, unknown>) {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `update account_claims.registrations
            set closed_at = now(), encrypted_password = null, user_metadata = null
          where user_id = $1 and closed_at is null`,
        [userId],
      );
      await tx.query(
        `update auth.users set
           email_confirmed_at = now(), encrypted_password = $2, raw_user_meta_data = $3::jsonb,
           confirmation_token = null, confirmation_sent_at = null,
           recovery_token = null, recovery_sent_at = null,
           email_change = null, email_change_token_new = null, email_change_token_current = null,
           reauthentication_token = null, updated_at = now()
         where id = $1 and email_confirmed_at is null`,
        [userId, hash, JSON.stringify(meta)],
      );
      await tx.query(
        `update auth.identities set identity_data = $2::jsonb, updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [userId, JSON.stringify(identityOnly(userId, email, true))],
      );
      await deleteSessions(tx, userId, null);
    });
    notifySessionsEnded(userId);
  }
}
