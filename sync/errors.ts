// Typed failures of the remote, and how the engine treats them. HTTP statuses are classified once,
// here, so that the engine never looks at a status code.

export type RemoteErrorKind =
  /** No network (fetch failed before any answer). */
  | 'offline'
  /** No answer in time: the server may or may not have committed. */
  | 'timeout'
  /** 5xx, or a transient database error (serialization failure, statement timeout). */
  | 'server'
  /** 408 / 429: transient, honour Retry-After. */
  | 'rate_limited'
  /** 401, or no valid user session to send: refresh the session, never fall back to the anon key. */
  | 'unauthorized'
  /** 403 on the whole request. */
  | 'forbidden'
  /** 413: split the batch. */
  | 'too_large'
  /** Any other 4xx on the whole request (a malformed mutation): split to isolate it. */
  | 'bad_request'
  /** The sync functions are missing on the server (migration not deployed). */
  | 'not_deployed';

export class RemoteError extends Error {
  readonly kind: RemoteErrorKind;
  readonly status: number;
  readonly retryAfterMs: number | null;
  readonly code: string | null;
  constructor(
    kind: RemoteErrorKind,
    message: string,
    opts: { status?: number; retryAfterMs?: number | null; code?: string | null } = {},
  ) {
    super(message);
    this.name = 'RemoteError';
    this.kind = kind;
    this.status = opts.status ?? 0;
    this.retryAfterMs = opts.retryAfterMs ?? null;
    this.code = opts.code ?? null;
  }
}

export function isRemoteError(e: unknown): e is RemoteError {
  return (
    e instanceof RemoteError ||
    (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'RemoteError')
  );
}

/** Failures after which the same request is retried later, unchanged. */
export function isTransient(kind: RemoteErrorKind): boolean {
  return (
    kind === 'offline' ||
    kind === 'timeout' ||
    kind === 'server' ||
    kind === 'rate_limited' ||
    kind === 'not_deployed'
  );
}

/** Retry-After: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}

/** SQLSTATEs that mean "try again" when they fail a whole request. */
const TRANSIENT_SQLSTATE = /^(40|53|57014|55P03|08)/;

export function classifyHttp(
  status: number,
  sqlstate: string | null,
  retryAfterMs: number | null,
  message: string,
): RemoteError {
  const opts = { status, retryAfterMs, code: sqlstate };
  if (status === 401) return new RemoteError('unauthorized', message, opts);
  if (status === 403) {
    // PostgREST answers 403 for an expired/invalid JWT on some versions (PGRST301/303).
    if (sqlstate && /^PGRST30/.test(sqlstate))
      return new RemoteError('unauthorized', message, opts);
    return new RemoteError('forbidden', message, opts);
  }
  if (status === 408 || status === 429) return new RemoteError('rate_limited', message, opts);
  if (status === 413) return new RemoteError('too_large', message, opts);
  if (status >= 500 || status === 0) return new RemoteError('server', message, opts);
  if (sqlstate && TRANSIENT_SQLSTATE.test(sqlstate))
    return new RemoteError('server', message, opts);
  if (status === 404 || sqlstate === 'PGRST202' || sqlstate === '42883') {
    return new RemoteError('not_deployed', message, opts);
  }
  return new RemoteError('bad_request', message, opts);
}
