// Daily backups of `npm start` (issue 32 item 3): BACKUP_KEEP=N takes a snapshot once a day into
// BACKUP_DIR (default .data/backups) and keeps the N newest files. The first one is taken a minute
// after start when the newest file is older than a day (or there is none).
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type BackupSettings = { keep: number; dir: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 60_000;
const NAME = /^backup-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/;

/** BACKUP_KEEP (0 or unset: no daily backup) and BACKUP_DIR, relative to `root`. */
export function backupSettingsFromEnv(env: NodeJS.ProcessEnv, root: string): BackupSettings {
  const raw = env.BACKUP_KEEP?.trim();
  const keep = raw ? Number(raw) : 0;
  if (!Number.isInteger(keep) || keep < 0)
    throw new Error(`BACKUP_KEEP invalide : ${raw} (un nombre entier de sauvegardes à garder)`);
  return { keep, dir: resolve(root, env.BACKUP_DIR?.trim() || '.data/backups') };
}

/** backup-20261127T140501Z.tar.gz (UTC), sortable by name. */
export function backupFileName(date = new Date()): string {
  const stamp = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `backup-${stamp}.tar.gz`;
}

/** Writes `archive` atomically (temporary file, then rename) into `dir`; its path. */
export function writeBackupFile(dir: string, archive: Uint8Array, date = new Date()): string {
  mkdirSync(dir, { recursive: true });
  let path = join(dir, backupFileName(date));
  for (let i = 1; readdirSync(dir).includes(path.slice(dir.length + 1)); i++)
    path = join(dir, backupFileName(date).replace('.tar.gz', `-${i}.tar.gz`));
  const tmp = `${path}.partial`;
  writeFileSync(tmp, archive);
  renameSync(tmp, path);
  return path;
}

/** The backup files of `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => NAME.test(n))
      .sort()
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}

/** Deletes all but the `keep` newest backup files; the deleted paths. */
export function pruneBackups(dir: string, keep: number): string[] {
  const all = listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const f of old) rmSync(f, { force: true });
  return old;
}

export type BackupSchedule = { stop(): void };

export function scheduleDailyBackups(
  settings: BackupSettings,
  take: () => Promise<Uint8Array>,
  log: (line: string) => void,
): BackupSchedule {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const once = async () => {
    try {
      const path = writeBackupFile(settings.dir, await take());
      const pruned = pruneBackups(settings.dir, settings.keep);
      log(
        `[backup] sauvegarde écrite : ${path}${pruned.length ? ` (${pruned.length} ancienne(s) supprimée(s))` : ''}`,
      );
    } catch (e) {
      console.error(`[backup] échec de la sauvegarde quotidienne : ${(e as Error).message}`);
    }
  };
  const plan = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void once().finally(() => plan(DAY_MS)), ms);
    timer.unref();
  };
  const newest = listBackups(settings.dir).at(-1);
  const age = newest ? Date.now() - statSync(newest).mtimeMs : Infinity;
  plan(age >= DAY_MS ? FIRST_DELAY_MS : DAY_MS - age);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
