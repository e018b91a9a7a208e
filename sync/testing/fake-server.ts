// An in-memory server with the semantics of supabase/migrations/20261122000900_sync.sql, behind the
// same RemotePort: versions stamped per "transaction", per-field versions tagged with the writing
// device, exactly-once on mutation ids, first-writer-wins per field, delete-wins, soft deletes,
// the owner rule (RLS) and the company limit. Used by the fast property test and the benchmark;
// the fault suite runs against the real backend.
import { decodeJwt } from '../jwt';
import { RemoteError } from '../errors';
import type { RemoteContext, RemotePort } from '../ports';
import {
  OWNER_COLUMN,
  SYNC_TABLES,
  WRITABLE_OPS,
  compareCursor,
  type Cursor,
  type Cursors,
  type Mutation,
  type MutationResult,
  type PullPage,
  type PullResponse,
  type PushAnswer,
  type Row,
  type SyncTable,
} from '../types';
import { sameValue } from '../overlay';

type FieldVersion = { v: number; d: string | null };
type StoredRow = { row: Row; fv: Record<string, FieldVersion> };

const NOT_WRITABLE = new Set(['sync_version', 'field_versions', 'updated_at', 'update_count']);
const MAX_PAGE = 1000;

export class FakeServer {
  readonly tables = new Map<SyncTable, Map<string, StoredRow>>();
  readonly applied = new Map<string, MutationResult>();
  #txid = 1000;
  /** Counters of every call (tests, benchmark). */
  readonly calls = { push: 0, pull: 0 };
  /** How many times each mutation id took effect (exactly-once: never more than 1). */
  readonly effects = new Map<string, number>();
  now: () => string = () => new Date().toISOString();

  table(name: SyncTable): Map<string, StoredRow> {
    let t = this.tables.get(name);
    if (!t) {
      t = new Map();
      this.tables.set(name, t);
    }
    return t;
  }

  /** Server-side write outside sync_push (sign-up trigger, operator, public survey submit). */
  adminUpsert(table: SyncTable, row: Row): number {
    const txid = ++this.#txid;
    this.#writes++;
    const t = this.table(table);
    const prev = t.get(String(row.id));
    const fv = { ...(prev?.fv ?? {}) };
    if (prev) {
      for (const [k, v] of Object.entries(row))
        if (!sameValue(prev.row[k], v)) fv[k] = { v: txid, d: null };
    }
    const now = this.now();
    t.set(String(row.id), {
      row: {
        created_at: now,
        deleted_at: null,
        ...(prev?.row ?? {}),
        ...row,
        updated_at: now,
        sync_version: txid,
      },
      fv,
    });
    return txid;
  }

  rows(table: SyncTable, owner?: string): Row[] {
    return [...this.table(table).values()]
      .map((s) => s.row)
      .filter((r) => owner === undefined || r[OWNER_COLUMN[table]] === owner);
  }

  push(user: string, device: string, mutations: Mutation[]): PushAnswer[] {
    this.calls.push++;
    this.#writes++;
    const txid = ++this.#txid;
    const answers: PushAnswer[] = [];
    for (const m of mutations) {
      const key = `${user}:${m.id}`;
      const first = this.applied.get(key);
      if (first) {
        answers.push({ id: m.id, status: 'duplicate', first });
        continue;
      }
      const result = this.#applyOne(user, device, m, txid);
      this.applied.set(key, result);
      this.effects.set(m.id, (this.effects.get(m.id) ?? 0) + 1);
      answers.push(result);
    }
    return answers;
  }

  /** Loads rows as they are (already stamped), e.g. for a benchmark. */
  seed(table: SyncTable, rows: Row[]): void {
    const t = this.table(table);
    for (const row of rows) t.set(String(row.id), { row, fv: {} });
    this.#writes++;
  }

  #writes = 0;
  #sorted = new Map<SyncTable, { writes: number; rows: Row[] }>();

