// Local view of a row = last known server state + the pending local changes, in order. Pure.
import type { MutationOp, Row } from './types';

export type PendingChange = { op: MutationOp; fields: Row };

export function applyChange(base: Row | null, change: PendingChange): Row | null {
  if (change.op === 'insert') return { ...(base ?? {}), ...change.fields };
  if (base === null) return null;
  return { ...base, ...change.fields };
}

/** Re-applies pending changes on top of a server row (the row keeps the server's version). */
export function overlay(server: Row | null, changes: readonly PendingChange[]): Row | null {
  let row = server;
  for (const change of changes) row = applyChange(row, change);
  if (row && server) row = { ...row, sync_version: server.sync_version };
  return row;
}

/** Fields of `next` that differ from `prev` (JSON equality), restricted to `allowed` when given. */
export function changedFields(prev: Row | null, next: Row, allowed?: readonly string[]): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(next)) {
    if (allowed && !allowed.includes(k)) continue;
    if (!prev || !sameValue(prev[k], v)) out[k] = v;
  }
  return out;
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return a === b || (a ?? null) === (b ?? null);
  return JSON.stringify(a) === JSON.stringify(b);
}
