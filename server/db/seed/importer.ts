// `npm run data:import -- <dataset> FILE.csv`: replaces one reference dataset with an operator's
// CSV (a newer official extract, a SIRENE stock extract, a real NAF -> IDCC table, the funds' rules).
// Targets: the embedded PGlite folder (LITE_DATA_DIR, backend stopped), a PostgreSQL server
// (DATABASE_URL: the migrations must be deployed), or a Supabase project's data API (--api with
// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY). Imported datasets are never overwritten by the seed.
import { basename } from 'node:path';
import type { Db } from '../db';
import {
  companyCsvFormat,
  loadDataset,
  loadDatasetViaApi,
  mappers,
  registryRowFromCsv,
  registryRowFromSirene,
  type LoadReport,
  type RowMapper,
} from './datasets';
import { csvHeader, csvRows, fileVersion } from './csv-files';
import type { DatasetName } from './rows';
import { fundingCriterionRow } from './funding-criteria';

/** Command-line names of the datasets. */
export const IMPORT_DATASETS: Record<string, DatasetName> = {
  companies: 'registry_companies',
  idcc: 'idcc',
  'idcc-opco': 'idcc_opco',
  naf: 'naf',
  'naf-idcc': 'naf_idcc',
  'budget-rules': 'budget_rules',
  'funding-criteria': 'funding_criteria',
};

export type ImportTarget =
  { kind: 'db'; db: Db } | { kind: 'api'; url: string; serviceKey: string };

export async function importFile(
  name: string,
  file: string,
  target: ImportTarget,
): Promise<LoadReport & { format?: string }> {
  const dataset = IMPORT_DATASETS[name];
  if (!dataset)
    throw new Error(
      `Jeu de données inconnu : ${name} (attendu : ${Object.keys(IMPORT_DATASETS).join(', ')})`,
    );
  let map: RowMapper;
  let format: string | undefined;
  if (dataset === 'registry_companies') {
    const f = companyCsvFormat(await csvHeader(file));
    format = f;
    map = f === 'sirene' ? registryRowFromSirene : (r) => registryRowFromCsv(r, 'import');
  } else if (dataset === 'funding_criteria') {
    map = fundingCriterionRow;
  } else {
    map = mappers[dataset];
  }
  const meta = {
    source: 'import' as const,
    version: await fileVersion(file),
    fileName: basename(file),
  };
  const report =
    target.kind === 'db'
      ? await loadDataset(target.db, dataset, csvRows(file), map, meta)
      : await loadDatasetViaApi(target, dataset, csvRows(file), map, meta);
  return { ...report, format };
}
