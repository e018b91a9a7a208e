// The remote over supabase-js: rpc('sync_push') and rpc('sync_pull') (migration *_sync.sql).
//
// Never pushes with the anon key: supabase-js falls back to the anon key as bearer when it has no
// session (for example after a refresh race in another tab), so every call sets the Authorization
// header itself, from a token the caller checked, and this module checks it again (role
// 'authenticated', a subject, not expired) before anything leaves the device.
import type { SupabaseClient } from '@supabase/supabase-js';
import { classifyHttp, parseRetryAfter, RemoteError } from './errors';
import { checkUserToken } from './jwt';
import type { RemoteContext, RemotePort } from './ports';
import type { Cursors, PullPage, PullResponse, PushAnswer, Row, SyncTable } from './types';

export type SupabaseRemoteOptions = {
  /** Builds the supabase-js client around the given fetch (the remote reads statuses through it). */
  createClient: (fetch: typeof globalThis.fetch) => SupabaseClient;
  /** The network (tests inject faults here). */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  now?: () => number;
};

type ResponseMeta = { status: number; retryAfter: string | null };

/** Shared by the sync and the survey remotes: one rpc call with a timeout and typed failures. */
export function createRpcCaller(opts: SupabaseRemoteOptions) {
  const base = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const meta = new WeakMap<AbortSignal, ResponseMeta>();
  const observing: typeof globalThis.fetch = async (input, init) => {
    const res = await base(input, init);
    if (init?.signal)
      meta.set(init.signal, { status: res.status, retryAfter: res.headers.get('retry-after') });
    return res;
  };
  const client = opts.createClient(observing);

  return async function call<T>(
    fn: string,
    args: Record<string, unknown>,
    accessToken: string | null,
  ): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('timeout', 'TimeoutError')),
      timeoutMs,
    );
    try {
      let builder = client.rpc(fn, args).abortSignal(controller.signal).retry(false);
      if (accessToken !== null)
        builder = builder.setHeader('Authorization', `Bearer ${accessToken}`);
      const { data, error, status } = await builder;
      if (error) {
        if (!status) {
          const text = `${error.message} ${error.details ?? ''}`;
          if (controller.signal.aborted || /TimeoutError|AbortError/.test(text)) {
            throw new RemoteError('timeout', error.message);
          }
          throw new RemoteError('offline', error.message);
        }
        const m = meta.get(controller.signal);
        throw classifyHttp(
          status,
          error.code || null,
          parseRetryAfter(m?.retryAfter, now()),
          error.message,
        );
      }
      return data as T;
    } finally {
      clearTimeout(timer);
    }
  };
}

function assertUserToken(ctx: RemoteContext, now: number): void {
  const check = checkUserToken(ctx.accessToken, now, 0);
  if (!check.ok) throw new RemoteError('unauthorized', `no user session (${check.reason})`);
}

function isAnswerList(data: unknown): data is PushAnswer[] {
  return (
    Array.isArray(data) &&
    data.every(
      (a) =>
        typeof a === 'object' &&
        a !== null &&
        typeof (a as { id?: unknown }).id === 'string' &&
        typeof (a as { status?: unknown }).status === 'string',
    )
  );
}

export function createSupabaseRemote(opts: SupabaseRemoteOptions): RemotePort {
  const call = createRpcCaller(opts);
  const now = opts.now ?? Date.now;
  return {
    async push(ctx, mutations) {
      assertUserToken(ctx, now());
      const data = await call<unknown>(
        'sync_push',
        { p_device_id: ctx.deviceId, p_mutations: mutations },
        ctx.accessToken,
      );
      if (!isAnswerList(data)) throw new RemoteError('server', 'malformed sync_push answer');
      return data;
    },
    async pull(ctx, cursors: Cursors, limit: number): Promise<PullResponse> {
      assertUserToken(ctx, now());
      const data = await call<{ pages?: unknown; more?: unknown } | null>(
        'sync_pull_many',
        { p_cursors: cursors, p_limit: limit },
        ctx.accessToken,
      );
      if (!data || typeof data.pages !== 'object' || data.pages === null)
        throw new RemoteError('server', 'malformed sync_pull_many answer');
      const pages: PullResponse['pages'] = {};
      for (const [table, page] of Object.entries(
        data.pages as Record<string, { rows?: unknown; more?: unknown }>,
      )) {
        if (!(table in cursors)) continue;
        if (!Array.isArray(page?.rows))
          throw new RemoteError('server', 'malformed sync_pull_many page');
        const out: PullPage = { rows: page.rows as Row[] };
        if (typeof page.more === 'boolean') out.more = page.more;
        pages[table as SyncTable] = out;
      }
      return typeof data.more === 'boolean' ? { pages, more: data.more } : { pages };
    },
  };
}
