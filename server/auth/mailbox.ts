// Local mailbox: lite's pluggable e-mail driver, replaced by one that keeps every message (in memory
// and in <data dir>/mailbox.json so that a restart keeps them), prints it with its link on the
// console, and serves it at /_mailbox (HTML for a person or a browser test) and /_mailbox/api/messages
// (JSON for tests). Hosted Supabase sends real e-mails; the Supabase CLI's equivalent is Inbucket.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import type { Context, MiddlewareHandler } from 'hono';
import type { BackendEnv, RouteArea } from '../http/route-table';
import type { EmailDriver, EmailMessage } from '@supabase/lite';

export type MailboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links found in the message (confirmation / recovery links first). */
  links: string[];
  sentAt: string;
};

const MAX_MESSAGES = 500;

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;/gi, '=')
    .replace(/&#61;/g, '=')
    .replace(/&quot;/g, '"');
}

export function extractLinks(text: string, html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/href="([^"]+)"/g)) found.add(decodeEntities(m[1]!));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) found.add(decodeEntities(m[0]));
  return [...found].sort(
    (a, b) => Number(b.includes('/auth/v1/verify')) - Number(a.includes('/auth/v1/verify')),
  );
}

export type MailboxOptions = {
  /** Print each message on the console. */
  print: boolean;
  /** File keeping the messages across restarts (null: memory only). */
  file: string | null;
  /**
   * Rewrites the body before storing: lite builds verification links from site_url (the app's
   * origin), GoTrue from the API's external URL. The API owns /auth/v1/verify: links point there.
   */
  rewrite?: (body: string) => string;
  log?: (line: string) => void;
};

