// No import cycle in server/ (issue 31 item 3). ESLint's import-x/no-cycle (eslint.config.js)
// skips type-only imports, and the cycle this issue found (server/db/seed/datasets.ts ↔
// funding-criteria.ts) ran through one: this test reads every import of server/, types included
// (TypeScript's own pre-processor), and fails on any strongly connected set of modules.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SOURCE = /\.(ts|mts|mjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !name.endsWith('.d.mts') ? [path] : [];
  });
}

/** The project file a relative specifier names (TypeScript's and Node's spellings alike). */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|ts|mts)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.mts`, `${stem}.mjs`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** file -> the files it imports (value and type imports, re-exports, dynamic imports). */
function importGraph(files: string[]): Map<string, string[]> {
  const inside = new Set(files);
  return new Map(
    files.map((file) => {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = info.importedFiles
        .map((f) => resolveSpecifier(file, f.fileName))
        .filter((t): t is string => t !== null && inside.has(t));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The cycles of a graph: its strongly connected components of two or more nodes, or a self-loop
 * (Tarjan's algorithm). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('server/ import graph', () => {
  it('finds a cycle when there is one, a type-only import included (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['d']]);
    const files = [join(ROOT, 'tests/fixtures/import-cycle/a.ts')];
    files.push(join(ROOT, 'tests/fixtures/import-cycle/b.ts'));
    const cycle = cyclesOf(importGraph(files)).map((c) => c.map((f) => relative(ROOT, f)));
    expect(cycle).toEqual([
      ['tests/fixtures/import-cycle/a.ts', 'tests/fixtures/import-cycle/b.ts'],
    ]);
  });

  it('has no cycle', () => {
    const graph = importGraph(sourceFiles(join(ROOT, 'server')));
    expect(graph.size).toBeGreaterThan(40);
    const cycles = cyclesOf(graph).map((c) => c.map((f) => relative(ROOT, f)).join(' ↔ '));
    expect(cycles).toEqual([]);
  });
});
