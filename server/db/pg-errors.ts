// Lite 0.10 maps only some SQLSTATEs to PostgREST's HTTP errors; any other database error becomes
// 500 {code: 'SUP', message: 'error: ...'} and loses its code. Hosted Supabase (PostgREST) answers
// e.g. a trigger's `raise exception using errcode = 'P0001', message = 'company_limit'` with 400
// {code: 'P0001', message: 'company_limit', details, hint}, and a check violation with 400 23514.
// `patchErrorMapping` wraps the connection's normalizeDbError: the codes lite does not handle are
// turned into PostgREST's own "RAISE SQLSTATE 'PGRST'" form (JSON message + JSON detail), which lite
// renders verbatim: same status and body as PostgREST. It also keeps lite's error log to one line.
import { inspect } from 'node:util';
import type { Connection } from '@supabase/lite';

type PgError = { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };

/** Codes lite already maps like PostgREST (see its error mapper): left alone. */
function handledByLite(code: string): boolean {
  const cls = code.slice(0, 2);
  return (
    code === 'PGRST' ||
    code.startsWith('PT') ||
    ['42501', '42P01', '23505', '23503', '25006', '23502', '42883', '42P17'].includes(code) ||
    cls === '42' ||
    cls === '22' ||
    cls === '21' ||
    cls === '55' ||
    cls === '53'
  );
}

/** PostgREST's HTTP status for a SQLSTATE (docs "Errors": SQLSTATE to HTTP code). */
export function postgrestStatus(code: string): number {
  const cls = code.slice(0, 2);
  if (code === 'P0001') return 400;
  if (code === 'P0002') return 404;
  if (code === '40001') return 409;
  if (code === '57014') return 500;
  if (cls === '23') return code === '23514' ? 400 : 409;
  if (
    cls === '08' ||
    cls === '53' ||
    cls === '54' ||
    cls === '55' ||
    cls === '57' ||
    cls === '58' ||
    cls === 'XX' ||
    cls === 'F0' ||
    cls === 'HV' ||
    cls === 'P0'
  )
    return cls === '08' || cls === '53' ? 503 : 500;
  if (cls === '25') return 500;
  if (cls === '40') return 500;
  return 400;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * PGlite refuses a JSON array or object bound to a text (or other scalar) parameter with a plain
 * Error, which lite turned into a 500: it is the client's bad input (issue 14 item 8), answered as
 * PostgreSQL answers a value of the wrong type (22P02, 400).
 */
const BAD_PARAMETER = /^Invalid input for \w+ type$/;

export function toPostgrestError(e: unknown): unknown {
  const err = e as PgError | null;
  if (e instanceof Error && !('code' in e) && BAD_PARAMETER.test(e.message)) {
    const message = 'invalid input: a JSON array or object was sent for a scalar column';
    return {
      code: 'PGRST',
      message: JSON.stringify({ code: '22P02', message, details: e.message, hint: null }),
      detail: JSON.stringify({ status: 400, headers: {} }),
      [inspect.custom]: () => `[db] 22P02 ${e.message}`,
    };
  }
  const code = err && typeof err.code === 'string' ? err.code : null;
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return e;
  if (handledByLite(code)) {
    // Lite logs every database error with console.error: one line instead of a stack.
    if (typeof e === 'object' && e !== null && Object.isExtensible(e)) {
      Object.defineProperty(e, inspect.custom, {
        value: () => `[db] ${code} ${String(err!.message)}`,
        enumerable: false,
      });
    }
    return e;
  }
  const message = str(err!.message)?.replace(/^error: /, '') ?? 'database error';
  const mapped = {
    code: 'PGRST',
    message: JSON.stringify({ code, message, details: str(err!.detail), hint: str(err!.hint) }),
    detail: JSON.stringify({ status: postgrestStatus(code), headers: {} }),
    [inspect.custom]: () => `[db] ${code} ${message}`,
  };
  return mapped;
}

export function patchErrorMapping(connection: Connection): void {
  const c = connection as unknown as { normalizeDbError: (e: unknown) => unknown };
  const original = c.normalizeDbError.bind(connection);
  c.normalizeDbError = (e: unknown) => toPostgrestError(original(e));
}
