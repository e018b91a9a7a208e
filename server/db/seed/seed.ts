// Seed step of the embedded backend: loads the bundled reference data (data/*.csv and the NAF
// nomenclature of @socialgouv/codes-naf) into Postgres. Idempotent and versioned: a dataset is
// (re)loaded when absent or when its bundled file changed (sha-256 of the file); a dataset an
// operator imported (`npm run data:import`, source 'import') is never overwritten.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Db } from '../db';
import {
  loadDataset,
  mappers,
  registryRowFromCsv,
  type LoadReport,
  type RowMapper,
} from './datasets';
import { csvRows, fileVersion } from './csv-files';
import type { CsvRow, DatasetName } from './rows';
import { fundingCriterionRow } from './funding-criteria';

const require = createRequire(import.meta.url);

type Bundled = {
  dataset: DatasetName;
  file: string | null;
  version: () => Promise<string>;
  rows: () => AsyncIterable<CsvRow> | Iterable<CsvRow>;
  map: RowMapper;
};

export function bundledDatasets(dataDir: string): Bundled[] {
  const csv = (
    dataset: Exclude<DatasetName, 'naf' | 'registry_companies' | 'funding_criteria'>,
    file: string,
  ): Bundled => ({
    dataset,
    file,
    version: () => fileVersion(join(dataDir, file)),
    rows: () => csvRows(join(dataDir, file)),
    map: mappers[dataset],
  });
  const nafPackage = require('@socialgouv/codes-naf/package.json') as { version: string };
  return [
    csv('idcc', 'idcc.csv'),
    csv('idcc_opco', 'idcc-opco.csv'),
    {
      dataset: 'naf',
      file: null,
      version: async () => `@socialgouv/codes-naf@${nafPackage.version}`,
      rows: () =>
        (require('@socialgouv/codes-naf') as { id: string; label: string }[])
          .filter((n) => /^\d{2}\.\d{2}[A-Z]$/.test(n.id))
          .map((n) => ({ code: n.id, label: n.label })),
      map: mappers.naf,
    },
    csv('naf_idcc', 'naf-idcc.csv'),
    csv('budget_rules', 'budget-rules.csv'),
    {
      dataset: 'registry_companies',
      file: 'companies-sample.csv',
      version: () => fileVersion(join(dataDir, 'companies-sample.csv')),
      rows: () => csvRows(join(dataDir, 'companies-sample.csv')),
      map: (r) => registryRowFromCsv(r, 'sample'),
    },
    {
      dataset: 'funding_criteria',
      file: 'opco-criteria-2026.csv',
      version: () => fileVersion(join(dataDir, 'opco-criteria-2026.csv')),
      rows: () => csvRows(join(dataDir, 'opco-criteria-2026.csv')),
      map: fundingCriterionRow,
    },
  ];
}

export async function seedReferenceData(
  db: Db,
  dataDir: string,
  opts: { log?: (line: string) => void; force?: boolean } = {},
): Promise<string[]> {
  const current = new Map(
    (
      await db.query<{ dataset: string; source: string; version: string }>(
        'select dataset, source, version from public.reference_datasets',
      )
    ).map((r) => [r.dataset, r]),
  );
  const loaded: string[] = [];
  for (const d of bundledDatasets(dataDir)) {
    const have = current.get(d.dataset);
    if (have?.source === 'import' && !opts.force) continue;
    const version = await d.version();
    if (have?.version === version && !opts.force) continue;
    const report: LoadReport = await loadDataset(db, d.dataset, d.rows(), d.map, {
      source: 'bundled',
      version,
      fileName: d.file,
    });
    if (report.errors.length)
      opts.log?.(
        `[seed] ${d.dataset}: ${report.skipped} ligne(s) ignorée(s): ${report.errors.slice(0, 5).join(' ; ')}`,
      );
    loaded.push(`${d.dataset} (${report.rows})`);
  }
  return loaded;
}
