// Reference datasets: CSV rows -> validated table rows -> Postgres, streamed with papaparse.
// Shared by the seed step of the embedded backend (bundled data/*.csv, at start) and by
// `npm run data:import` (an operator's newer extract; see docs/backend.md for the columns).
import { BUDGET_INFO_FIELDS } from '../../../src/domain/budget';
import { normalizeOpcoName } from '../../../src/domain/opco';
import { foldText } from '../../../src/domain/text';
import type { Db, DbSession } from '../db';
import { FUNDING_CRITERIA_COLUMNS } from './funding-criteria';
import type { CsvRow, DatasetName, TableRow } from './rows';
import { legalFormOf } from '../../../supabase/functions/_shared/registry/contract';

/** Budget-info columns of a budget rule: every field the product reads except the OPCO, which
 * comes from the agreement (idcc_opco). One list, from the domain. */
export const BUDGET_INFO_COLUMNS = BUDGET_INFO_FIELDS.filter(
  (field): field is Exclude<(typeof BUDGET_INFO_FIELDS)[number], 'opco'> => field !== 'opco',
);

const TABLE_COLUMNS: Record<DatasetName, readonly string[]> = {
  idcc: ['idcc', 'libelle', 'nature', 'etat', 'url', 'title_source'],
  idcc_opco: ['idcc', 'opco', 'opco_long_name', 'source', 'source_url'],
  naf: ['code', 'label'],
  naf_idcc: ['naf', 'idcc', 'proba'],
  budget_rules: ['idcc', 'min_employees', 'max_employees', 'label', ...BUDGET_INFO_COLUMNS],
  registry_companies: [
    'siren',
    'nom_entreprise',
    'denomination',
    'forme_juridique',
    'code_naf',
    'siege_siret',
    'adresse_ligne_1',
    'adresse_ligne_2',
    'code_postal',
    'ville',
    'idccs',
    'search_text',
    'source',
    'tranche_effectif_salarie',
    'annee_tranche_effectif_salarie',
  ],
  funding_criteria: FUNDING_CRITERIA_COLUMNS,
};

const KEY_COLUMNS: Record<DatasetName, readonly string[]> = {
  idcc: ['idcc'],
  idcc_opco: ['idcc'],
  naf: ['code'],
  naf_idcc: ['naf', 'idcc'],
  budget_rules: ['idcc', 'min_employees', 'max_employees'],
  registry_companies: ['siren'],
  funding_criteria: ['line'],
};

export class RowError extends Error {}

/** Where an agreement's title comes from (data/README.md). */
const TITLE_SOURCES: readonly string[] = ['legifrance', 'research', 'unknown'];
/** The title of an agreement no source names (shown as such, never invented). */
export const UNKNOWN_TITLE = 'Intitulé non trouvé dans nos sources';

const text = (v: string | undefined, max: number): string | null => {
  const t = (v ?? '').trim();
  if (t === '') return null;
  if (t.length > max) throw new RowError(`texte trop long (${t.length} > ${max})`);
  return t;
};
const required = (v: string | undefined, max: number, name: string): string => {
  const t = text(v, max);
  if (t === null) throw new RowError(`${name} manquant`);
  return t;
};

export function normalizeIdccCode(v: string | undefined): string {
  const t = (v ?? '').trim();
  if (!/^\d{1,4}$/.test(t)) throw new RowError(`IDCC invalide : ${t.slice(0, 20)}`);
  return t.padStart(4, '0');
}

/** "62.01Z", "6201Z" or "62.01z" -> "62.01Z". */
export function normalizeNafCode(v: string | undefined): string | null {
  const t = (v ?? '').trim().toUpperCase().replace(/\s/g, '');
  if (t === '') return null;
  const m = /^(\d{2})\.?(\d{2})([A-Z])$/.exec(t);
  if (!m) throw new RowError(`code NAF invalide : ${t.slice(0, 20)}`);
  return `${m[1]}.${m[2]}${m[3]}`;
}

