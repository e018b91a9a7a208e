// npm run keys — a JWT secret, the anon and service_role keys signed with it (10 years, as the
// Supabase CLI's), and a mailbox token: what the embedded backend needs before it may listen on
// another address than 127.0.0.1 (docs/security.md). Paste the lines into .env; keep them secret.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

const secret = randomBytes(36).toString('base64url');
const key = (role: 'anon' | 'service_role') =>
  new SignJWT({ role, iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('3650d')
    .sign(new TextEncoder().encode(secret));

console.log(
  [
    `SUPABASE_JWT_SECRET=${secret}`,
    `SUPABASE_ANON_KEY=${await key('anon')}`,
    `SUPABASE_SERVICE_ROLE_KEY=${await key('service_role')}`,
    `MAILBOX_TOKEN=${randomBytes(24).toString('base64url')}`,
    '# and for the app (npm run build): VITE_SUPABASE_ANON_KEY = SUPABASE_ANON_KEY',
  ].join('\n'),
);
