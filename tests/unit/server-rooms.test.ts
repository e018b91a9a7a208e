// server/ in rooms by concern (issue 31 item 1): `npm run lint` fails on an import that runs back
// up between rooms (start → apis → realtime → auth → http → db), and on a function of more than
// 80 lines in server/ (item 2). ESLint runs here with the project's own eslint.config.js on the
// fixtures of tests/fixtures/server-rooms, each linted as if it sat in the room it names.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function lintAs(fixture: string, asPath: string) {
  const text = readFileSync(join(ROOT, 'tests/fixtures/server-rooms', fixture), 'utf8');
  const [result] = await eslint.lintText(text, { filePath: join(ROOT, asPath) });
  return result!.messages;
}

// The first lint loads the project's ESLint config and plugins: 3 s alone, over 7 s on a loaded
// machine (2 shared cores, the PostgreSQL pass beside it), past the unit project's 5 s default.
describe('server/ rooms (eslint.config.js)', { timeout: 30_000 }, () => {
  it('refuses an import that runs back up: server/db importing server/start', async () => {
    const messages = await lintAs('db-imports-start.ts', 'server/db/upward-import.ts');
    expect(messages).toContainEqual(
      expect.objectContaining({
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('server/db imports only'),
      }),
    );
  });

  it('lets an import run down: server/apis importing server/db', async () => {
    const messages = await lintAs('apis-imports-db.ts', 'server/apis/downward-import.ts');
    expect(messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths')).toEqual([]);
  });

  it('refuses a function of more than 80 lines in server/', async () => {
    const body = Array.from({ length: 85 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const sum = Array.from({ length: 85 }, (_, i) => `v${i}`).join(' + ');
    const text = `export function long(): number {\n${body}\n  return ${sum};\n}\n`;
    const [result] = await eslint.lintText(text, {
      filePath: join(ROOT, 'server/http/long-function.ts'),
    });
    expect(result!.messages.map((m) => m.ruleId)).toContain('max-lines-per-function');
  });
});
