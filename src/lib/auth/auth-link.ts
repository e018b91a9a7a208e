// The e-mail link this page was opened with, read when the app starts (startAuthSession, before
// supabase-js and the route guards remove the fragment): the login screen says in French why a
// link did not sign in.
import {
  authLinkNotice,
  readAuthLinkArrival,
  type AuthLinkArrival,
  type AuthLinkNotice,
} from '@/domain/auth-link';

let arrival: AuthLinkArrival = null;

export function rememberAuthLink(href: string): void {
  arrival = readAuthLinkArrival(href);
}

/** The notice of the link that failed to sign in, until clearAuthLinkError (once shown). */
export function authLinkError(): AuthLinkNotice | null {
  return arrival && 'error' in arrival ? authLinkNotice(arrival.error) : null;
}

export function clearAuthLinkError(): void {
  if (arrival && 'error' in arrival) arrival = null;
}
