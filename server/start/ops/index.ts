// Service-only operations of a running backend (issue 32), mounted on /_ops:
//  - GET  /_ops/metrics: memory, event-loop delay, database queue (metrics.ts; bench:soak);
//  - POST /_ops/backup: a consistent snapshot, answered as the file itself (`npm run backup`);
// the daily backups (BACKUP_KEEP) and the full-disk guard of the data folder are started here too.
// Every route requires the service-role key (as GoTrue's admin API): 401 otherwise.
import { Hono } from 'hono';
import type { PGlite } from '@electric-sql/pglite';
import type { Connection } from '@supabase/lite';
import type { BackendConfig } from '../config';
import { PROJECT_ROOT } from '../config';
import type { Db } from '../../db/db';
import { jsonError } from '../../http/common';
import { isServiceRequest } from '../../auth/keys';
import {
  backupSettingsFromEnv,
  scheduleDailyBackups,
  type BackupSchedule,
} from '../../db/backup/schedule';
import { pgliteSnapshot, postgresSnapshot, type Snapshot } from '../../db/backup/snapshot';
import { DiskSpace, diskReserveFromEnv } from '../../db/storage/disk-space';
import { MetricsProbe } from './metrics';

export type Ops = {
  routes: Hono;
  /** Null on a PostgreSQL server (its disk is the server's business). */
  disk: DiskSpace | null;
  backup(): Promise<Snapshot>;
  stop(): void;
};

export function startOps(opts: {
  db: Db;
  connection: Connection;
  config: BackendConfig;
  env?: NodeJS.ProcessEnv;
  log: (line: string) => void;
}): Ops {
  const { db, config } = opts;
  const env = opts.env ?? process.env;
  const driver = (opts.connection as unknown as { driver: unknown }).driver;
  const backup = (): Promise<Snapshot> =>
    db.kind === 'pglite'
      ? pgliteSnapshot(driver as PGlite, (fn) => db.serialize(fn), config.dataDir)
      : postgresSnapshot(driver as never, config.databaseUrl!);
  const metrics = new MetricsProbe(() => db.queue?.stats() ?? null);
  const disk =
    db.kind === 'pglite'
      ? new DiskSpace(config.dataDir, { reserveBytes: diskReserveFromEnv(env) })
      : null;

  const settings = backupSettingsFromEnv(env, PROJECT_ROOT);
  let schedule: BackupSchedule | null = null;
  if (settings.keep > 0) {
    schedule = scheduleDailyBackups(settings, async () => (await backup()).archive, opts.log);
    opts.log(`[backup] sauvegarde quotidienne dans ${settings.dir} (${settings.keep} gardées)`);
  }

  const routes = new Hono();
  routes.use('*', async (c, next) => {
    if (!(await isServiceRequest(c.req.raw, config)))
      return jsonError(c, 401, 'unauthorized', 'Clé de service requise');
    c.header('cache-control', 'no-store');
    return next();
  });
  routes.get('/metrics', (c) =>
    c.json({ ...metrics.read(), diskFreeMiB: disk ? Math.round(disk.free() / 2 ** 20) : null }),
  );
  routes.post('/backup', async (c) => {
    const snap = await backup();
    const t = Object.values(snap.manifest.tables);
    return c.body(new Uint8Array(snap.archive), 200, {
      'content-type': 'application/gzip',
      'x-backup-tables': String(t.length),
      'x-backup-rows': String(t.reduce((a, s) => a + s.rows, 0)),
    });
  });

  return {
    routes,
    disk,
    backup,
    stop() {
      schedule?.stop();
      metrics.stop();
    },
  };
}
