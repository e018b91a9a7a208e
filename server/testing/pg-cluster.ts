// A throw-away PostgreSQL cluster (Debian's postgresql, as .ci/run starts one): initdb in a temporary
// folder, a free local port, fsync off; stop() removes everything. For bench:load and the tests that
// need a fresh database on a real PostgreSQL server. As root, the server runs as the postgres user
// (PostgreSQL refuses to run as root).
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../start/listen';

export type PgCluster = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** The same database over the server's Unix-domain socket, in libpq's URI form (?host=<dir>). */
  socketUrl(database?: string): string;
  createDatabase(name: string): void;
  /** The server's log file. */
  logFile: string;
  stop(): void;
};

/** The newest Debian PostgreSQL bin folder, or null when none is installed. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(base, versions.at(-1)!, 'bin') : null;
}

export async function startPgCluster(
  opts: { settings?: Record<string, string> } = {},
): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'bf-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) => {
    const [c, a] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    const res = spawnSync(c, a as string[], { encoding: 'utf8' });
    if (res.status !== 0)
      throw new Error(`${cmd} ${args.join(' ')}: ${res.stderr || res.stdout || res.error}`);
    return res.stdout;
  };
  const port = await freePort();
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const settings = {
    listen_addresses: '127.0.0.1',
    fsync: 'off',
    max_connections: '300',
    ...opts.settings,
  };
  const o = [
    `-p ${port}`,
    `-k ${dir}`,
    ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
  ].join(' ');
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', o, 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    socketUrl: (database = 'postgres') =>
      `postgresql:///${database}?host=${encodeURIComponent(dir)}&port=${port}&user=postgres`,
    logFile: join(dir, 'log'),
    createDatabase(name) {
      run(join(bin, 'psql'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-q',
        '-c',
        `create database "${name}"`,
      ]);
    },
    stop,
  };
}
