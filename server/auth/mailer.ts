// The auth e-mails of the embedded backend, in French (issue 16 item 8), installed as lite's mailer
// (`app._mailer`). Lite's own mailer writes an English plain-text part whatever the templates, and
// points every link at site_url's root. Here:
//  - subject, HTML (supabase/templates/*.html, the files a hosted project is given too) and the
//    plain-text part are French and name the product;
//  - the link is the API's /auth/v1/verify (as GoTrue's API_EXTERNAL_URL), whose redirect lands
//    where the request asked (`redirect_to`, if allowed) or, by default, on /dashboard, and on the
//    recovery screen for a password reset.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EmailDriver } from '@supabase/lite';

export type MailKind = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication';

/** Routes of the app where the links land (src/app/routes.tsx). */
export const LANDING = {
  dashboard: '/dashboard',
  recovery: '/nouveau-mot-de-passe',
  /** Sign-up confirmations and e-mail changes (the one-time code, « Choisissez votre mot de passe »). */
  confirm: '/confirmer-email',
} as const;

export const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirmez votre inscription à Budget Formation',
  recovery: 'Réinitialisation de votre mot de passe Budget Formation',
  magiclink: 'Votre lien de connexion à Budget Formation',
  email_change: "Confirmez le changement d'adresse e-mail de votre compte Budget Formation",
  reauthentication: 'Votre code de vérification Budget Formation',
};

const TEMPLATE_FILES: Partial<Record<MailKind, string>> = {
  signup: 'confirmation.html',
  recovery: 'recovery.html',
  magiclink: 'magic_link.html',
  email_change: 'email_change.html',
  reauthentication: 'reauthentication.html',
};

const FOOTER =
  "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.\n\nBudget Formation";

const TEXTS: Record<MailKind, string> = {
  signup: `Bienvenue sur Budget Formation !

Pour activer votre compte et découvrir le budget formation de votre entreprise, confirmez votre adresse e-mail en ouvrant ce lien :
{{ .ConfirmationURL }}

Ou saisissez ce code : {{ .Token }}

Vous n'avez pas demandé à créer un compte ? Ignorez simplement cet e-mail : sans ce lien, l'inscription n'aboutit pas. Si vous l'ouvrez quand même, c'est vous qui choisirez le mot de passe du compte : aucun mot de passe saisi par quelqu'un d'autre ne sera conservé.

Budget Formation`,
  recovery: `Vous avez demandé à réinitialiser le mot de passe de votre compte Budget Formation.

Choisissez un nouveau mot de passe en ouvrant ce lien :
{{ .ConfirmationURL }}

Ou saisissez ce code : {{ .Token }}

${FOOTER}`,
  magiclink: `Pour vous connecter à Budget Formation, ouvrez ce lien :
{{ .ConfirmationURL }}

Ou saisissez ce code : {{ .Token }}

${FOOTER}`,
  email_change: `Vous avez demandé à remplacer l'adresse e-mail de votre compte Budget Formation, {{ .Email }}, par {{ .NewEmail }}.

Pour votre sécurité, ce changement doit être confirmé depuis les deux adresses : un e-mail comme celui-ci a été envoyé à chacune. L'adresse du compte change seulement quand les deux liens ont été ouverts.

Confirmez depuis cette adresse en ouvrant ce lien :
{{ .ConfirmationURL }}

Vous n'êtes pas à l'origine de cette demande ? N'ouvrez pas ce lien : sans les deux confirmations, rien ne change. Si cet e-mail est arrivé à l'adresse actuelle de votre compte, changez aussi votre mot de passe.

Budget Formation`,
  reauthentication: `Votre code de vérification Budget Formation : {{ .Token }}

${FOOTER}`,
};

/** Per-request facts the mailer needs (lite passes it only site_url): set around lite.fetch. */
export type MailContext = {
  redirectTo: string | null;
  /** Lite's own e-mail of this request is held back (the caller sends its own). */
  suppress?: boolean;
};
export const mailContext = new AsyncLocalStorage<MailContext>();

type Meta = { redirectTo?: string; currentEmail?: string; newEmail?: string; tokenHash?: string };

