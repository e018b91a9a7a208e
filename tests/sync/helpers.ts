// Helpers of the fault suite: devices (Dexie on fake-indexeddb) syncing with the REAL embedded
// backend (shared by the run, tests/setup/backend-global.ts) through supabase-js, with a
// programmable fault injector on the network (the server is real, only the network is faulted).
import { createHmac } from 'node:crypto';
import { afterEach, inject } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  createConfirmedUser,
  serviceClient,
  type ConfirmedUser,
} from '../../server/testing/backend';
import { FaultInjector, faultyFetch } from '../../sync/testing/faults';
import {
  createSupabaseRemote,
  manualEnv,
  type LeaderPort,
  type PokePort,
  type SyncEngineOptions,
  type SyncTable,
} from '../../sync';
import { newDevice, newEngine, until, type Device } from '../db/helpers';

export const backend = inject('backend');

export function supabaseFor(fetchImpl: typeof fetch): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchImpl },
    realtime: { transport: WebSocket as unknown as never },
  });
}

export type TestUser = ConfirmedUser & { token: string };

export async function newUser(): Promise<TestUser> {
  const u = await createConfirmedUser(backend);
  return { ...u, token: u.accessToken };
}

export type SyncedDevice = Device & {
  faults: FaultInjector;
  engine: ReturnType<typeof newEngine>['engine'];
  env: ReturnType<typeof newEngine>['env'];
  /** Requests that reached the network layer (after the fault decision). */
  requests: () => number;
  /** Bearer tokens of every request sent to the network. */
  bearers: string[];
  /** HTTP statuses the real server answered. */
  statuses: number[];
};

/** A device of `user` syncing with the real backend; `token` is read on every cycle. */
export function syncedDevice(
  user: TestUser,
  opts: {
    device?: Device;
    token?: () => string | null;
    refresh?: () => Promise<string | null>;
    onUnauthorized?: () => void;
    leader?: LeaderPort;
    poke?: PokePort;
    options?: Partial<SyncEngineOptions>;
    timeoutMs?: number;
    online?: boolean;
  } = {},
): SyncedDevice {
  const device = opts.device ?? newDevice();
  const faults = new FaultInjector();
  let count = 0;
  const bearers: string[] = [];
  const statuses: number[] = [];
  const net: typeof fetch = async (input, init) => {
    count++;
    const auth = new Headers(init?.headers).get('authorization');
    if (auth) bearers.push(auth.replace(/^Bearer /, ''));
    const res = await fetch(input, init);
    statuses.push(res.status);
    return res;
  };
  const remote = createSupabaseRemote({
    createClient: (f) => supabaseFor(f),
    fetch: faultyFetch(net, faults),
    timeoutMs: opts.timeoutMs ?? 20_000,
  });
  const { engine, env } = newEngine(device, user.id, remote, {
    token: opts.token ?? (() => user.token),
    refresh:
      opts.refresh ??
      (async () => {
        const { data } = await user.client.auth.refreshSession();
        if (data.session) user.token = data.session.access_token;
        return data.session?.access_token ?? null;
      }),
    onUnauthorized: opts.onUnauthorized,
    leader: opts.leader,
    poke: opts.poke,
    env: manualEnv({ online: opts.online ?? true }),
    options: opts.options,
  });
  return { ...device, faults, engine, env, requests: () => count, bearers, statuses };
}

/**
 * The `dev(user, opts)` of a test file: a synced device that is stopped and closed after each test
 * (call once, at the top level of the file).
 */
export function devicesOfEachTest() {
  const running: SyncedDevice[] = [];
  afterEach(async () => {
    for (const d of running.splice(0)) {
      await d.engine.stop();
      d.db.close();
    }
  });
  return (user: TestUser, opts: Parameters<typeof syncedDevice>[1] = {}): SyncedDevice => {
    const d = syncedDevice(user, opts);
    running.push(d);
    return d;
  };
}

/** Syncs until the outbox is empty and a full cycle succeeded. */
export async function settle(d: SyncedDevice): Promise<void> {
  d.engine.start();
  await until(async () => {
    await d.engine.syncNow();
    return (await d.db.outbox.count()) === 0 && d.engine.status.phase === 'idle';
  }, 'settled');
}

/** The server's rows of a user (service role: the truth, RLS bypassed). */
export async function serverRows(
  table: SyncTable,
  ownerColumn: string,
  ownerId: string,
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  // The API caps responses at 1,000 rows, like hosted Supabase: page by id.
  for (let from = 0; ; from += 1000) {
    const { data, error } = await serviceClient(backend)
      .from(table)
      .select('*')
      .eq(ownerColumn, ownerId)
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(error.message);
    out.push(...(data as Array<Record<string, unknown>>));
    if (!data || data.length === 0) return out;
  }
}

/** Business view of rows for comparing a device with the server. */
export function project(rows: Array<Record<string, unknown>>, cols: readonly string[]) {
  return rows
    .map((r) => Object.fromEntries(cols.map((k) => [k, k === 'deleted_at' ? Boolean(r[k]) : r[k]])))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

export const TR_COLS = [
  'id',
  'topic',
  'cost',
  'duration',
  'status',
  'pedagogical_objectives',
  'deleted_at',
] as const;

/** An HS256 JWT signed with the backend's secret (to forge expired or foreign tokens). */
export function signJwt(payload: Record<string, unknown>, secret = backend.jwtSecret): string {
  const b64 = (o: object | Buffer) =>
    (Buffer.isBuffer(o) ? o : Buffer.from(JSON.stringify(o))).toString('base64url');
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64(payload);
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${b64(sig)}`;
}
