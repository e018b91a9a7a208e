// jose's jwtVerify with the signature check done once per token. Lite verifies the caller's JWT
// (HS256, the project's secret) with jose on every request, twice for an RPC; jose's HMAC goes
// through WebCrypto, whose asynchronous job costs ~0.5 ms of the backend's main thread in Node
// 20: 10 % of its samples with 100 users pushing on PostgreSQL (bench:load, CPU profile), while a
// user's token is the same for an hour of requests.
//
// A token that jose verified with the same key bytes and the same options is answered from a
// bounded cache, as jose itself would answer it: the signature, the header and every claim check
// that does not depend on the time are functions of (token, key, options); the time checks (exp,
// nbf) are made again on every call, and a token that fails them is handed to jose, which throws
// its own error. Only successes are kept. Calls this cannot answer exactly as jose does (a key that
// is not raw bytes, a key function, time options: currentDate, clockTolerance, maxTokenAge) go to
// jose every time. Each answer is a copy: a caller mutating its payload changes no later answer.
//
// server/start/start.mjs makes the bundled lite import this module for 'jose' (the rest of jose is
// re-exported unchanged); the project's own verifications import it directly.
import { jwtVerify as joseJwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';

export * from 'jose';

type Result = { payload: JWTPayload; protectedHeader: Record<string, unknown> };

/** Tokens kept (least recently verified first out): a user's token is ~1 KB. */
export const JWT_MEMO_SIZE = 10_000;
const memo = new Map<string, Result>();
/** Options whose checks depend only on the token (not on the time). */
const TIMELESS_OPTIONS = new Set([
  'algorithms',
  'requiredClaims',
  'issuer',
  'audience',
  'subject',
  'typ',
]);

const hex = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');

function memoKey(jwt: unknown, key: unknown, options: JWTVerifyOptions | undefined): string | null {
  if (typeof jwt !== 'string' || !(key instanceof Uint8Array)) return null;
  if (options && Object.keys(options).some((k) => !TIMELESS_OPTIONS.has(k))) return null;
  return `${hex(key)}\n${JSON.stringify(options ?? {})}\n${jwt}`;
}

/** jose's own time checks, without clock tolerance (the only calls memoized). */
function timely(payload: JWTPayload): boolean {
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.nbf === 'number' && payload.nbf > now) return false;
  if (typeof payload.exp === 'number' && payload.exp <= now) return false;
  return true;
}

const copy = (r: Result): Result => structuredClone(r);

export const jwtVerify = (async (jwt: unknown, key: unknown, options?: JWTVerifyOptions) => {
  const id = memoKey(jwt, key, options);
  if (id === null) return joseJwtVerify(jwt as never, key as never, options);
  const known = memo.get(id);
  if (known && timely(known.payload)) return copy(known);
  if (known) memo.delete(id);
  const result = (await joseJwtVerify(jwt as string, key as Uint8Array, options)) as Result;
  memo.set(id, copy(result));
  if (memo.size > JWT_MEMO_SIZE) memo.delete(memo.keys().next().value!);
  return result;
}) as typeof joseJwtVerify;

/** Empties the memo (tests). */
export function clearJwtMemo(): void {
  memo.clear();
}
