// The embedded backend outside loopback (issue 14 item 10). Its defaults are for one person on one
// machine: the Supabase CLI's PUBLIC demo JWT secret (anyone can mint a service_role token with it)
// and an open mailbox (/_mailbox shows every confirmation and recovery link). Listening on another
// address with either in force would hand the accounts to the network, so start-up is refused with a
// French message saying what to set. Independently of the address, the configured API keys must be
// JWTs signed with the configured secret, of the right role, with an expiry (tokens without `exp` are
// refused everywhere: keys.ts, lite's bearer tokens in backend.ts, the functions router).
import { isIP } from 'node:net';
import { decodeJwt, jwtVerify } from 'jose';
import {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
  type BackendConfig,
} from './config';
import { secretBytes } from '../auth/keys';

export class UnsafeExposureError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'UnsafeExposureError';
  }
}

/** 127.0.0.0/8, ::1 and `localhost`: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
  return false;
}

async function keyProblem(
  name: string,
  key: string,
  role: 'anon' | 'service_role',
  secret: string,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(key, secretBytes(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    if (payload.role !== role) return `${name} doit porter le rôle « ${role} ».`;
    return null;
  } catch {
    return `${name} doit être un JWT signé avec SUPABASE_JWT_SECRET, avec une date d'expiration (exp).`;
  }
}

/** What makes this configuration unsafe to start; empty when it may start. */
export async function exposureProblems(config: BackendConfig): Promise<string[]> {
  const problems: string[] = [];
  for (const p of [
    await keyProblem('SUPABASE_ANON_KEY', config.anonKey, 'anon', config.jwtSecret),
    await keyProblem(
      'SUPABASE_SERVICE_ROLE_KEY',
      config.serviceKey,
      'service_role',
      config.jwtSecret,
    ),
  ])
    if (p) problems.push(p);
  if (isLoopbackHost(config.host)) return problems;

  const exposed: string[] = [];
  if (config.jwtSecret === LOCAL_JWT_SECRET || config.jwtSecret.length < 32)
    exposed.push(
      "SUPABASE_JWT_SECRET : un secret d'au moins 32 caractères, gardé secret (le secret par défaut est public : n'importe qui pourrait fabriquer une clé service_role).",
    );
  if (config.anonKey === LOCAL_ANON_KEY || config.serviceKey === LOCAL_SERVICE_ROLE_KEY)
    exposed.push(
      'SUPABASE_ANON_KEY et SUPABASE_SERVICE_ROLE_KEY : des clés signées avec ce secret (npm run keys les génère).',
    );
  if (config.mailbox === 'open')
    exposed.push(
      "MAILBOX_TOKEN=<jeton> (la boîte aux lettres /_mailbox exige alors ce jeton) ou MAILBOX=off : sinon tous les liens de confirmation et de réinitialisation sont lisibles par n'importe qui.",
    );
  if (exposed.length)
    problems.push(
      `Le backend local refuse d'écouter sur ${config.host} (une adresse joignable depuis le réseau) avec les réglages de démonstration. Définissez :`,
      ...exposed.map((line) => `  - ${line}`),
      'Ou gardez HOST=127.0.0.1 (par défaut) pour un usage sur cette seule machine.',
    );
  return problems;
}

export async function assertSafeExposure(config: BackendConfig): Promise<void> {
  const problems = await exposureProblems(config);
  if (problems.length) throw new UnsafeExposureError(problems);
}

/** True for a JWT (three segments, JSON payload) that carries no numeric `exp`. */
export function isJwtWithoutExpiry(token: string): boolean {
  if (token.split('.').length !== 3) return false;
  try {
    const payload = decodeJwt(token);
    return typeof payload.exp !== 'number';
  } catch {
    return false; // not decodable: the verifier refuses it anyway
  }
}
