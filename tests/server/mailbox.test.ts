// The local mailbox (lite's pluggable e-mail driver): keeps, prints and serves every e-mail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractLinks, Mailbox, mailboxArea } from '../../server/auth/mailbox';
import { areaApp } from '../../server/http/route-table';
import { uniqueEmail } from '../../server/testing/backend';
import { anon, backend } from './helpers';

describe('Mailbox driver', () => {
  it('stores, prints with the link, lists newest first, rewrites links, persists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailbox-'));
    const file = join(dir, 'mailbox.json');
    const lines: string[] = [];
    const box = new Mailbox({
      print: true,
      file,
      log: (l) => lines.push(l),
      rewrite: (s) => s.split('http://app/auth/v1/').join('http://api/auth/v1/'),
    });
    await box.send({
      to: 'A@Example.test',
      subject: 'Confirm',
      text: 'Follow http://app/auth/v1/verify?token=abc&type=signup',
      html: '<a href="http://app/auth/v1/verify?token=abc&amp;type=signup">x</a>',
    });
    await box.send({ to: 'b@example.test', subject: 'Reset', text: 'no link' });
    expect(box.list('a@example.test')).toHaveLength(1);
    expect(box.list().map((m) => m.subject)).toEqual(['Reset', 'Confirm']);
    expect(box.list('a@example.test')[0]!.links[0]).toBe(
      'http://api/auth/v1/verify?token=abc&type=signup',
    );
    expect(lines.join('\n')).toContain('http://api/auth/v1/verify?token=abc&type=signup');
    box.flush();
    const reopened = new Mailbox({ print: false, file });
    expect(reopened.list()).toHaveLength(2);
    reopened.clear();
    expect(reopened.list()).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('extracts links from text and HTML, verification links first', () => {
    expect(
      extractLinks(
        'see https://a.example/x and http://h/auth/v1/verify?t=1',
        '<a href="https://b.example/&amp;y">',
      ),
    ).toEqual(['http://h/auth/v1/verify?t=1', 'https://b.example/&y', 'https://a.example/x']);
  });

  it('serves HTML pages and JSON, escaping content', async () => {
    const box = new Mailbox({ print: false, file: null });
    await box.send({
      to: 'x@example.test',
      subject: '<script>alert(1)</script>',
      text: 'http://h/auth/v1/verify?t=1',
    });
    const app = areaApp(mailboxArea(box));
    const list = await app.request('/');
    const html = await list.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('environnement local');
    const id = box.list()[0]!.id;
    expect((await app.request(`/${id}`)).status).toBe(200);
    expect((await app.request('/nope')).status).toBe(404);
    expect(
      ((await (await app.request('/api/messages?to=X@example.test')).json()) as unknown[]).length,
    ).toBe(1);
    expect((await app.request('/api/messages', { method: 'DELETE' })).status).toBe(204);
    expect(box.list()).toEqual([]);
  });
});

describe('mailbox of the running backend', () => {
  it('receives the confirmation e-mail of a sign-up and a password recovery e-mail', async () => {
    const email = uniqueEmail('mail');
    await anon().auth.signUp({ email, password: 'Mot-de-passe-1' });
    await new Promise((r) => setTimeout(r, 1100)); // GoTrue's per-user e-mail frequency limit
    await anon().auth.resetPasswordForEmail(email);
    const res = await fetch(`${backend.url}/_mailbox/api/messages?to=${encodeURIComponent(email)}`);
    const messages = (await res.json()) as { subject: string; links: string[] }[];
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const m of messages)
      expect(m.links[0]).toMatch(new RegExp(`^${backend.url}/auth/v1/verify\\?`));
  });
});
