// Passwords nobody should use (issue 14 item 3): the commonest passwords of at least 8 characters,
// from a list shipped with the code (src/domain/common-passwords-list.ts; no network). The same
// rule runs in the forms (sign-up, settings, new password) and on the server (sign-up, password
// change), which answers GoTrue's `422 weak_password` with reason `pwned` (its leaked-password code).
import { COMMON_PASSWORDS } from './common-passwords-list';

let common: Set<string> | null = null;

/** True for a password of the list, whatever its letter case or surrounding spaces. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  return common.has(password.trim().toLowerCase());
}
