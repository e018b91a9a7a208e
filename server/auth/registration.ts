// The accounts of sign-ups (issue 14 item 1, issue 28 item 2): finding an address's account, the
// per-address lock every sign-up and confirmation runs under, the e-mail tokens, and GoTrue's
// answer to the sign-up of a confirmed address. What a sign-up of an unconfirmed address does, and
// what its confirmation keeps, is sign-up.ts.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Db, Row } from '../db/db';

export const OTP_LENGTH = 6;

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

  constructor(private readonly db: Db) {}

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
}
