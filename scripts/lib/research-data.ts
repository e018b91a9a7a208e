// The reference data derived from the research (issue 27), never written by hand. Shared by
// `npm run data:sync` (writes) and `npm run data:check` (re-derives and compares):
//
//   data/research/          the research folder, vendored verbatim (+ MANIFEST.json: sha-256 of each)
//   data/sources/           the third-party inputs, verbatim: Mission Apprentissage's IDCC list and
//                           IDCC -> OPCO snapshot (March 2024, MIT)
//   data/opco-criteria-2026.csv   the research's criteria file (every column kept)
//   data/idcc-opco.csv            the snapshot + the research's additions (1618 corrected), each row
//                                 with its source
//   data/idcc.csv                 the IDCC list + every IDCC of the OPCO table it lacks, each row
//                                 saying where its title comes from (`title_source`: legifrance,
//                                 research, or unknown — never an invented title)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DATA_DIR = join(REPO_ROOT, 'data');
export const VENDORED_RESEARCH = join(DATA_DIR, 'research');
/** Where the project's research lives next to the repository (absent on a clean clone). */
export const DEFAULT_RESEARCH = resolve(REPO_ROOT, '../shared/data/research');
export const MANIFEST = 'MANIFEST.json';

export const SOURCE_FILES = {
  idcc: 'sources/idcc-2024-03.csv',
  idccOpco: 'sources/idcc-opco-2024-03.csv',
} as const;
export const DERIVED_FILES = {
  criteria: 'opco-criteria-2026.csv',
  idccOpco: 'idcc-opco.csv',
  idcc: 'idcc.csv',
} as const;

const SNAPSHOT = {
  source: 'mission-apprentissage-2024-03',
  idccUrl: 'https://github.com/mission-apprentissage/bal/blob/01cc7bab/shared/constants/idcc.ts',
  opcoUrl: 'https://github.com/mission-apprentissage/bal/blob/01cc7bab/shared/constants/opcos.ts',
} as const;

export type ManifestEntry = { file: string; bytes: number; sha256: string };

export const sha256 = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex');

/** Every regular file of a research folder (the manifest excepted), sorted, with its digest. */
export function manifestOf(dir: string): ManifestEntry[] {
  return readdirSync(dir)
    .filter((f) => f !== MANIFEST && statSync(join(dir, f)).isFile())
    .sort()
    .map((file) => {
      const bytes = readFileSync(join(dir, file));
      return { file, bytes: bytes.length, sha256: sha256(bytes) };
    });
}

export function manifestText(entries: readonly ManifestEntry[]): string {
  return `${JSON.stringify({ files: entries }, null, 2)}\n`;
}

type Row = Record<string, string>;
function parseCsv(text: string, where: string): Row[] {
  const parsed = Papa.parse<Row>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().replace(/^\uFEFF/, ''),
  });
  if (parsed.errors.length > 0)
    throw new Error(`${where} : CSV illisible (${parsed.errors[0]!.message})`);
  return parsed.data;
}

const writeCsv = (rows: Row[], columns: readonly string[]) =>
  `${Papa.unparse(rows, { columns: [...columns], newline: '\n' })}\n`;

const pad = (code: string) => code.trim().padStart(4, '0');

/** An additions row's kind, from the start of its notes (the research's convention). */
function additionSource(notes: string, idcc: string): string {
  if (notes.startsWith('CORRECTS')) return 'research-corrects';
  if (notes.startsWith('ADD (S2 map only)')) return 'research-s2-map';
  if (notes.startsWith('ADD')) return 'research-add';
  throw new Error(`idcc-opco-additions.csv, IDCC ${idcc} : notes sans ADD ni CORRECTS`);
}

/** The IDCC -> OPCO table: the snapshot, then the additions (an ADD must be new, a CORRECTS not). */
export function deriveIdccOpco(snapshot: Row[], additions: Row[]): Row[] {
  const table = new Map<string, Row>();
  for (const r of snapshot)
    table.set(pad(r.idcc!), {
      idcc: pad(r.idcc!),
      opco: r.opco!.trim(),
      source: SNAPSHOT.source,
      source_url: SNAPSHOT.opcoUrl,
    });
  for (const r of additions) {
    const idcc = pad(r.idcc!);
    const source = additionSource((r.notes ?? '').trim(), idcc);
    if (source === 'research-corrects' ? !table.has(idcc) : table.has(idcc))
      throw new Error(`idcc-opco-additions.csv, IDCC ${idcc} : ${source} contraire à l'instantané`);
    table.set(idcc, { idcc, opco: r.opco!.trim(), source, source_url: r.source_url!.trim() });
  }
  return [...table.values()].sort((a, b) => a.idcc!.localeCompare(b.idcc!));
}

