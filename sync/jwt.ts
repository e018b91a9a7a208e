// Reads the claims of a Supabase access token, without verifying it (the server does). Used to
// refuse to send anything but a live user session: never the anon key, never an expired token.

export type JwtClaims = { sub?: string; role?: string; exp?: number; [k: string]: unknown };

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function decodeJwt(token: string): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return typeof claims === 'object' && claims !== null ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}

export type TokenCheck =
  | { ok: true; userId: string }
  | { ok: false; reason: 'missing' | 'malformed' | 'not_user' | 'expired' };

/**
 * A token may be sent by the sync engine only when it is a user session ('authenticated' role,
 * with a subject) that is not expired (with a margin for clock skew and transit).
 */
export function checkUserToken(
  token: string | null | undefined,
  nowMs: number,
  marginMs = 10_000,
): TokenCheck {
  if (!token) return { ok: false, reason: 'missing' };
  const claims = decodeJwt(token);
  if (!claims) return { ok: false, reason: 'malformed' };
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || !claims.sub) {
    return { ok: false, reason: 'not_user' };
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs + marginMs)
    return { ok: false, reason: 'expired' };
  return { ok: true, userId: claims.sub };
}
