// One backend per data folder (issue 14 item 11). Two processes on one PGlite folder both acknowledge
// writes and one side's rows are lost. The old guard was a file holding a pid: deleting it let a
// second backend in, and a pid reused by an unrelated process blocked start-up for good. The lock is
// now held by the operating system for as long as the process lives (released even on SIGKILL):
//  - Linux: a Unix socket in the abstract namespace named after the folder's device and inode
//    (nothing on disk to delete; a recreated folder is a new database anyway);
//  - macOS: open(2) of the folder with O_EXLOCK | O_NONBLOCK (a flock on the directory itself);
//  - elsewhere (Windows): the pid file alone, as before (docs/security.md).
// backend.lock still holds the owner's pid, for the message only: its content never decides.
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number | null,
  ) {
    super(
      `Le dossier de données ${dir} est déjà utilisé par ${pid ? `le processus ${pid}` : 'un autre processus'} (un autre "npm start" ou "npm run backend" ?). ` +
        `Arrêtez-le, ou choisissez un autre dossier avec LITE_DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const O_EXLOCK_DARWIN = 0x20;
const O_NONBLOCK_DARWIN = 0x4;

function ownerPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function listenAbstract(name: string): Promise<Server> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(name, () => {
      server.off('error', fail);
      server.unref();
      ok(server);
    });
  });
}

/** The name of a folder's lock in Linux's abstract socket namespace. */
export function abstractLockName(dir: string): string {
  const st = statSync(dir);
  return `\0budget-formation-backend:${st.dev}:${st.ino}`;
}

/** Takes the folder's lock (see above); resolves to its release function. */
export async function acquireDataDirLock(dirPath: string): Promise<() => void> {
  const dir = resolve(dirPath);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'backend.lock');
  let release: () => void;

  if (process.platform === 'linux') {
    let server: Server;
    try {
      server = await listenAbstract(abstractLockName(dir));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new DataDirLockedError(dir, ownerPid(file));
      throw e;
    }
    release = () => server.close();
  } else if (process.platform === 'darwin') {
    let fd: number;
    try {
      fd = openSync(dir, O_EXLOCK_DARWIN | O_NONBLOCK_DARWIN);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK')
        throw new DataDirLockedError(dir, ownerPid(file));
      throw e;
    }
    release = () => closeSync(fd);
  } else {
    // No OS lock wired here: an exclusive pid file, a dead owner's file replaced.
    try {
      closeSync(openSync(file, 'wx'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = ownerPid(file);
      if (pid && pid !== process.pid && pidAlive(pid)) throw new DataDirLockedError(dir, pid);
    }
    release = () => {};
  }

  writeFileSync(file, String(process.pid));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (ownerPid(file) === process.pid) unlinkSync(file);
    } catch {
      /* already gone */
    }
    release();
  };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
