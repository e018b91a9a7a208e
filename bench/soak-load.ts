// The request kinds of bench:soak (bench/soak.ts): one step of each, timed, with what counts as an
// error. Sign-ins, pushes, pulls and budget lookups reuse bench:load's simulated user; Realtime
// joins speak the Phoenix protocol over a websocket (vsn 1.0.0), as realtime-js does; public
// survey answers go through the anonymous RPC; malformed and oversized bodies must be refused with
// a 4xx (a 5xx, a dropped connection or an accepted one is an error).
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { rpcInit } from './lib/rpc-init';
import type { SimUser, LoadTarget } from './load-user';

export type Kind =
  | 'signIn'
  | 'push'
  | 'pull'
  | 'lookup'
  | 'realtimeJoin'
  | 'surveyAnswer'
  | 'malformed'
  | 'oversized';

export const KINDS: Kind[] = [
  'signIn',
  'push',
  'pull',
  'lookup',
  'realtimeJoin',
  'surveyAnswer',
  'malformed',
  'oversized',
];

export type SoakSample = { kind: Kind; at: number; ms: number; error?: string };

const TIMEOUT_MS = 30_000;

/** One HTTP request; `ok(status)` decides whether its answer is the expected one. */
async function timed(
  kind: Kind,
  url: string,
  init: RequestInit,
  ok: (status: number) => boolean,
): Promise<SoakSample> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    const ms = performance.now() - t0;
    return ok(res.status)
      ? { kind, at: t0, ms }
      : { kind, at: t0, ms, error: `HTTP ${res.status} ${text.slice(0, 160)}` };
  } catch (e) {
    return { kind, at: t0, ms: performance.now() - t0, error: String(e) };
  }
}

const MALFORMED: { path: string; body: string }[] = [
  { path: '/auth/v1/token?grant_type=password', body: '{"email":' },
  { path: '/auth/v1/token?grant_type=password', body: 'pas du json' },
  { path: '/auth/v1/signup', body: `{"email":"x@y.z","password":"${'p'.repeat(200)}` },
  { path: '/auth/v1/token?grant_type=refresh_token', body: '[1,2,' },
  { path: '/auth/v1/recover', body: '{"email":[' },
  { path: '/rest/v1/rpc/sync_push', body: '{"p_device_id":' },
  { path: '/rest/v1/rpc/submit_survey_response', body: '{"p_response": "texte"' },
  { path: '/auth/v1/token?grant_type=password', body: `${'['.repeat(5000)}` },
];

/** Just over the 1 MiB body limit, and just under it with an unusable content. */
const OVERSIZED: { path: string; body: string }[] = [
  { path: '/auth/v1/token?grant_type=password', body: 'x'.repeat(1024 * 1024 + 10) },
  { path: '/auth/v1/signup', body: `{"email":"${'a'.repeat(1000 * 1000)}@b.c","password":"x"}` },
  { path: '/rest/v1/rpc/sync_push', body: `{"p_mutations":"${'m'.repeat(1024 * 1024)}"}` },
];

export async function malformed(target: LoadTarget, i: number, token: string) {
  const m = MALFORMED[i % MALFORMED.length]!;
  const headers: Record<string, string> = {
    apikey: target.anonKey,
    'content-type': 'application/json',
  };
  if (m.path.startsWith('/rest/')) headers.authorization = `Bearer ${token || target.anonKey}`;
  return timed(
    'malformed',
    `${target.url}${m.path}`,
    { method: 'POST', headers, body: m.body },
    (s) => s >= 400 && s < 500 && s !== 429,
  );
}

export async function oversized(target: LoadTarget, i: number) {
  const m = OVERSIZED[i % OVERSIZED.length]!;
  return timed(
    'oversized',
    `${target.url}${m.path}`,
    {
      method: 'POST',
      headers: { apikey: target.anonKey, 'content-type': 'application/json' },
      body: m.body,
    },
    (s) => s >= 400 && s < 500 && s !== 429,
  );
}

export async function surveyAnswer(target: LoadTarget, surveyId: string) {
  const answer = {
    id: randomUUID(),
    survey_id: surveyId,
    department: 'commercial',
    first_name: 'Camille',
    last_name: 'Durand',
    responses: { skills: ['Négociation et closing'], priorities: 'Prospection', additional: '' },
    tools_satisfaction: 'partially',
    improvement_suggestion: 'Un CRM plus simple',
  };
  return timed(
    'surveyAnswer',
    `${target.url}/rest/v1/rpc/submit_survey_response`,
    rpcInit(target.anonKey, target.anonKey, { p_response: answer }),
    (s) => s === 200,
  );
}

/** Opens a websocket, joins the user's private sync channel, waits for the reply, closes. */
export function realtimeJoin(target: LoadTarget, user: SimUser): Promise<SoakSample> {
  const t0 = performance.now();
  const base = target.url.replace(/^http/, 'ws');
  return new Promise((resolve) => {
    const ws = new WebSocket(
      `${base}/realtime/v1/websocket?apikey=${encodeURIComponent(target.anonKey)}&vsn=1.0.0`,
    );
    const done = (error?: string) => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => undefined);
      ws.terminate();
      resolve({ kind: 'realtimeJoin', at: t0, ms: performance.now() - t0, error });
    };
    const timer = setTimeout(() => done('no join reply in 30 s'), TIMEOUT_MS);
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          topic: `realtime:sync:${user.id}`,
          event: 'phx_join',
          payload: {
            config: { private: true, broadcast: { self: false, ack: false } },
            access_token: user.token,
          },
          ref: '1',
          join_ref: '1',
        }),
      ),
    );
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as {
        event?: string;
        payload?: { status?: string };
      };
      if (frame.event !== 'phx_reply') return;
      done(frame.payload?.status === 'ok' ? undefined : `join: ${JSON.stringify(frame.payload)}`);
    });
    ws.on('error', (e) => done(`websocket: ${e.message}`));
  });
}
