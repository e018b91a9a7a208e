// The e-mail link this page was opened with, read when the app starts (startAuthSession, before
// supabase-js and the route guards remove the fragment): the login screen says in French why a link did not sign
// in, and the new-password screen tells a person who came from a confirmation link why it asks for
// a password (a contested registration: server/auth/registration.ts).
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

/** True when a confirmation link (type signup) signed this page in. */
export function arrivedByConfirmationLink(): boolean {
  return arrival !== null && 'type' in arrival && arrival.type === 'signup';
}
