// npm run data:sync [-- RESEARCH_DIR]
// Regenerates data/ from the project's research folder (issue 27; default ../shared/data/research
// next to the repository): copies every file of it verbatim into data/research/ with a manifest
// (sha-256 of each), then derives data/opco-criteria-2026.csv, data/idcc-opco.csv and
// data/idcc.csv (scripts/lib/research-data.ts). Nothing in data/ is edited by hand: edit the
// research, then run this; `npm run data:check` (CI) fails on any drift.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import {
  DATA_DIR,
  DEFAULT_RESEARCH,
  deriveData,
  MANIFEST,
  manifestOf,
  manifestText,
  VENDORED_RESEARCH,
} from './lib/research-data';

const args = process.argv.slice(2).filter((a) => a !== '--');
const source = resolve(process.cwd(), args[0] ?? DEFAULT_RESEARCH);
if (!existsSync(source)) {
  console.error(`Dossier de recherche introuvable : ${source} (npm run data:sync -- CHEMIN)`);
  process.exit(2);
}
if (resolve(source) === resolve(VENDORED_RESEARCH)) {
  console.error(
    'La source est déjà la copie de data/research : donnez le dossier de la recherche.',
  );
  process.exit(2);
}

const entries = manifestOf(source);
mkdirSync(VENDORED_RESEARCH, { recursive: true });
const wanted = new Set(entries.map((e) => e.file));
for (const file of readdirSync(VENDORED_RESEARCH))
  if (file !== MANIFEST && !wanted.has(file)) rmSync(join(VENDORED_RESEARCH, file));
for (const e of entries) copyFileSync(join(source, e.file), join(VENDORED_RESEARCH, e.file));
writeFileSync(join(VENDORED_RESEARCH, MANIFEST), manifestText(entries));
console.log(`data/research : ${entries.length} fichier(s) copiés de ${source}`);

for (const [rel, content] of deriveData(DATA_DIR)) {
  writeFileSync(join(DATA_DIR, rel), content);
  const rows = content.trimEnd().split('\n').length - 1;
  console.log(`${relative(process.cwd(), join(DATA_DIR, rel))} : régénéré (${rows} lignes)`);
}
