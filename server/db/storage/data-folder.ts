// A damaged data folder at start (issue 32 item 5). PGlite runs initdb in any pgdata/ without a
// PG_VERSION file: a folder that lost that file (or all of pgdata/) would silently start EMPTY over
// the users' data, and a truncated control file stops PostgreSQL with an unreadable error. Before
// the database is opened, the folder is checked; after a first successful start a marker file
// (data-folder.json) records that this folder holds data, so that a missing pgdata/ is refused too.
// Any failure to open an existing database is reported the same way: the folder, what is wrong, and
// the restore command (docs/backend.md, « Sauvegardes et restauration »).
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MARKER = 'data-folder.json';
/** pg_control is always one 8 KiB page (PG_CONTROL_FILE_SIZE). */
const PG_CONTROL_SIZE = 8192;

export class DamagedDataDirError extends Error {
  constructor(
    readonly dir: string,
    readonly problem: string,
  ) {
    super(
      `Le dossier de données ${dir} est endommagé (${problem}). Le backend ne démarre pas, pour ne ` +
        'rien écraser ni repartir d’une base vide. Restaurez la dernière sauvegarde dans un dossier ' +
        'vide : « npm run restore -- FICHIER.tar.gz --to DOSSIER_VIDE », puis démarrez avec ' +
        'LITE_DATA_DIR=DOSSIER_VIDE (sauvegardes : .data/backups/ ; voir docs/backend.md, ' +
        '« Sauvegardes et restauration »). Gardez ce dossier tel quel : il peut encore servir.',
    );
    this.name = 'DamagedDataDirError';
  }
}

const nonEmptyDir = (p: string) =>
  existsSync(p) && statSync(p).isDirectory() && readdirSync(p).length > 0;
const size = (p: string) => (existsSync(p) ? statSync(p).size : -1);

/** What is wrong with `dataDir` (null: sound, or a first start on an empty folder). */
export function dataFolderProblem(dataDir: string): string | null {
  const pg = join(dataDir, 'pgdata');
  if (!nonEmptyDir(pg))
    return existsSync(join(dataDir, MARKER)) ? 'le sous-dossier pgdata est absent ou vide' : null;
  if (size(join(pg, 'PG_VERSION')) <= 0) return 'le fichier pgdata/PG_VERSION est absent ou vide';
  const control = size(join(pg, 'global', 'pg_control'));
  if (control < 0) return 'le fichier pgdata/global/pg_control est absent';
  if (control !== PG_CONTROL_SIZE) return 'le fichier pgdata/global/pg_control est tronqué';
  if (size(join(pg, 'global', 'pg_filenode.map')) <= 0)
    return 'le fichier pgdata/global/pg_filenode.map est absent ou vide';
  if (!nonEmptyDir(join(pg, 'base'))) return 'le sous-dossier pgdata/base est absent ou vide';
  if (!existsSync(join(pg, 'pg_wal'))) return 'le sous-dossier pgdata/pg_wal est absent';
  return null;
}

/** Throws DamagedDataDirError when the folder is damaged (before the database is opened). */
export function assertDataFolderSound(dataDir: string): void {
  const problem = dataFolderProblem(dataDir);
  if (problem) throw new DamagedDataDirError(dataDir, problem);
}

/** True when the folder already holds a database (an open failure is then damage, not a bug). */
export function holdsDatabase(dataDir: string): boolean {
  return nonEmptyDir(join(dataDir, 'pgdata'));
}

/** After a successful open: this folder holds data from now on. */
export function markDataFolder(dataDir: string): void {
  const file = join(dataDir, MARKER);
  if (!existsSync(file))
    writeFileSync(
      file,
      `${JSON.stringify({ createdAt: new Date().toISOString(), note: 'Budget Formation data folder: do not delete (a missing pgdata/ is then refused at start).' }, null, 2)}\n`,
    );
}

/** The error to report for a failure to open an existing database. */
export function openFailure(dataDir: string, e: unknown): DamagedDataDirError {
  const detail = e instanceof Error ? e.message.split('\n')[0]!.slice(0, 200) : String(e);
  return new DamagedDataDirError(dataDir, `la base ne s'ouvre pas : ${detail}`);
}
