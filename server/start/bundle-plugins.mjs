// esbuild plugins of the backend bundle (server/start/start.mjs). Plain JavaScript: the launcher runs
// without a TypeScript loader.
import { join } from 'node:path';

/** Lite's 'jose' is server/auth/jwt-memo.ts: jose with each token's signature checked once (see there). */
export function liteJwtMemo(root) {
  return {
    name: 'bf-lite-jwt-memo',
    setup(build) {
      const lite = `${join('node_modules', '@supabase', 'lite')}/`;
      build.onResolve({ filter: /^jose$/ }, (args) =>
        args.importer.includes(lite)
          ? { path: join(root, 'server', 'auth', 'jwt-memo.ts') }
          : undefined,
      );
    },
  };
}
