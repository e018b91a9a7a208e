// Issue 14 item 11: data-folder lock. Deleting .data/backend/backend.lock let a second backend open
// the same folder (both acknowledged writes; one side's rows were lost), and a lock file holding the
// pid of a live unrelated process blocked start-up for good. The lock is now the operating system's
// (server/db/data-lock.ts): a deleted file does not release it, a file's content never decides.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../server/start/config';
import { acquireDataDirLock, DataDirLockedError } from '../../../server/db/data-lock';
import { freePort } from '../../../server/start/listen';

/** `npm run backend` on `dir` in another process: its exit code and output (it must stop at once). */
async function secondBackend(dir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/start/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(await freePort()), LITE_DATA_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

describe('data-folder lock', () => {
  it('a deleted backend.lock does not let a second backend process open the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bf-lock-'));
    try {
      const release = await acquireDataDirLock(dir);
      expect(existsSync(join(dir, 'backend.lock'))).toBe(true);
      unlinkSync(join(dir, 'backend.lock'));
      const second = await secondBackend(dir);
      expect(second.code).toBe(1);
      expect(second.output).toContain('est déjà utilisé');
      expect(second.output).not.toContain('prêt en');
      // Another opener in this process is refused too; once released, the folder opens again.
      await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
      release();
      const again = await acquireDataDirLock(dir);
      again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a lock file holding a live unrelated pid does not block start-up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bf-lock-'));
    try {
      // pid 1 is always alive and never a backend.
      writeFileSync(join(dir, 'backend.lock'), '1');
      const release = await acquireDataDirLock(dir);
      expect(
        Number((await import('node:fs')).readFileSync(join(dir, 'backend.lock'), 'utf8')),
      ).toBe(process.pid);
      release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
