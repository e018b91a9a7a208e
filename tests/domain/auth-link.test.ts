// What an e-mail link said when it sent the person to the app (src/domain/auth-link.ts).
import { describe, expect, it } from 'vitest';
import { authLinkNotice, readAuthLinkArrival } from '@/domain/auth-link';

const app = 'http://127.0.0.1:4173';

describe('readAuthLinkArrival', () => {
  it("reads the embedded backend's error fragment (a replaced or used link)", () => {
    expect(
      readAuthLinkArrival(
        `${app}/dashboard#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
      ),
    ).toEqual({ error: 'otp_expired' });
  });

  it("reads hosted GoTrue's error query (PKCE flow), and an error without a code", () => {
    expect(
      readAuthLinkArrival(`${app}/dashboard?error=access_denied&error_code=otp_expired`),
    ).toEqual({ error: 'otp_expired' });
    expect(readAuthLinkArrival(`${app}/dashboard#error=server_error`)).toEqual({
      error: 'server_error',
    });
  });

  it('reads the type of a link that signed in (a contested confirmation lands on the recovery screen)', () => {
    expect(
      readAuthLinkArrival(`${app}/nouveau-mot-de-passe#access_token=a&refresh_token=b&type=signup`),
    ).toEqual({ type: 'signup' });
    expect(readAuthLinkArrival(`${app}/nouveau-mot-de-passe#type=signup`)).toBeNull(); // no session
  });

  it('nothing for an ordinary address or a malformed one', () => {
    expect(readAuthLinkArrival(`${app}/dashboard`)).toBeNull();
    expect(readAuthLinkArrival(`${app}/plan?code=&x=1#section`)).toBeNull();
    expect(readAuthLinkArrival('not a url')).toBeNull();
  });
});

describe('authLinkNotice', () => {
  it('otp_expired is the expired/replaced notice, anything else the generic one', () => {
    expect(authLinkNotice('otp_expired')).toBe('expired');
    expect(authLinkNotice('access_denied')).toBe('failed');
    expect(authLinkNotice('<script>')).toBe('failed');
  });
});
