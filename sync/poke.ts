// The poke port: change signals for the signed-in user, so that the engine pulls now instead of at
// its next periodic pull. A poke carries no row data, only which tables changed and which device
// pushed the change (null when it did not come from a push: a public survey answer, an operator).
// The pull stays the one way data arrives; the periodic pull and every other trigger stay as the
// safety net when no poke can arrive (offline, websockets blocked).
//
// Implemented over supabase-js's channel() API in sync/supabase-poke.ts (hosted Realtime and the
// embedded backend alike); in memory by tests.
import { SYNC_TABLES, type SyncTable } from './types';

export type Poke = { tables: SyncTable[]; device: string | null };

/** 'live': the channel is joined and pokes arrive; 'connecting': not (yet, or any more). */
export type PokeState = 'off' | 'connecting' | 'live';

export type PokeHandlers = {
  onPoke(poke: Poke): void;
  onState(state: PokeState): void;
};

export interface PokePort {
  /** Starts listening for the user's change signals; returns the function that stops. */
  subscribe(handlers: PokeHandlers): () => void;
}

const KNOWN = new Set<string>(SYNC_TABLES);

/** The poke in a broadcast payload, or null when it is not one (unknown tables are dropped). */
export function parsePoke(payload: unknown): Poke | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const { tables, device } = payload as { tables?: unknown; device?: unknown };
  if (!Array.isArray(tables)) return null;
  if (device !== undefined && device !== null && typeof device !== 'string') return null;
  const known = tables.filter((t): t is SyncTable => typeof t === 'string' && KNOWN.has(t));
  if (known.length === 0) return null;
  return { tables: known, device: typeof device === 'string' ? device : null };
}
