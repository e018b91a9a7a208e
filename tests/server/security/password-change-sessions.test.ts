// Issue 28 items 2 and 4: a password change by the owner left a stranger's refresh token working,
// and a password reset left the stranger's password valid until the owner typed a new one. Now, as
// hosted GoTrue does (UpdatePassword → LogoutAllExceptMe), a new password ends every other session
// and refresh token of the account; a reset link does too, and retires the old password at once.
import { beforeEach, describe, expect, it } from 'vitest';
import { createConfirmedUser, type TestBackend } from '../../../server/testing/backend';
import {
  authHeaders,
  authPost,
  clickLink,
  ownBackend,
  passwordGrant,
  setPassword,
  verifyLink,
  waitForMails,
} from './support';

const backend = ownBackend({ emailIntervalMs: 400 });
let b: TestBackend;
beforeEach(() => {
  b = backend();
});

const refresh = (token: string) =>
  authPost(b, 'token?grant_type=refresh_token', { refresh_token: token });
const getUser = (accessToken: string) =>
  fetch(`${b.url}/auth/v1/user`, { headers: authHeaders(b, accessToken) });

/** A second, independent session of the same account (the stranger's device). */
async function otherSession(email: string, password: string) {
  const res = await passwordGrant(b, email, password);
  expect(res.status).toBe(200);
  return { access: String(res.body.access_token), refresh: String(res.body.refresh_token) };
}

async function isDead(session: { access: string; refresh: string }) {
  const refreshed = await refresh(session.refresh);
  expect(refreshed.status).toBeGreaterThanOrEqual(400);
  expect(refreshed.body.access_token).toBeUndefined();
  expect((await getUser(session.access)).status).toBe(403);
}

describe('a new password ends every other session', () => {
  it('the owner changes the password: the stranger’s refresh and access tokens stop at once; the owner’s session goes on', async () => {
    const user = await createConfirmedUser(b);
    const stranger = await otherSession(user.email, user.password);
    const owner = await otherSession(user.email, user.password);
    expect(await setPassword(b, owner.access, 'Nouveau-secret-du-proprio-4')).toBe(200);

    await isDead(stranger);
    expect((await getUser(owner.access)).status).toBe(200);
    expect((await refresh(owner.refresh)).status).toBe(200);
    expect((await passwordGrant(b, user.email, user.password)).status).toBe(400);
    expect((await passwordGrant(b, user.email, 'Nouveau-secret-du-proprio-4')).status).toBe(200);
  });

  it('a metadata-only update ends nothing', async () => {
    const user = await createConfirmedUser(b);
    const other = await otherSession(user.email, user.password);
    const res = await fetch(`${b.url}/auth/v1/user`, {
      method: 'PUT',
      headers: authHeaders(b, user.accessToken),
      body: JSON.stringify({ data: { contact_name: 'Autre nom' } }),
    });
    expect(res.status).toBe(200);
    expect((await getUser(other.access)).status).toBe(200);
  });
});

describe('a password reset link ends the old password and every other session', () => {
  it('the stranger’s password and sessions die when the owner opens the reset link, before any new password', async () => {
    const user = await createConfirmedUser(b);
    const stranger = await otherSession(user.email, user.password);
    expect((await authPost(b, 'recover', { email: user.email })).status).toBe(200);
    const [mail] = await waitForMails(b, user.email, 1);
    const click = await clickLink(verifyLink(mail!));
    expect(new URL(click.location).pathname).toBe('/nouveau-mot-de-passe');
    const recovery = click.accessToken!;

    await isDead(stranger);
    expect((await passwordGrant(b, user.email, user.password)).status).toBe(400);
    // The recovery session chooses the new password, and stays signed in.
    expect(await setPassword(b, recovery, 'Mot-de-passe-apres-reset-5')).toBe(200);
    expect((await getUser(recovery)).status).toBe(200);
    expect((await passwordGrant(b, user.email, 'Mot-de-passe-apres-reset-5')).status).toBe(200);
  });

  it('the same by the reset e-mail’s code', async () => {
    const user = await createConfirmedUser(b);
    const stranger = await otherSession(user.email, user.password);
    await authPost(b, 'recover', { email: user.email });
    const [mail] = await waitForMails(b, user.email, 1);
    const code = /code\s*:\s*(\d{6})/i.exec(mail!.text)![1]!;
    const verified = await authPost(b, 'verify', {
      type: 'recovery',
      email: user.email,
      token: code,
    });
    expect(verified.status).toBe(200);
    await isDead(stranger);
    expect((await passwordGrant(b, user.email, user.password)).status).toBe(400);
    expect((await getUser(String(verified.body.access_token))).status).toBe(200);
  });
});
