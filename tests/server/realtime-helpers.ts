// Helpers of the Realtime tests: supabase-js's own realtime client (channel(), as the app) against
// the shared embedded backend, and a few raw-websocket helpers for the abuse cases.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { backend } from './helpers';

export type Joined = {
  channel: RealtimeChannel;
  /** Every 'poke' broadcast received, in order. */
  pokes: Array<{ tables: string[]; device: string | null; id?: string }>;
  /** Every system message received. */
  system: Array<Record<string, unknown>>;
  /** Subscribe statuses, in order, with the error message of failures. */
  statuses: Array<{ status: string; error?: string }>;
};

export type JoinResult = Joined & { first: { status: string; error?: string } };

/** Joins `sync:<topicUser>` privately; resolves at the first SUBSCRIBED or failure. */
export function joinSync(
  client: SupabaseClient,
  topicUser: string,
  config: { private?: boolean; broadcast?: { self?: boolean; ack?: boolean } } = {},
): Promise<JoinResult> {
  const joined: Joined = {
    channel: null as unknown as RealtimeChannel,
    pokes: [],
    system: [],
    statuses: [],
  };
  return new Promise((resolve) => {
    let settled = false;
    joined.channel = client
      .channel(`sync:${topicUser}`, { config: { private: true, ...config } })
      .on('broadcast', { event: 'poke' }, ({ payload }) =>
        joined.pokes.push(payload as Joined['pokes'][number]),
      )
      .on('system', {}, (payload: Record<string, unknown>) => joined.system.push(payload))
      .subscribe((status, err) => {
        const entry = { status, ...(err ? { error: err.message } : {}) };
        joined.statuses.push(entry);
        if (!settled) {
          settled = true;
          resolve({ ...joined, first: entry });
        }
      });
  });
}

/** Polls until predicate holds (the realtime client has no awaitable events). */
export async function until(predicate: () => boolean, timeoutMs = 10_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function leaveAll(...clients: SupabaseClient[]): Promise<void> {
  for (const c of clients) {
    await c.removeAllChannels();
    await c.realtime.disconnect();
  }
}

/** A JWT for `sub` signed with the backend's secret (expired or short-lived tokens). */
export async function userToken(
  sub: string,
  expSeconds: number,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'authenticated', aud: 'authenticated', ...extra })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + expSeconds)
    .sign(new TextEncoder().encode(backend.jwtSecret));
}

export const wsUrl = (query: string) =>
  `${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`;

/** Opens a raw websocket; resolves once open, or with the HTTP status of a refused upgrade. */
export function rawSocket(url: string): Promise<{ ws: WebSocket | null; status: number | null }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve({ ws, status: null }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ ws: null, status: res.statusCode ?? null });
      res.resume();
    });
    ws.once('error', () => resolve({ ws: null, status: null }));
  });
}

/** The next text frame of a raw socket, parsed (vsn 2.0.0 arrays). */
export function nextFrame(ws: WebSocket, timeoutMs = 5_000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no frame')), timeoutMs);
    ws.once('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(data)) as unknown[]);
    });
  });
}

/** Resolves with the close code of a raw socket. */
export function closed(ws: WebSocket, timeoutMs = 5_000): Promise<number> {
  return new Promise((resolve, reject) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve(1006);
    const timer = setTimeout(() => reject(new Error('not closed')), timeoutMs);
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
