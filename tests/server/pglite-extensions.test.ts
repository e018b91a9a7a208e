// server/db/pglite-extensions.ts: lite's PGlite connection loads only the contrib extensions the
// migrations create, and every one of them again where the data folder has one installed. On
// real lite PGlite connections (a data folder of the test's own, opened one at a time).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteConnection } from '@supabase/lite/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  extensionsCreatedBy,
  loadLiteExtensions,
  openWithExtensions,
} from '../../server/db/pglite-extensions';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bf-ext-'));
  dirs.push(d);
  return join(d, 'pgdata');
};

const available = async (c: { exec(sql: string): Promise<{ rows: unknown[] }> }) =>
  (
    (await c.exec(
      `select name from pg_available_extensions where name in ('isn', 'ltree', 'file_fdw', 'pgcrypto') order by name`,
    )) as { rows: { name: string }[] }
  ).rows.map((r) => r.name);

describe('extensionsCreatedBy', () => {
  it('reads create extension statements, quoted, conditional or inside DO blocks', () => {
    const names = extensionsCreatedBy([
      'create extension if not exists pgcrypto with schema extensions;',
      'do $$ begin\n  CREATE EXTENSION "LTree"; end $$;',
      'create table t (x int); -- no extension here',
    ]);
    expect([...names].sort()).toEqual(['ltree', 'pgcrypto']);
  });

  it("finds none of lite's extensions in the project's migrations (their bundles are not loaded)", () => {
    const dir = join(__dirname, '../../supabase/migrations');
    const sqls = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    const created = extensionsCreatedBy(sqls);
    for (const name of ['isn', 'ltree', 'file_fdw', 'pgcrypto'])
      expect(created.has(name)).toBe(false);
  });
});

describe('openWithExtensions', () => {
  it('loads no bundle the migrations do not need, those they do, and all of them afterwards', async () => {
    const dir = dataDir();
    const open = () => createPgliteConnection({ url: dir });
    const bare = await openWithExtensions(open, new Set());
    expect(await available(bare)).toEqual([]);
    await bare.close();

    const withLtree = await openWithExtensions(open, new Set(['ltree']));
    expect(await available(withLtree)).toEqual(['ltree']);
    await withLtree.close();

    // lite's default is back for any other connection of the process.
    const plain = await open();
    expect(await available(plain)).toEqual(['file_fdw', 'isn', 'ltree', 'pgcrypto']);
    await plain.close();
  });

  it('opens a data folder again with every bundle when one of them is installed there', async () => {
    const dir = dataDir();
    const open = () => createPgliteConnection({ url: dir });
    loadLiteExtensions(null);
    const first = await open();
    await first.exec('create extension ltree');
    await first.exec(`create table paths (p ltree); insert into paths values ('a.b.c')`);
    await first.close();

    const reopened = await openWithExtensions(open, new Set());
    expect(await available(reopened)).toEqual(['file_fdw', 'isn', 'ltree', 'pgcrypto']);
    const { rows } = (await reopened.exec(`select nlevel(p) as n from paths`)) as {
      rows: { n: number }[];
    };
    expect(rows).toEqual([{ n: 3 }]);
    await reopened.close();
  });
});