  /** The table's rows in (sync_version, id) order, cached until the next write. */
  #ordered(table: SyncTable): Row[] {
    const cached = this.#sorted.get(table);
    if (cached && cached.writes === this.#writes) return cached.rows;
    const rows = [...this.table(table).values()]
      .map((s) => s.row)
      .sort((a, b) =>
        compareCursor(
          { version: Number(a.sync_version), id: String(a.id) },
          { version: Number(b.sync_version), id: String(b.id) },
        ),
      );
    this.#sorted.set(table, { writes: this.#writes, rows });
    return rows;
  }

  pull(user: string, table: SyncTable, after: Cursor, limit: number): PullPage {
    this.calls.pull++;
    const owner = OWNER_COLUMN[table];
    const ordered = this.#ordered(table);
    // First row after the cursor (binary search), then the owner's rows from there.
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const r = ordered[mid]!;
      if (compareCursor({ version: Number(r.sync_version), id: String(r.id) }, after) > 0) hi = mid;
      else lo = mid + 1;
    }
    const n = Math.max(0, Math.min(limit, MAX_PAGE));
    const page: Row[] = [];
    let more = false;
    // Keyset only, as sync_pull: one row past the page says whether more follow; nothing counts.
    for (let i = lo; i < ordered.length; i++) {
      const r = ordered[i]!;
      if (r[owner] !== user) continue;
      if (page.length < n) page.push(r);
      else {
        more = true;
        break;
      }
    }
    // Rows are shared read-only: the client validates them into new objects.
    return { rows: page, more };
  }

  /** sync_pull_many: tables in the fixed order, at most `limit` rows in all. */
  pullMany(user: string, cursors: Cursors, limit: number): PullResponse {
    let left = Math.max(0, Math.min(limit, MAX_PAGE));
    const pages: PullResponse['pages'] = {};
    let more = false;
    for (const table of SYNC_TABLES) {
      const cursor = cursors[table];
      if (!cursor) continue;
      if (left <= 0) {
        // Not read in this call: a probe of one row says whether it has rows to come.
        const probe = this.pull(user, table, cursor, 0);
        this.calls.pull--;
        more ||= probe.more === true;
        if (more) break;
        continue;
      }
      const page = this.pull(user, table, cursor, left);
      this.calls.pull--;
      left -= page.rows.length;
      more ||= page.more === true;
      pages[table] = page;
    }
    this.calls.pull++;
    return { pages, more };
  }

  #applyOne(user: string, device: string, m: Mutation, txid: number): MutationResult {
    const reject = (code: string, message?: string): MutationResult => ({
      id: m.id,
      status: 'rejected',
      code,
      message,
    });
    if (!WRITABLE_OPS[m.table]?.includes(m.op))
      return reject(m.table === 'referrals' ? 'read_only' : 'rls');
    for (const k of Object.keys(m.fields)) {
      if (NOT_WRITABLE.has(k) || (k === 'id' && m.fields.id !== m.row_id))
        return reject('invalid', k);
    }
    const t = this.table(m.table);
    const owner = OWNER_COLUMN[m.table];
    const stored = t.get(m.row_id);
    const now = this.now();

    if (m.op === 'insert') {
      if (stored) return reject('unique');
      if (m.fields[owner] !== user) return reject('rls');
      const defaults: Row = m.table === 'simulations' ? { update_count: 0 } : {};
      // created_at is the server's (as the real server does for end users).
      const row: Row = {
        deleted_at: null,
        ...defaults,
        ...m.fields,
        created_at: now,
        id: m.row_id,
        updated_at: now,
        sync_version: txid,
      };
      const rule = this.#rules(m.table, row, null);
      if (rule) return reject(rule);
      t.set(m.row_id, { row, fv: {} });
      return { id: m.id, status: 'applied', version: txid };
    }

    if (!stored || stored.row[owner] !== user) return reject('not_found');
    const row = stored.row;
    if (m.op === 'update') {
      for (const k of Object.keys(m.fields))
        if (k === owner || k === 'created_at') return reject('invalid', k);
      const restoring = 'deleted_at' in m.fields && m.fields.deleted_at === null;
      if (row.deleted_at && !restoring) {
        return {
          id: m.id,
          status: 'conflict',
          reason: 'deleted',
          server: { deleted_at: row.deleted_at },
          version: Number(row.sync_version),
        };
      }
      const contested: string[] = [];
      const changes: Row = {};
      for (const [k, v] of Object.entries(m.fields)) {
        const fv = stored.fv[k];
        if (sameValue(row[k], v)) continue;
        if (fv && fv.v > m.base_version && fv.d !== device) contested.push(k);
        else changes[k] = v;
      }
      if (Object.keys(changes).length > 0) {
        const next = { ...row, ...changes };
        const rule = this.#rules(m.table, next, row);
        if (rule) return reject(rule);
        for (const k of Object.keys(changes)) stored.fv[k] = { v: txid, d: device };
        stored.row = { ...next, updated_at: now, sync_version: txid };
      }
      if (contested.length > 0) {
        const server: Row = {};
        for (const k of contested) server[k] = stored.row[k];
        return {
          id: m.id,
          status: 'conflict',
          reason: 'field',
          server,
          version: Number(stored.row.sync_version),
        };
      }
      return { id: m.id, status: 'applied', version: Number(stored.row.sync_version) };
    }

    // delete (soft): wins over concurrent edits, which are reported back.
    if (row.deleted_at) return { id: m.id, status: 'applied', version: Number(row.sync_version) };
    const edited = Object.entries(stored.fv)
      .filter(([k, fv]) => k !== 'deleted_at' && fv.v > m.base_version && fv.d !== device)
      .map(([k]) => k);
    stored.fv.deleted_at = { v: txid, d: device };
    stored.row = { ...row, deleted_at: now, updated_at: now, sync_version: txid };
    if (edited.length > 0) {
      const server: Row = { deleted_at: now };
      for (const k of edited) server[k] = stored.row[k];
      return { id: m.id, status: 'conflict', reason: 'delete_over_edit', server, version: txid };
    }
    return { id: m.id, status: 'applied', version: txid };
  }

  /** Business rules of the schema's triggers and constraints (subset). */
  #rules(table: SyncTable, next: Row, prev: Row | null): string | null {
    if (table === 'simulations' && next.deleted_at == null) {
      const live = this.rows('simulations', String(next.profile_id)).filter(
        (r) => r.deleted_at == null && r.id !== next.id,
      );
      if (live.some((r) => r.company_siret === next.company_siret)) return 'unique';
      const sirets = new Set(live.map((r) => r.company_siret));
      if (
        (!prev || prev.deleted_at != null || prev.company_siret !== next.company_siret) &&
        sirets.size >= 3
      ) {
        return 'company_limit';
      }
    }
    if (table === 'team_surveys' && prev && prev.status === 'closed' && next.status === 'active')
      return 'survey_reopen';
    return null;
  }
}

/** The RemotePort of a FakeServer: the user is the token's subject (no signature in tests). */
export function fakeRemote(server: FakeServer): RemotePort {
  const userOf = (ctx: RemoteContext): string => {
    const claims = decodeJwt(ctx.accessToken);
    if (!claims?.sub || claims.role !== 'authenticated')
      throw new RemoteError('unauthorized', 'no user', { status: 401 });
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) {
      throw new RemoteError('unauthorized', 'JWT expired', { status: 401 });
    }
    return claims.sub;
  };
  return {
    async push(ctx, mutations) {
      return structuredClone(server.push(userOf(ctx), ctx.deviceId, structuredClone(mutations)));
    },
    async pull(ctx, cursors, limit) {
      return server.pullMany(userOf(ctx), structuredClone(cursors), limit);
    },
  };
}

/** An unsigned JWT-shaped token for the fake server and unit tests. */
export function testToken(sub: string, opts: { role?: string; expSeconds?: number } = {}): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = opts.expSeconds ?? Math.floor(Date.now() / 1000) + 3600;
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, role: opts.role ?? 'authenticated', exp })}.sig`;
}
