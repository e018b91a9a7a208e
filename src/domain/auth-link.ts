// What an e-mail link said when GoTrue's /verify sent the person to the app. The embedded backend
// (implicit flow) puts it in the fragment: #access_token=...&type=signup|recovery|..., or
// #error=access_denied&error_code=otp_expired&error_description=...; hosted GoTrue with PKCE puts
// an error in the query string. The app maps the code to French; it never shows the description.

export type AuthLinkArrival = { error: string } | { type: string } | null;

export function readAuthLinkArrival(href: string): AuthLinkArrival {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  for (const params of [hash, url.searchParams]) {
    const error = params.get('error_code') ?? params.get('error');
    if (error) return { error };
  }
  const type = hash.get('type');
  return hash.has('access_token') && type ? { type } : null;
}

/** The French notice of a link that did not sign in: expired/replaced/used, or another failure. */
export type AuthLinkNotice = 'expired' | 'failed';

export function authLinkNotice(error: string): AuthLinkNotice {
  return error === 'otp_expired' ? 'expired' : 'failed';
}
