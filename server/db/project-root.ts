// Where the repository is: the database plumbing reads PGlite's files from node_modules, start-up
// reads .env and the data folder; a leaf module, so that every room may use it.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder up from this module that has supabase/migrations
 * (this module may run from server/db/ with tsx, or bundled in .data/build/ by server/start/start.mjs). */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'supabase', 'migrations')) && existsSync(join(dir, 'package.json')))
      return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}
export const PROJECT_ROOT = process.env.BF_PROJECT_ROOT ?? findProjectRoot();