function int(v: string | undefined, name: string, min: number, max: number): number {
  const t = (v ?? '').trim();
  if (!/^-?\d{1,9}$/.test(t)) throw new RowError(`${name} invalide : ${t.slice(0, 20)}`);
  const n = Number(t);
  if (n < min || n > max) throw new RowError(`${name} hors limites : ${n}`);
  return n;
}

function digits(v: string | undefined, length: number, name: string): string | null {
  const t = (v ?? '').replace(/\s/g, '');
  if (t === '') return null;
  if (!new RegExp(`^\\d{${length}}$`).test(t))
    throw new RowError(`${name} invalide : ${t.slice(0, 20)}`);
  return t;
}

/** Lower case, no accents, punctuation as spaces: the registry's name search key. */
export function searchKey(...parts: (string | null | undefined)[]): string {
  return foldText(parts.filter(Boolean).join(' '))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// ----------------------------------------------------------------------------------------------
// Row mappers (CSV -> table)
// ----------------------------------------------------------------------------------------------
export const mappers: Record<
  Exclude<DatasetName, 'registry_companies' | 'funding_criteria'>,
  (r: CsvRow) => TableRow | null
> = {
  idcc: (r) => {
    // A grouped entry ("1740 1841 1843") repeats agreements that have their own rows: skipped.
    if (/^\d{1,4}(\s+\d{1,4})+$/.test((r.idcc ?? '').trim())) return null;
    const idcc = normalizeIdccCode(r.idcc);
    const libelle = text(r.libelle, 500);
    const declared = text(r.title_source, 20);
    if (declared !== null && !TITLE_SOURCES.includes(declared))
      throw new RowError(`title_source invalide : ${declared}`);
    if (libelle === null && declared !== null && declared !== 'unknown')
      throw new RowError(`intitulé manquant pour title_source ${declared}`);
    return {
      idcc,
      // No title in any source (two expired agreements of the list, IDCCs of the OPCO table that
      // no list names): a marker that says so, `title_source` unknown; never an invented title.
      libelle: libelle ?? `${UNKNOWN_TITLE} (IDCC ${idcc})`,
      nature: text(r.nature, 200),
      etat: text(r.etat, 50),
      url: text(r.url, 500),
      title_source: libelle === null ? 'unknown' : (declared ?? 'legifrance'),
    };
  },
  idcc_opco: (r) => {
    const long = required(r.opco, 300, 'opco');
    const short = normalizeOpcoName(long);
    if (!short) throw new RowError(`OPCO inconnu : ${long.slice(0, 60)}`);
    const sourceUrl = text(r.source_url, 1000);
    if (sourceUrl !== null && !/^https?:\/\/\S+$/i.test(sourceUrl))
      throw new RowError('source_url invalide (adresse http(s) attendue)');
    return {
      idcc: normalizeIdccCode(r.idcc),
      opco: short,
      opco_long_name: long,
      source: text(r.source, 100),
      source_url: sourceUrl,
    };
  },
  naf: (r) => ({
    code:
      normalizeNafCode(r.code ?? r.id) ??
      (() => {
        throw new RowError('code NAF manquant');
      })(),
    label: required(r.label, 500, 'label'),
  }),
  naf_idcc: (r) => ({
    naf:
      normalizeNafCode(r.naf) ??
      (() => {
        throw new RowError('naf manquant');
      })(),
    idcc: normalizeIdccCode(r.idcc),
    proba: r.proba === undefined || r.proba.trim() === '' ? 100 : int(r.proba, 'proba', 1, 100),
  }),
  budget_rules: (r) => {
    const min = int(r.min_employees, 'min_employees', 0, 1_000_000);
    const max = int(r.max_employees, 'max_employees', min, 1_000_000);
    const row: TableRow = {
      idcc: normalizeIdccCode(r.idcc),
      min_employees: min,
      max_employees: max,
      label: text(r.label, 100),
    };
    for (const c of BUDGET_INFO_COLUMNS) {
      const max =
        c.endsWith('_unity') ||
        c === 'rateOfCoverage' ||
        c === 'isWagesInBudget' ||
        c === 'pdcUpdatedAt'
          ? 50
          : c.endsWith('_conditions') || c === 'Budget_condition'
            ? 2000
            : c === 'comments' || c === 'thematicConditions'
              ? 4000
              : 200;
      row[c] = text(r[c], max);
    }
    return row;
  },
};

// ----------------------------------------------------------------------------------------------
// Companies: our registry CSV (data/companies-sample.csv) or a SIRENE stock extract
// ----------------------------------------------------------------------------------------------
const VOIE_TYPES: Record<string, string> = {
  ALL: 'allée',
  AV: 'avenue',
  BD: 'boulevard',
  CAR: 'carrefour',
  CHE: 'chemin',
  CHS: 'chaussée',
  CITE: 'cité',
  COR: 'corniche',
  CRS: 'cours',
  DOM: 'domaine',
  DSC: 'descente',
  ECA: 'écart',
  ESP: 'esplanade',
  FG: 'faubourg',
  GR: 'grande rue',
  HAM: 'hameau',
  HLE: 'halle',
  IMP: 'impasse',
  LD: 'lieu-dit',
  LOT: 'lotissement',
  MAR: 'marché',
  MTE: 'montée',
  PARC: 'parc',
  PAS: 'passage',
  PL: 'place',
  PLN: 'plaine',
  PLT: 'plateau',
  PRO: 'promenade',
  PRV: 'parvis',
  QUA: 'quartier',
  QUAI: 'quai',
  RES: 'résidence',
  RLE: 'ruelle',
  ROC: 'rocade',
  RPT: 'rond-point',
  RTE: 'route',
  RUE: 'rue',
  SEN: 'sentier',
  SQ: 'square',
  TPL: 'terre-plein',
  TRA: 'traverse',
  VLA: 'villa',
  VLGE: 'village',
  ZA: 'ZA',
  ZAC: 'ZAC',
  ZI: 'ZI',
};
export type CompanyCsvFormat = 'registry' | 'sirene';

export function companyCsvFormat(header: string[]): CompanyCsvFormat {
  if (
    header.includes('siege_siret') ||
    (header.includes('siren') && header.includes('nom_entreprise'))
  )
    return 'registry';
  if (header.includes('siret') && header.includes('siren')) return 'sirene';
  throw new RowError(
    'format de fichier inconnu : attendu les colonnes du registre (siren, nom_entreprise, siege_siret, ...) ou un extrait SIRENE (siren, siret, etablissementSiege, ...)',
  );
}

function upperName(v: string | null): string | null {
  return v ? v.toUpperCase() : null;
}

export function registryRowFromCsv(r: CsvRow, source: 'sample' | 'sirene' | 'import'): TableRow {
  const siren = digits(r.siren, 9, 'siren');
  if (!siren) throw new RowError('siren manquant');
  const siret = digits(r.siege_siret, 14, 'siege_siret');
  if (siret && !siret.startsWith(siren))
    throw new RowError('siege_siret ne commence pas par le siren');
  const nom = text(r.nom_entreprise, 300);
  const denomination = text(r.denomination, 300);
  if (!nom && !denomination) throw new RowError('nom_entreprise et denomination manquants');
  const idccs = (r.idccs ?? '')
    .split(/[;,\s]+/)
    .filter(Boolean)
    .map((c) => normalizeIdccCode(c));
  const ville = text(r.ville, 200);
  // The INSEE headcount band and its year (issue 29 item 11); an unreadable one is no band.
  const band = (r.tranche_effectif_salarie ?? '').trim().toUpperCase();
  const bandYear = (r.annee_tranche_effectif_salarie ?? '').trim();
  const hasBand = /^(NN|\d{2})$/.test(band);
  return {
    siren,
    nom_entreprise: nom,
    denomination,
    forme_juridique: text(r.forme_juridique, 200),
    code_naf: normalizeNafCode(r.code_naf),
    siege_siret: siret,
    adresse_ligne_1: text(r.adresse_ligne_1, 300),
    adresse_ligne_2: text(r.adresse_ligne_2, 300),
    code_postal: text(r.code_postal, 10),
    ville,
    idccs: [...new Set(idccs)],
    search_text: searchKey(nom, denomination, ville),
    source,
    tranche_effectif_salarie: hasBand ? band : null,
    annee_tranche_effectif_salarie: hasBand && /^\d{4}$/.test(bandYear) ? bandYear : null,
  };
}

/**
 * One head office of a SIRENE stock extract (StockEtablissement, optionally joined with the
 * StockUniteLegale name columns) as a registry row. null: not a live head office (skipped).
 */
export function registryRowFromSirene(r: CsvRow): TableRow | null {
  const siege = (r.etablissementSiege ?? 'true').trim().toLowerCase();
  if (siege !== 'true' && siege !== '1' && siege !== 'oui') return null;
  const etat = (r.etatAdministratifEtablissement ?? 'A').trim().toUpperCase();
  if (etat !== 'A' && etat !== '') return null;
  const person = [
    r.prenomUsuelUniteLegale ?? r.prenom1UniteLegale,
    r.nomUsageUniteLegale || r.nomUniteLegale,
  ]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const denomination =
    text(r.denominationUniteLegale, 300) ?? (person ? person.slice(0, 300) : null);
  const trade =
    text(r.enseigne1Etablissement, 300) ??
    text(r.denominationUsuelleEtablissement, 300) ??
    text(r.denominationUsuelle1UniteLegale, 300) ??
    denomination;
  const voie = [
    r.numeroVoieEtablissement,
    r.indiceRepetitionEtablissement,
    VOIE_TYPES[(r.typeVoieEtablissement ?? '').trim().toUpperCase()] ?? r.typeVoieEtablissement,
    r.libelleVoieEtablissement,
  ]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const categorie = (r.categorieJuridiqueUniteLegale ?? '').trim();
  const idcc = r.idcc ?? r.IDCC ?? r.idccs ?? '';
  return registryRowFromCsv(
    {
      siren: r.siren,
      nom_entreprise: upperName(trade) ?? undefined,
      denomination: upperName(denomination) ?? undefined,
      // INSEE's category as a legal form; an unknown code is no form (never the raw code).
      forme_juridique: legalFormOf(categorie) ?? undefined,
      code_naf: r.activitePrincipaleEtablissement || r.activitePrincipaleUniteLegale,
      siege_siret: r.siret,
      adresse_ligne_1: voie || undefined,
      adresse_ligne_2: r.complementAdresseEtablissement,
      code_postal: r.codePostalEtablissement,
      ville: r.libelleCommuneEtablissement,
      idccs: idcc,
      tranche_effectif_salarie: r.trancheEffectifsUniteLegale,
      annee_tranche_effectif_salarie: r.anneeEffectifsUniteLegale,
    },
    'sirene',
  );
}

// ----------------------------------------------------------------------------------------------
// Loading
// ----------------------------------------------------------------------------------------------
export type LoadReport = { dataset: DatasetName; rows: number; skipped: number; errors: string[] };
/** A CSV row (and its line in the file, header = 1) to a table row; null skips it. */
export type RowMapper = (r: CsvRow, line: number) => TableRow | null;

async function insertBatch(tx: DbSession, dataset: DatasetName, rows: TableRow[]) {
  if (!rows.length) return;
  const cols = TABLE_COLUMNS[dataset];
  const params: unknown[] = [];
  const values = rows.map((row) => {
    const ph = cols.map((c) => {
      const v = row[c] ?? null;
      params.push(v);
      return c === 'idccs' ? `$${params.length}::text[]` : `$${params.length}`;
    });
    return `(${ph.join(', ')})`;
  });
  const quoted = cols.map((c) => `"${c}"`).join(', ');
  const keys = KEY_COLUMNS[dataset].map((c) => `"${c}"`).join(', ');
  const updates = cols
    .filter((c) => !KEY_COLUMNS[dataset].includes(c))
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(', ');
  await tx.query(
    `insert into public.${dataset} (${quoted}) values ${values.join(', ')} on conflict (${keys}) do ${updates ? `update set ${updates}` : 'nothing'}`,
    params,
  );
}

/** Valid, de-duplicated rows of a CSV source, in batches; invalid rows are counted in `report`. */
export async function* mappedBatches(
  dataset: DatasetName,
  source: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  map: RowMapper,
  report: LoadReport,
  size = 500,
): AsyncGenerator<TableRow[]> {
  let batch: TableRow[] = [];
  const seen = new Set<string>();
  let line = 1;
  for await (const csvRow of source) {
    line++;
    let row: TableRow | null;
    try {
      row = map(csvRow, line);
    } catch (e) {
      report.skipped++;
      if (report.errors.length < 20) report.errors.push(`ligne ${line} : ${(e as Error).message}`);
      continue;
    }
    if (!row) {
      report.skipped++;
      continue;
    }
    const key = KEY_COLUMNS[dataset].map((c) => String(row[c])).join('|');
    if (seen.has(key)) {
      report.skipped++;
      if (report.errors.length < 20) report.errors.push(`ligne ${line} : doublon (${key})`);
      continue;
    }
    seen.add(key);
    batch.push(row);
    report.rows++;
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

export type DatasetMeta = {
  source: 'bundled' | 'import';
  version: string;
  fileName: string | null;
};

/**
 * Replaces a dataset's rows, in one transaction, with the mapped rows of `source` (CSV rows).
 * Invalid rows are skipped and reported (first 20 errors with their line number).
 */
export async function loadDataset(
  db: Db,
  dataset: DatasetName,
  source: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  map: RowMapper,
  meta: DatasetMeta,
): Promise<LoadReport> {
  const report: LoadReport = { dataset, rows: 0, skipped: 0, errors: [] };
  await db.transaction(async (tx) => {
    await tx.query(`delete from public.${dataset}`);
    for await (const batch of mappedBatches(dataset, source, map, report))
      await insertBatch(tx, dataset, batch);
    if (report.rows === 0)
      throw new Error(
        `${dataset} : aucune ligne valide (${report.errors.slice(0, 3).join(' ; ')})`,
      );
    await tx.query(
      `insert into public.reference_datasets (dataset, source, version, file_name, row_count, loaded_at)
       values ($1, $2, $3, $4, $5, now())
       on conflict (dataset) do update set source = excluded.source, version = excluded.version,
         file_name = excluded.file_name, row_count = excluded.row_count, loaded_at = now()`,
      [dataset, meta.source, meta.version, meta.fileName, report.rows],
    );
  });
  return report;
}

/**
 * Same through the data API with the service key (hosted projects without a database URL):
 * delete, then upsert in batches. Not atomic: a failure leaves a partial table, re-run the import.
 */
export async function loadDatasetViaApi(
  api: { url: string; serviceKey: string },
  dataset: DatasetName,
  source: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  map: RowMapper,
  meta: DatasetMeta,
): Promise<LoadReport> {
  const report: LoadReport = { dataset, rows: 0, skipped: 0, errors: [] };
  const base = `${api.url.replace(/\/$/, '')}/rest/v1`;
  const headers = {
    apikey: api.serviceKey,
    authorization: `Bearer ${api.serviceKey}`,
    'content-type': 'application/json',
    prefer: 'resolution=merge-duplicates,return=minimal',
  };
  const call = async (path: string, init: RequestInit) => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
    });
    if (!res.ok)
      throw new Error(
        `${init.method} ${path.split('?')[0]} : HTTP ${res.status} ${(await res.text()).slice(0, 300)}`,
      );
  };
  const key = KEY_COLUMNS[dataset][0]!;
  await call(`/${dataset}?${key}=not.is.null`, { method: 'DELETE' });
  for await (const batch of mappedBatches(dataset, source, map, report)) {
    await call(`/${dataset}?on_conflict=${KEY_COLUMNS[dataset].join(',')}`, {
      method: 'POST',
      body: JSON.stringify(batch),
    });
  }
  if (report.rows === 0)
    throw new Error(`${dataset} : aucune ligne valide (${report.errors.slice(0, 3).join(' ; ')})`);
  await call('/reference_datasets?on_conflict=dataset', {
    method: 'POST',
    body: JSON.stringify([
      {
        dataset,
        source: meta.source,
        version: meta.version,
        file_name: meta.fileName,
        row_count: report.rows,
        loaded_at: new Date().toISOString(),
      },
    ]),
  });
  return report;
}