// A title the research states for an added IDCC: « ADD. <title> (IDCC nnnn) … Légifrance KALICONT… ».
const TITLE_IN_NOTES = /^ADD\. (?<title>[^()]+?) \(IDCC (?<idcc>\d{4})\)/;
const KALICONT = /Légifrance (KALICONT\d{12})/;

/**
 * The IDCC table: the list's rows (title from Légifrance, or unknown when the list has none), then
 * one row per IDCC of the OPCO table the list lacks: its title when the research's notes state it,
 * else `title_source` unknown and no title.
 */
export function deriveIdcc(list: Row[], idccOpco: Row[], additions: Row[]): Row[] {
  const known = new Set(list.flatMap((r) => r.idcc!.trim().split(/\s+/).map(pad)));
  const rows: Row[] = list.map((r) => ({
    idcc: r.idcc!.trim(),
    libelle: (r.libelle ?? '').trim(),
    nature: (r.nature ?? '').trim(),
    etat: (r.etat ?? '').trim(),
    url: (r.url ?? '').trim(),
    title_source: (r.libelle ?? '').trim() === '' ? 'unknown' : 'legifrance',
    source: SNAPSHOT.source,
  }));
  const notes = new Map(additions.map((a) => [pad(a.idcc!), (a.notes ?? '').trim()]));
  for (const { idcc } of idccOpco) {
    if (known.has(idcc!)) continue;
    const note = notes.get(idcc!) ?? '';
    const m = TITLE_IN_NOTES.exec(note);
    const stated = m?.groups?.idcc === idcc ? m!.groups!.title!.trim() : null;
    const kali = KALICONT.exec(note)?.[1];
    rows.push({
      idcc: idcc!,
      libelle: stated ?? '',
      nature: '',
      etat: '',
      url: stated && kali ? `https://www.legifrance.gouv.fr/conv_coll/id/${kali}` : '',
      title_source: stated ? 'research' : 'unknown',
      source: stated ? 'research-add' : 'absent-des-sources',
    });
  }
  return rows;
}

/** Every derived file of data/, from the vendored research and sources (path relative to data/). */
export function deriveData(dataDir: string = DATA_DIR): Map<string, string> {
  const read = (rel: string) => readFileSync(join(dataDir, rel), 'utf8');
  const additions = parseCsv(read('research/idcc-opco-additions.csv'), 'idcc-opco-additions.csv');
  const idccOpco = deriveIdccOpco(parseCsv(read(SOURCE_FILES.idccOpco), 'sources'), additions);
  const idcc = deriveIdcc(parseCsv(read(SOURCE_FILES.idcc), 'sources'), idccOpco, additions);
  return new Map([
    [DERIVED_FILES.criteria, read('research/opco-criteria-2026.csv')],
    [DERIVED_FILES.idccOpco, writeCsv(idccOpco, ['idcc', 'opco', 'source', 'source_url'])],
    [
      DERIVED_FILES.idcc,
      writeCsv(idcc, ['idcc', 'libelle', 'nature', 'etat', 'url', 'title_source', 'source']),
    ],
  ]);
}

/** The derived files that differ from what data/ holds (drift): their paths. */
export function driftedFiles(dataDir: string = DATA_DIR): string[] {
  const out: string[] = [];
  for (const [rel, content] of deriveData(dataDir)) {
    let have: string | null = null;
    try {
      have = readFileSync(join(dataDir, rel), 'utf8');
    } catch {
      have = null;
    }
    if (have !== content) out.push(rel);
  }
  return out;
}

/** Differences between a research folder and the vendored copy's manifest. */
export function researchDrift(dir: string, manifest: readonly ManifestEntry[]): string[] {
  const actual = manifestOf(dir);
  const want = new Map(manifest.map((e) => [e.file, e.sha256]));
  const out: string[] = [];
  for (const e of actual) {
    if (!want.has(e.file)) out.push(`${e.file} : absent de la copie`);
    else if (want.get(e.file) !== e.sha256) out.push(`${e.file} : contenu différent`);
    want.delete(e.file);
  }
  for (const file of want.keys()) out.push(`${file} : absent de ${dir}`);
  return out;
}

export function readManifest(dir: string = VENDORED_RESEARCH): ManifestEntry[] {
  const parsed = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as { files?: unknown };
  if (!Array.isArray(parsed.files)) throw new Error(`${MANIFEST} : liste "files" attendue`);
  return parsed.files as ManifestEntry[];
}
