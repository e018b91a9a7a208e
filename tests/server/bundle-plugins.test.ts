// server/start/bundle-plugins.mjs: in the backend bundle, lite's 'jose' is server/auth/jwt-memo.ts (the
// project's own modules and jwt-memo itself keep the real jose).
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/start/config';
import { liteJwtMemo } from '../../server/start/bundle-plugins.mjs';

describe('liteJwtMemo', () => {
  it("gives lite server/auth/jwt-memo.ts for 'jose', which itself bundles the real jose", async () => {
    const result = await build({
      stdin: { contents: "export { App } from '@supabase/lite';", resolveDir: PROJECT_ROOT },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      external: ['@electric-sql/pglite', '@electric-sql/pglite/*'],
      tsconfig: join(PROJECT_ROOT, 'tsconfig.node.json'),
      plugins: [liteJwtMemo(PROJECT_ROOT)],
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('server/auth/jwt-memo.ts');
    expect(inputs.some((f) => f.startsWith('node_modules/jose/'))).toBe(true);
    const memo = result.metafile.inputs['server/auth/jwt-memo.ts']!;
    expect(memo.imports.map((i) => i.path).some((p) => p.startsWith('node_modules/jose/'))).toBe(
      true,
    );
  }, 60_000);
});