export class Mailbox implements EmailDriver {
  readonly messages: MailboxMessage[] = [];
  #saveTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: MailboxOptions) {
    if (options.file && existsSync(options.file)) {
      try {
        const saved = JSON.parse(readFileSync(options.file, 'utf8')) as MailboxMessage[];
        if (Array.isArray(saved)) this.messages.push(...saved.slice(-MAX_MESSAGES));
      } catch {
        /* unreadable mailbox file: start empty */
      }
    }
  }

  async send(message: EmailMessage): Promise<void> {
    const rewrite = this.options.rewrite ?? ((s: string) => s);
    const text = rewrite(message.text ?? '');
    const html = rewrite(message.html ?? '');
    const stored: MailboxMessage = {
      id: randomUUID(),
      to: message.to.toLowerCase(),
      subject: message.subject,
      text,
      html,
      links: extractLinks(text, html),
      sentAt: new Date().toISOString(),
    };
    this.messages.push(stored);
    if (this.messages.length > MAX_MESSAGES)
      this.messages.splice(0, this.messages.length - MAX_MESSAGES);
    this.#scheduleSave();
    if (this.options.print) {
      const log = this.options.log ?? ((l: string) => console.log(l));
      log(
        `[mailbox] to ${stored.to}: ${stored.subject}${stored.links[0] ? `\n[mailbox]   ${stored.links[0]}` : ''}`,
      );
    }
  }

  list(to?: string): MailboxMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages
      .filter((m) => !wanted || m.to === wanted)
      .slice()
      .reverse();
  }

  get(id: string): MailboxMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  clear(): void {
    this.messages.length = 0;
    this.#scheduleSave();
  }

  flush(): void {
    if (this.#saveTimer) {
      clearTimeout(this.#saveTimer);
      this.#saveTimer = null;
    }
    this.#save();
  }

  #scheduleSave() {
    if (!this.options.file || this.#saveTimer) return;
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = null;
      this.#save();
    }, 200);
    this.#saveTimer.unref();
  }

  #save() {
    if (!this.options.file) return;
    try {
      const tmp = `${this.options.file}.tmp`;
      writeFileSync(tmp, JSON.stringify(this.messages));
      renameSync(tmp, this.options.file);
    } catch {
      /* best effort */
    }
  }
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.5rem 1rem;border-radius:.5rem}
li{margin:.75rem 0;list-style:none;border-bottom:1px solid #e5e7eb;padding-bottom:.75rem}
pre{white-space:pre-wrap;background:#f9fafb;padding:1rem;border-radius:.5rem}
a.btn{display:inline-block;background:#2563eb;color:#fff;padding:.4rem .8rem;border-radius:.4rem;text-decoration:none}
small{color:#6b7280}</style></head><body>
<p class="banner">Boîte aux lettres locale — environnement local : aucun e-mail n'est réellement envoyé.</p>${body}</body></html>`;
}

export type MailboxAccess = { mode: 'open' | 'token' | 'off'; token: string | null };

function tokenMatches(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function listPage(mailbox: Mailbox, c: Context): Response {
  const to = c.req.query('to');
  const items = mailbox
    .list(to)
    .map(
      (
        m,
      ) => `<li><small>${esc(new Date(m.sentAt).toLocaleString('fr-FR'))} — à ${esc(m.to)}</small><br>
<a href="/_mailbox/${m.id}"><strong>${esc(m.subject)}</strong></a>
${m.links[0] ? `<br><a class="btn confirm-link" href="${esc(m.links[0])}">Ouvrir le lien</a>` : ''}</li>`,
    )
    .join('');
  return c.html(
    page(
      'Boîte aux lettres locale',
      `<h1>Boîte aux lettres locale</h1><p>${mailbox.list(to).length} message(s)${to ? ` pour ${esc(to)}` : ''}.</p><ul>${items || '<li>Aucun message.</li>'}</ul>`,
    ),
  );
}

function messagePage(mailbox: Mailbox, c: Context): Response {
  const m = mailbox.get(c.req.param('id') ?? '');
  if (!m)
    return c.html(
      page(
        'Message introuvable',
        '<h1>Message introuvable</h1><p><a href="/_mailbox">Retour</a></p>',
      ),
      404,
    );
  const links = m.links
    .map((l) => `<li><a class="confirm-link" href="${esc(l)}">${esc(l)}</a></li>`)
    .join('');
  return c.html(
    page(
      m.subject,
      `<p><a href="/_mailbox">← Tous les messages</a></p><h1>${esc(m.subject)}</h1><p>À : ${esc(m.to)}</p><h2>Liens</h2><ul>${links}</ul><h2>Texte</h2><pre>${esc(m.text)}</pre>`,
    ),
  );
}

/** The mailbox's readers: open (loopback), by token (exposed), or nobody (off). */
function mailboxGuard(access: MailboxAccess): MiddlewareHandler<BackendEnv> {
  return async (c, next) => {
    if (access.mode === 'off') return c.json({ error: 'not_found', message: 'Not found' }, 404);
    if (access.mode === 'token') {
      const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!tokenMatches(bearer ?? c.req.query('token'), access.token ?? '')) {
        return c.json(
          {
            error: 'unauthorized',
            message: 'Boîte aux lettres protégée : ajoutez ?token=<MAILBOX_TOKEN> à l’adresse.',
          },
          401,
        );
      }
    }
    await next();
  };
}

/** GET /_mailbox, GET /_mailbox/:id, GET/DELETE /_mailbox/api/messages[?to=]. */
export function mailboxArea(
  mailbox: Mailbox,
  access: MailboxAccess = { mode: 'open', token: null },
): RouteArea {
  const who = 'mailbox reader' as const;
  return {
    prefix: '/_mailbox',
    guard: [mailboxGuard(access)],
    routes: [
      {
        method: 'GET',
        path: '/api/messages',
        who,
        handler: (c) => c.json(mailbox.list(c.req.query('to'))),
      },
      {
        method: 'DELETE',
        path: '/api/messages',
        who,
        handler: (c) => {
          mailbox.clear();
          return c.body(null, 204);
        },
      },
      {
        method: 'GET',
        path: '/api/messages/:id',
        who,
        handler: (c) => {
          const m = mailbox.get(c.req.param('id') ?? '');
          return m
            ? c.json(m)
            : c.json({ error: 'not_found', message: 'Message introuvable' }, 404);
        },
      },
      { method: 'GET', path: '/', who, handler: (c) => listPage(mailbox, c) },
      { method: 'GET', path: '/:id', who, handler: (c) => messagePage(mailbox, c) },
    ],
  };
}
