// The snapshot's manifest: per table, its row count and a checksum of its rows, computed in the same
// instant as the dump (server/backup/snapshot.ts) and checked again after a restore (restore.ts).
// The checksum is order-independent: md5 of the sorted md5s of each row's text form, with the
// settings that shape that text pinned (time zone, date style, float digits).
export type TableSummary = { rows: number; checksum: string };

export type Manifest = {
  format: 'budget-formation-backup/1';
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** Newest migration applied (supabase_migrations), for the reader's information. */
  schemaVersion: string | null;
  tables: Record<string, TableSummary>;
  /** Files of the archive besides manifest.json. */
  files: string[];
};

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const PINNED =
  "set local timezone = 'UTC'; set local datestyle = 'ISO, YMD'; set local extra_float_digits = 1; set local intervalstyle = 'postgres'; set local bytea_output = 'hex';";

/** Settings run first in the transaction the summaries are computed in. */
export const PINNED_SETTINGS = PINNED;

const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** Every ordinary table outside PostgreSQL's own schemas, "schema.table". */
export async function listTables(query: Query): Promise<string[]> {
  const rows = await query(
    `select n.nspname as s, c.relname as t from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'
      order by 1, 2`,
  );
  return rows.map((r) => `${String(r.s)}.${String(r.t)}`);
}

/** Row count and checksum of each table (run inside a transaction that ran PINNED_SETTINGS). */
export async function summarizeTables(query: Query): Promise<Record<string, TableSummary>> {
  const out: Record<string, TableSummary> = {};
  for (const name of await listTables(query)) {
    const [schema, table] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
    const [row] = await query(
      `select count(*)::text as n,
              coalesce(md5(string_agg(h, '' order by h)), '') as sum
         from (select md5(t::text) as h from ${quote(schema)}.${quote(table)} t) x`,
    );
    out[name] = { rows: Number(row?.n ?? 0), checksum: String(row?.sum ?? '') };
  }
  return out;
}

export async function schemaVersion(query: Query): Promise<string | null> {
  const [exists] = await query(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as ok",
  );
  if (!exists?.ok) return null;
  const [row] = await query(
    'select max(version)::text as v from supabase_migrations.schema_migrations',
  );
  return row?.v ? String(row.v) : null;
}

/** The differences between a manifest's tables and what a restored database holds ([] = equal). */
export function compareTables(
  expected: Record<string, TableSummary>,
  actual: Record<string, TableSummary>,
): string[] {
  const out: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = actual[name];
    if (!got) out.push(`${name} : table absente`);
    else if (got.rows !== want.rows)
      out.push(`${name} : ${got.rows} lignes au lieu de ${want.rows}`);
    else if (got.checksum !== want.checksum) out.push(`${name} : somme de contrôle différente`);
  }
  for (const name of Object.keys(actual))
    if (!(name in expected)) out.push(`${name} : table en trop`);
  return out;
}
