// Cold start: PGlite's 8.7 MB WebAssembly module takes ~0.5 s to compile. `warmPglite()` starts
// reading and compiling it (V8 compiles off the main thread) before the entry point imports lite and
// the rest (~0.7 s of module loading), and the connection then reuses the compiled modules.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-root';

export type PgliteArtifacts = {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
};

let started: Promise<PgliteArtifacts | null> | null = null;

/** server/start/start.mjs starts the same work before loading the bundle: reuse it. */
const launcherWarmup = (globalThis as { __bfPgliteWarmup?: Promise<PgliteArtifacts | null> })
  .__bfPgliteWarmup;

export function warmPglite(): Promise<PgliteArtifacts | null> {
  started ??=
    launcherWarmup ??
    (async () => {
      try {
        const dir = join(PROJECT_ROOT, 'node_modules', '@electric-sql', 'pglite', 'dist');
        const [pglite, initdb, data] = await Promise.all([
          readFile(join(dir, 'pglite.wasm')),
          readFile(join(dir, 'initdb.wasm')),
          readFile(join(dir, 'pglite.data')),
        ]);
        const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
          WebAssembly.compile(pglite),
          WebAssembly.compile(initdb),
        ]);
        return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([data]) };
      } catch {
        return null; // PGlite loads its artifacts itself
      }
    })();
  return started;
}

/** The artifacts if warmPglite() was called (never starts the work itself). */
export function warmedPglite(): Promise<PgliteArtifacts | null> {
  return started ?? launcherWarmup ?? Promise.resolve(null);
}
