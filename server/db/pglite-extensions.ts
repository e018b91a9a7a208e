// Cold start: lite 0.10's PGlite connection loads four contrib extensions at every start (isn,
// ltree, file_fdw, pgcrypto: each a tar.gz bundle to unpack and a WebAssembly side module to compile
// and link), ~250 ms of a ~1 s start, although the project's schema uses none of them. Their
// bundles are loaded here only where they can be used:
//  - an extension a migration creates (`create extension [if not exists] name`, read from the
//    migration files' text, DO blocks included: loading one too many costs time, never data);
//  - an extension already installed in the data folder (by an earlier schema, or by hand): the
//    database is then opened again with every bundle, so nothing installed ever stops working.
// lite builds its PGlite with the contrib modules' extension objects (one module instance per
// process, shared with this file): their `setup` is switched before each connection is created.
import { file_fdw } from '@electric-sql/pglite/contrib/file_fdw';
import { isn } from '@electric-sql/pglite/contrib/isn';
import { ltree } from '@electric-sql/pglite/contrib/ltree';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

type Extension = { name: string; setup: (...args: never[]) => Promise<object> };

/** The extensions lite's PGlite connection loads at every start (lite 0.10). */
const LITE_EXTENSIONS: readonly Extension[] = [isn, ltree, file_fdw, pgcrypto] as Extension[];
const ORIGINAL_SETUP = new Map(LITE_EXTENSIONS.map((e) => [e, e.setup]));
/** PGlite loads no bundle for an extension whose setup gives no bundlePath. */
const skip = () => Promise.resolve({});

/** The lite extensions that `sqls` (migration files) create, lower-case. */
export function extensionsCreatedBy(sqls: readonly string[]): Set<string> {
  const names = new Set<string>();
  const re = /\bcreate\s+extension\s+(?:if\s+not\s+exists\s+)?("[^"]+"|[\w-]+)/gi;
  for (const sql of sqls)
    for (const m of sql.matchAll(re)) names.add(m[1]!.replace(/^"|"$/g, '').toLowerCase());
  return names;
}

/** Makes the next PGlite connections load the bundles of `names` only (all of them: `null`). */
export function loadLiteExtensions(names: ReadonlySet<string> | null): void {
  for (const ext of LITE_EXTENSIONS)
    ext.setup = (!names || names.has(ext.name) ? ORIGINAL_SETUP.get(ext)! : skip) as never;
}

type Connection = {
  exec(sql: string): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
};

/**
 * Opens a PGlite connection (`open`) with the bundles of `needed` only; if the data folder has
 * another of lite's extensions installed, closes it and opens it again with all of them.
 */
export async function openWithExtensions<C extends Connection>(
  open: () => Promise<C>,
  needed: ReadonlySet<string>,
): Promise<C> {
  const skipped = LITE_EXTENSIONS.map((e) => e.name).filter((n) => !needed.has(n));
  loadLiteExtensions(needed);
  try {
    const connection = await open();
    if (skipped.length === 0) return connection;
    const list = skipped.map((n) => `'${n}'`).join(', ');
    const { rows } = await connection.exec(
      `select extname from pg_catalog.pg_extension where extname in (${list})`,
    );
    if (rows.length === 0) return connection;
    await connection.close();
    loadLiteExtensions(null);
    return await open();
  } finally {
    loadLiteExtensions(null);
  }
}
