// Issue 28 item 6: /auth/v1/verify?redirect_to=http://evil.example\@127.0.0.1:4273/ redirected to
// evil.example (lite's own parser read the host as 127.0.0.1, the browser reads evil.example).
// redirect_to is now parsed as a browser parses it and kept only when its origin is allowed, in
// plain ASCII, without user name, backslash or scheme trick; anything else lands on the site URL.
import { describe, expect, it } from 'vitest';
import { originsOf, safeRedirect } from '../../../server/auth/redirects';
import { uniqueEmail } from '../../../server/testing/backend';
import { backend } from '../helpers';
import { clickLink, verifyLink, waitForMails } from './support';

const SITE = 'http://127.0.0.1:4173';

const TRICKS = [
  'http://evil.example\\@127.0.0.1:4273/',
  'http://evil.example\\@127.0.0.1:4173/',
  '//evil.example',
  '//evil.example/@127.0.0.1:4173',
  '\\\\evil.example',
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)//http://127.0.0.1:4173/',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1:4173@evil.example',
  'http://127.0.0.1:4173@evil.example/dashboard',
  'http://127.0.0.1:4173%2F@evil.example',
  'http://user:pass@127.0.0.1:4173/dashboard',
  'http://evil.example#@127.0.0.1:4173',
  'http://evil.example?@127.0.0.1:4173',
  'http://127.0.0.1:4173.evil.example/',
  'http://127.0.0.1\u3002evil.example/',
  'http://127.0.0.1\uff0eevil.example/',
  'http://\uff45vil.example/',
  'http://127.0.0.1:4173\uff0f@evil.example',
  'https:evil.example',
  'http:/\\evil.example',
  'http:127.0.0.1:4173/dashboard',
  ' http://evil.example',
  'http://evil.example\t/',
  'http://evil.example/http://127.0.0.1:4173/',
  'http://127.0.0.1:4174/dashboard',
  'https://127.0.0.1:4173/dashboard',
  '',
];

describe('redirect_to', () => {
  const allowed = originsOf([SITE, 'http://localhost:4173']);

  it('no backslash, userinfo, scheme or Unicode trick passes the check', () => {
    for (const trick of TRICKS) expect(safeRedirect(trick, allowed), trick).toBeNull();
    expect(safeRedirect(`${SITE}/dashboard`, allowed)).toBe(`${SITE}/dashboard`);
    expect(safeRedirect('HTTP://LOCALHOST:4173/nouveau-mot-de-passe', allowed)).toBe(
      'http://localhost:4173/nouveau-mot-de-passe',
    );
    expect(safeRedirect(`${SITE}/dashboard#old`, allowed)).toBe(`${SITE}/dashboard`);
  });

  it('GET /verify sends every trick to the site URL, an allowed target where it asked', async () => {
    for (const trick of TRICKS) {
      const res = await fetch(
        `${backend.url}/auth/v1/verify?type=signup&token=pas-un-jeton&redirect_to=${encodeURIComponent(trick)}`,
        { redirect: 'manual' },
      );
      expect(res.status).toBe(303);
      const location = res.headers.get('location') ?? '';
      expect(new URL(location).origin, `${trick} -> ${location}`).toBe(SITE);
      expect(location.startsWith(`${SITE}#`) || location.startsWith(`${SITE}/#`), location).toBe(
        true,
      );
    }
    const honest = await fetch(
      `${backend.url}/auth/v1/verify?type=signup&token=pas-un-jeton&redirect_to=${encodeURIComponent(`${SITE}/dashboard`)}`,
      { redirect: 'manual' },
    );
    expect(honest.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:4173\/dashboard#/);
  });

  it("the e-mail's link never carries a trick: it lands on the default screen", async () => {
    const signUpWith = async (redirectTo: string) => {
      const email = uniqueEmail('redirect');
      const res = await fetch(
        `${backend.url}/auth/v1/signup?redirect_to=${encodeURIComponent(redirectTo)}`,
        {
          method: 'POST',
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${backend.anonKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ email, password: 'Redirection-piegee-7' }),
        },
      );
      expect(res.status).toBe(200);
      const [mail] = await waitForMails(backend, email, 1);
      const link = verifyLink(mail!);
      // Where the person lands on opening it: a confirmation lands on /confirmer-email with its
      // one-time code (issue 28 item 2), on the origin the link names.
      const landing = new URL((await clickLink(link)).location);
      return {
        target: new URL(link).searchParams.get('redirect_to'),
        landing: `${landing.origin}${landing.pathname}`,
        code: landing.searchParams.get('code'),
      };
    };
    for (const trick of [
      'http://evil.example\\@127.0.0.1:4173/',
      'http://127.0.0.1:4173@evil.example/',
    ]) {
      const { target, landing, code } = await signUpWith(trick);
      expect(target, trick).toBe(`${SITE}/confirmer-email`);
      expect(landing, trick).toBe(`${SITE}/confirmer-email`);
      expect(code, trick).toMatch(/^[\w-]{40,}$/);
    }
    // The honest path: an allowed target is kept, and its origin is where the link lands.
    const honest = await signUpWith('http://localhost:4173/dashboard');
    expect(honest.target).toBe('http://localhost:4173/dashboard');
    expect(honest.landing).toBe('http://localhost:4173/confirmer-email');
  });
});
