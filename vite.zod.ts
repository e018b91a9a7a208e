import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Classic zod (`import { z } from 'zod'`, the signed-in screens, all lazy) gets its own copy of
 * zod's core in the build, apart from the one zod/mini uses (the configuration, the session and the
 * public survey, all on the first paint). With one shared copy, the core module that both import is
 * one unit of the bundle: every schema kind classic zod reaches (string formats such as cuid, jwt,
 * emoji, ISO durations...) was kept in it and shipped with the first paint of the app and of the
 * survey page. Each copy is now tree-shaken for its own users. Schemas of both copies still work
 * together (zod 4 recognises its objects by traits, not by class identity).
 */
const CLASSIC = '?zod-classic';

export function zodClassicApart(): Plugin {
  return {
    name: 'bf-zod-classic-apart',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer) {
      const fromClassic = importer?.endsWith(CLASSIC);
      if (source !== 'zod' && !(fromClassic && source.startsWith('.'))) return null;
      const resolved = await this.resolve(
        source,
        fromClassic ? importer!.slice(0, -CLASSIC.length) : importer,
        { skipSelf: true },
      );
      if (!resolved || resolved.external) return resolved;
      return { id: resolved.id + CLASSIC, moduleSideEffects: false };
    },
    load(id) {
      return id.endsWith(CLASSIC) ? readFileSync(id.slice(0, -CLASSIC.length), 'utf8') : null;
    },
  };
}
