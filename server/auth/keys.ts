// API keys and JWTs. Lite 0.10 only knows opaque sb_publishable_/sb_secret_ keys; the app and the
// Supabase ecosystem use the legacy JWT keys (anon / service_role JWTs signed with the project's JWT
// secret). `apiKeyResolver` maps them to lite's key types, so supabase-js works with the well-known
// local keys exactly as against `supabase start` or a hosted project.
import { jwtVerify, type JWTPayload } from './jwt-memo';
import type { ApiKeyResolver } from '@supabase/lite';

export type KeyConfig = { jwtSecret: string; anonKey: string; serviceKey: string };

export function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function verifyJwt(token: string, jwtSecret: string): Promise<JWTPayload | null> {
  try {
    // A token without `exp` never expires: refused, as by hosted Supabase's verifiers.
    const { payload } = await jwtVerify(token, secretBytes(jwtSecret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    return payload;
  } catch {
    return null;
  }
}

export async function keyRole(
  key: string,
  cfg: KeyConfig,
): Promise<'anon' | 'service_role' | null> {
  if (key === cfg.anonKey) return 'anon';
  if (key === cfg.serviceKey) return 'service_role';
  const payload = await verifyJwt(key, cfg.jwtSecret);
  if (payload?.role === 'anon' || payload?.role === 'service_role') return payload.role;
  return null;
}

export function apiKeyResolver(cfg: KeyConfig): ApiKeyResolver {
  return async (key) => {
    const role = await keyRole(key, cfg);
    if (role === 'anon')
      return { type: 'publishable', claims: { role: 'anon', iss: 'supabase-demo' } };
    if (role === 'service_role')
      return { type: 'secret', claims: { role: 'service_role', iss: 'supabase-demo' } };
    return null;
  };
}

/** The apikey of a request: header `apikey`, else query `?apikey=` (as Supabase's gateway). */
export function requestApiKey(req: Request): string | null {
  const h = req.headers.get('apikey');
  if (h) return h.trim();
  const q = new URL(req.url).searchParams.get('apikey');
  return q ? q.trim() : null;
}

export function bearerToken(req: Request): string | null {
  const h = req.headers.get('authorization');
  const m = h ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
  return m ? m[1]!.trim() : null;
}

/** A signed-in user's access token (role authenticated with a subject), verified. */
export async function verifyUserToken(
  req: Request,
  jwtSecret: string,
): Promise<{ userId: string; claims: JWTPayload } | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const claims = await verifyJwt(token, jwtSecret);
  if (!claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string' || !claims.sub)
    return null;
  return { userId: claims.sub, claims };
}

/** True when the request carries the service key (apikey or bearer), as GoTrue's admin API requires. */
export async function isServiceRequest(req: Request, cfg: KeyConfig): Promise<boolean> {
  const bearer = bearerToken(req);
  if (bearer) return (await keyRole(bearer, cfg)) === 'service_role';
  const key = requestApiKey(req);
  return key !== null && (await keyRole(key, cfg)) === 'service_role';
}