function render(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? vars[name]! : whole,
  );
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export type FrenchMailerOptions = {
  driver: EmailDriver;
  /** Origin of the API (links point at its /auth/v1/verify). */
  apiOrigin: string;
  /** The app (GoTrue's SITE_URL). */
  siteUrl: string;
  /** Origins a `redirect_to` may name (site URL, additional redirect URLs). */
  redirectUrls: readonly string[];
  templatesDir: string;
};

export class FrenchMailer {
  #templates = new Map<MailKind, string>();
  #allowedOrigins: Set<string>;

  constructor(private readonly options: FrenchMailerOptions) {
    this.#allowedOrigins = new Set(
      [options.siteUrl, ...options.redirectUrls].flatMap((u) => {
        try {
          return [new URL(u).origin];
        } catch {
          return [];
        }
      }),
    );
  }

  /** Where a link of this kind lands: the request's redirect_to when allowed, else the default. */
  landing(kind: MailKind, requested: string | null | undefined): string {
    if (requested) {
      try {
        const url = new URL(requested);
        if (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          this.#allowedOrigins.has(url.origin)
        )
          return url.toString();
      } catch {
        /* not a URL: the default */
      }
    }
    const path =
      kind === 'recovery'
        ? LANDING.recovery
        : kind === 'signup' || kind === 'email_change'
          ? LANDING.confirm
          : LANDING.dashboard;
    return `${this.options.siteUrl}${path}`;
  }

  /** `to`: the address the link is mailed to, its target (attempts are counted per target). */
  verifyUrl(kind: MailKind, tokenHash: string, redirectTo: string, to: string): string {
    const url = new URL('/auth/v1/verify', this.options.apiOrigin);
    url.searchParams.set('token', tokenHash);
    url.searchParams.set('type', kind);
    url.searchParams.set('redirect_to', redirectTo);
    url.searchParams.set('email', to.toLowerCase());
    return url.toString();
  }

  #template(kind: MailKind): string | null {
    const file = TEMPLATE_FILES[kind];
    if (!file) return null;
    let t = this.#templates.get(kind);
    if (t === undefined) {
      t = readFileSync(join(this.options.templatesDir, file), 'utf8');
      this.#templates.set(kind, t);
    }
    return t;
  }

  /** `requested`: the request's redirect_to (default: the one of the request being served). */
  async send(
    kind: MailKind,
    to: string,
    tokenHash: string,
    otp: string,
    meta: Meta = {},
    requested: string | null = mailContext.getStore()?.redirectTo ?? null,
  ) {
    if (mailContext.getStore()?.suppress) return;
    const redirect = this.landing(kind, requested);
    const confirmationUrl =
      kind === 'reauthentication' ? '' : this.verifyUrl(kind, tokenHash, redirect, to);
    const vars = {
      ConfirmationURL: confirmationUrl,
      Token: otp,
      TokenHash: tokenHash,
      SiteURL: this.options.siteUrl,
      Email: meta.currentEmail ?? to,
      NewEmail: meta.newEmail ?? to,
      RedirectTo: redirect,
    };
    const htmlVars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, escapeHtml(v)]));
    const template = this.#template(kind);
    const text = render(TEXTS[kind], vars);
    const html = template
      ? render(template, htmlVars)
      : `<!doctype html><html lang="fr"><body><pre>${escapeHtml(text)}</pre></body></html>`;
    await this.options.driver.send({ to, subject: SUBJECTS[kind], text, html });
  }

  // lite's mailer interface (called by its auth service).
  sendConfirmation(to: string, tokenHash: string, otp: string, meta?: Meta) {
    return this.send('signup', to, tokenHash, otp, meta);
  }
  sendRecovery(to: string, tokenHash: string, otp: string, meta?: Meta) {
    return this.send('recovery', to, tokenHash, otp, meta);
  }
  sendMagicLink(to: string, tokenHash: string, otp: string, meta?: Meta) {
    return this.send('magiclink', to, tokenHash, otp, meta);
  }
  sendEmailChange(to: string, tokenHash: string, otp: string, meta?: Meta) {
    return this.send('email_change', to, tokenHash, otp, meta);
  }
  sendReauthentication(to: string, otp: string, meta?: Meta) {
    return this.send('reauthentication', to, meta?.tokenHash ?? '', otp, meta);
  }
}
