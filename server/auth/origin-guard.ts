// Which web pages may talk to a local install (issue 28 item 1). Every API answer said
// `Access-Control-Allow-Origin: *`, and nothing looked at the Host: a page on any origin read and
// wrote every local user's data with the (public) demo service key, and a DNS-rebinding page read
// /_mailbox and called the admin API. In front of every route now (HTTP and websockets):
//  - Host allow-list: loopback names, IP addresses and the configured hosts (config.allowedHosts).
//    A rebinding page reaches the server under the attacker's own name: 403 `host_not_allowed`. An
//    IP address cannot be rebound (the browser's origin is that address), so any is accepted, as
//    Vite's dev server does;
//  - Origin: a browser request from another origin than the app's (config.corsOrigins) or the API's
//    own (the mailbox and local pages) is refused, 403 `origin_not_allowed`, preflight included;
//  - the service role never from a browser: a request that carries an Origin and the service key
//    (or any service_role token) as apikey or bearer is refused, 403 `service_role_from_browser`;
//  - CORS answers name the calling origin (never `*`), with Vary: Origin; preflights are answered
//    here, with `Access-Control-Allow-Private-Network: true` when Chromium asks for it (Private
//    Network Access), for the allowed origins only.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { ALLOWED_HEADERS, API_EXPOSED_HEADERS } from '../http/common';
import { bearerToken, keyRole, requestApiKey, type KeyConfig } from './keys';

export type OriginPolicy = {
  origins: ReadonlySet<string>;
  hosts: ReadonlySet<string>;
};

export function originPolicy(config: {
  corsOrigins: string[];
  allowedHosts: string[];
}): OriginPolicy {
  return {
    origins: new Set(config.corsOrigins),
    hosts: new Set(config.allowedHosts.map((h) => h.toLowerCase())),
  };
}

/** The host name of a Host header, lower case, brackets kept for IPv6 (`[::1]`). */
export function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '');
}

export function hostAllowed(hostHeader: string | undefined, policy: OriginPolicy): boolean {
  if (hostHeader === undefined || hostHeader === '') return true; // HTTP/1.0: no name to rebind
  const name = hostName(hostHeader);
  if (policy.hosts.has(name)) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isIP(name.replace(/^\[(.*)\]$/, '$1')) !== 0;
}

/** The origin a request from this host would have (same-origin pages of the API itself). */
const ownOrigin = (url: string) => new URL(url).origin;

export function originAllowed(origin: string, requestUrl: string, policy: OriginPolicy): boolean {
  return policy.origins.has(origin) || origin === ownOrigin(requestUrl);
}

async function carriesServiceRole(req: Request, keys: KeyConfig): Promise<boolean> {
  for (const key of [requestApiKey(req), bearerToken(req)])
    if (key && (await keyRole(key, keys)) === 'service_role') return true;
  return false;
}

const refusal = (c: Context, code: string, message: string) => {
  c.header('x-sb-error-code', code);
  return c.json({ code, error_code: code, message }, 403);
};

const MESSAGES = {
  host: "Nom d'hôte non autorisé pour ce serveur local (ALLOWED_HOSTS).",
  origin: "Cette page web n'est pas autorisée à appeler ce serveur local (CORS_ORIGINS).",
  service: "La clé service_role n'est jamais acceptée depuis un navigateur.",
};

/** The answer's headers, copied first when they cannot be changed (a fetch Response's). */
function mutable(c: Context): Headers {
  try {
    c.res.headers.set('x-bf-probe', '1');
    c.res.headers.delete('x-bf-probe');
    return c.res.headers;
  } catch {
    const res = new Response(c.res.body, c.res);
    c.res = undefined as unknown as Response; // else Hono copies the old headers back
    c.res = res;
    return res.headers;
  }
}

function preflight(c: Context, origin: string): Response {
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
    'access-control-allow-headers':
      c.req.header('access-control-request-headers') || ALLOWED_HEADERS.join(', '),
    'access-control-max-age': '600',
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Private-Network',
  };
  if (c.req.header('access-control-request-private-network') === 'true')
    headers['access-control-allow-private-network'] = 'true';
  return c.body(null, 204, headers);
}

/** The guard, first of every API route. */
export function originGuard(policy: OriginPolicy, keys: KeyConfig): MiddlewareHandler {
  return async (c, next) => {
    if (!hostAllowed(c.req.header('host'), policy))
      return refusal(c, 'host_not_allowed', MESSAGES.host);
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (!originAllowed(origin, c.req.url, policy))
        return refusal(c, 'origin_not_allowed', MESSAGES.origin);
      if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method'))
        return preflight(c, origin);
      if (await carriesServiceRole(c.req.raw, keys))
        return refusal(c, 'service_role_from_browser', MESSAGES.service);
    }
    await next();
    if (origin === undefined) {
      if (c.res.headers.has('access-control-allow-origin'))
        mutable(c).delete('access-control-allow-origin');
      return;
    }
    const headers = mutable(c);
    headers.set('access-control-allow-origin', origin);
    const exposed = (headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    for (const h of API_EXPOSED_HEADERS.split(', '))
      if (!exposed.some((e) => e.toLowerCase() === h.toLowerCase())) exposed.push(h);
    headers.set('access-control-expose-headers', exposed.join(', '));
    headers.append('vary', 'Origin');
  };
}

/** The same checks for a websocket upgrade (Realtime): null when it may go on. */
export async function upgradeRefusal(
  req: IncomingMessage,
  policy: OriginPolicy,
  keys: KeyConfig,
): Promise<string | null> {
  const host = typeof req.headers.host === 'string' ? req.headers.host : undefined;
  if (!hostAllowed(host, policy)) return 'host_not_allowed';
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  const url = `http://${host ?? 'localhost'}${req.url ?? '/'}`;
  if (!originAllowed(origin, url, policy)) return 'origin_not_allowed';
  const apiKey = new URL(url).searchParams.get('apikey') ?? String(req.headers.apikey ?? '');
  if (apiKey && (await keyRole(apiKey, keys)) === 'service_role')
    return 'service_role_from_browser';
  return null;
}

/** The Host allow-list in front of another handler (the built app of `npm start`). */
export function hostChecked(
  handler: (req: Request, peer: string | null) => Promise<Response> | Response,
  policy: OriginPolicy,
): (req: Request, peer: string | null) => Promise<Response> | Response {
  return (req, peer) =>
    hostAllowed(req.headers.get('host') ?? undefined, policy)
      ? handler(req, peer)
      : new Response(MESSAGES.host, {
          status: 403,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
}
