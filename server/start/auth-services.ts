// The auth services createBackend builds once and the auth routes and middleware share: password
// hashing on worker threads, French e-mails, throttles, registrations and their confirmation
// links, sign-ups, e-mail changes, verification attempts.
import type { App } from '@supabase/lite';
import type { BackendConfig } from './config';
import { apiOrigin } from './api-origin';
import type { Db } from '../db/db';
import type { Mailbox } from '../auth/mailbox';
import { VerifyAttempts } from '../auth/attempts';
import { deferredAwareThrottle } from '../auth/uniform-answers';
import { FrenchMailer } from '../auth/mailer';
import { installPasswordHashing } from '../auth/password-hashing';
import { Registrations } from '../auth/registration';
import { ConfirmationLinks } from '../auth/confirmation-links';
import { SignUps } from '../auth/sign-up';
import { EmailChanges } from '../auth/email-change';
import { AuthThrottle } from '../auth/throttle';

export type AuthServices = ReturnType<typeof authServices>;

export function authServices(
  config: BackendConfig,
  db: Db,
  lite: App,
  mailbox: Mailbox,
  log: (line: string) => void,
) {
  // Hashing on worker threads; French e-mails (subject, HTML, text) landing where they should.
  const hashPool = installPasswordHashing();
  const mailer = new FrenchMailer({
    driver: mailbox,
    apiOrigin: apiOrigin(config),
    siteUrl: config.siteUrl,
    redirectUrls: config.redirectUrls,
    templatesDir: config.templatesDir,
  });
  (lite as unknown as { _mailer: FrenchMailer })._mailer = mailer;
  const throttle = new AuthThrottle(config.authLimits);
  // Registrations, links and the guard see the first pass of a deferred request
  // (uniform-answers.ts): what it spent or recorded is not spent or refused a second time.
  const onceThrottle = deferredAwareThrottle(throttle);
  const registrations = new Registrations(db);
  const links = new ConfirmationLinks(db, mailer, onceThrottle, registrations.lock, log);
  const signUps = new SignUps(db, mailer, onceThrottle, registrations.lock, hashPool, links);
  const emailChanges = new EmailChanges(db, mailer, onceThrottle);
  const verifyAttempts = new VerifyAttempts(db, config.authLimits);
  return {
    hashPool,
    throttle,
    onceThrottle,
    registrations,
    links,
    signUps,
    emailChanges,
    verifyAttempts,
  };
}
