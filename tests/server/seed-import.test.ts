// Reference data seed (idempotent, versioned, never over an import) and `npm run data:import`
// (SIRENE extract, CSV tables, --api through the service key). These tests replace datasets, so they
// run on a PRIVATE backend (its own temporary PGlite folder), never on the shared one.
// With TEST_DATABASE_URL (PostgreSQL leg), they need TEST_DATABASE_URL_PRIVATE (another database).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../server/start/backend';
import { loadConfig, PROJECT_ROOT } from '../../server/start/config';
import { registryRowFromSirene, searchKey } from '../../server/db/seed/datasets';
import { importFile } from '../../server/db/seed/importer';
import { seedReferenceData } from '../../server/db/seed/seed';
import { startTestBackendWithInternals, type TestBackend } from '../../server/testing/backend';
import { registryResponseSchema } from '../../src/domain/contracts';

const privateUrl = process.env.TEST_DATABASE_URL
  ? process.env.TEST_DATABASE_URL_PRIVATE
  : undefined;
const skip = !!process.env.TEST_DATABASE_URL && !privateUrl;

let dir = '';
const file = (name: string, content: string) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

const SIRENE = [
  'siren,nic,siret,etablissementSiege,etatAdministratifEtablissement,denominationUniteLegale,nomUniteLegale,prenom1UniteLegale,categorieJuridiqueUniteLegale,enseigne1Etablissement,activitePrincipaleEtablissement,numeroVoieEtablissement,indiceRepetitionEtablissement,typeVoieEtablissement,libelleVoieEtablissement,complementAdresseEtablissement,codePostalEtablissement,libelleCommuneEtablissement,idcc',
  '552100554,00016,55210055400016,true,A,ATELIERS DU LEVANT,,,5710,,62.01Z,12,,RUE,DES LILAS,,69003,LYON 3E ARRONDISSEMENT,1486',
  '552100554,00024,55210055400024,false,A,ATELIERS DU LEVANT,,,5710,,62.01Z,3,,AV,FOCH,,75016,PARIS,1486',
  '732829320,00074,73282932000074,true,A,,DUPONT,MARIE,1000,BOULANGERIE DU MARCHE,10.71C,5,B,PL,DU MARCHE,BATIMENT A,21000,DIJON,843',
  '805136225,00011,80513622500011,true,F,SOCIETE FERMEE,,,5499,,56.10A,1,,RUE,X,,75001,PARIS,',
  '123,00011,12300011,true,A,MAUVAIS SIREN,,,5499,,56.10A,1,,RUE,X,,75001,PARIS,',
].join('\n');

let shared: (TestBackend & { backend: Backend }) | null = null;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bf-import-'));
  if (skip) return;
  shared = await startTestBackendWithInternals({ databaseUrl: privateUrl });
}, 120_000);

afterAll(async () => {
  await shared?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skip)('seed and import', () => {
  it('maps a SIRENE head office to a registry row', () => {
    const row = registryRowFromSirene({
      siren: '732829320',
      siret: '73282932000074',
      etablissementSiege: 'true',
      nomUniteLegale: 'DUPONT',
      prenom1UniteLegale: 'MARIE',
      categorieJuridiqueUniteLegale: '1000',
      enseigne1Etablissement: 'Boulangerie du Marché',
      activitePrincipaleEtablissement: '10.71C',
      numeroVoieEtablissement: '5',
      indiceRepetitionEtablissement: 'B',
      typeVoieEtablissement: 'PL',
      libelleVoieEtablissement: 'DU MARCHE',
      codePostalEtablissement: '21000',
      libelleCommuneEtablissement: 'DIJON',
      idcc: '843',
      trancheEffectifsUniteLegale: '02',
      anneeEffectifsUniteLegale: '2022',
    });
    expect(row).toMatchObject({
      siren: '732829320',
      nom_entreprise: 'BOULANGERIE DU MARCHÉ',
      denomination: 'MARIE DUPONT',
      forme_juridique: 'Entrepreneur individuel',
      code_naf: '10.71C',
      siege_siret: '73282932000074',
      adresse_ligne_1: '5 B place DU MARCHE',
      idccs: ['0843'],
      source: 'sirene',
      tranche_effectif_salarie: '02',
      annee_tranche_effectif_salarie: '2022',
    });
    expect(
      registryRowFromSirene({
        siren: '732829320',
        siret: '73282932000082',
        etablissementSiege: 'false',
      }),
    ).toBeNull();
    expect(searchKey("L'Atelier — Étoile", 'SAINT-ÉTIENNE')).toBe('l atelier etoile saint etienne');
  });

  it('the seed is idempotent and versioned', async () => {
    const db = shared!.backend.db;
    expect(await seedReferenceData(db, join(PROJECT_ROOT, 'data'))).toEqual([]);
    await db.query(
      "update public.reference_datasets set version = 'old' where dataset = 'naf_idcc'",
    );
    expect(await seedReferenceData(db, join(PROJECT_ROOT, 'data'))).toEqual(['naf_idcc (88)']);
  });

  it('imports a SIRENE extract (head offices only, invalid rows reported) and serves it', async () => {
    const report = await importFile('companies', file('sirene.csv', SIRENE), {
      kind: 'db',
      db: shared!.backend.db,
    });
    expect(report).toMatchObject({
      dataset: 'registry_companies',
      rows: 2,
      skipped: 3,
      format: 'sirene',
    });
    expect(report.errors.join('\n')).toMatch(/ligne 6 : siren invalide/);
    const res = await fetch(`${shared!.url}/registry/v2?q=levant`);
    // Real companies an operator imported: not labelled as samples.
    expect(res.headers.get('x-data-source')).toBe('import');
    const body = registryResponseSchema.parse(await res.json());
    expect(body.resultats_nom_entreprise.map((i) => i.siren)).toEqual(['552100554']);
    expect(body.resultats_nom_entreprise[0]!.siege?.siret).toBe('55210055400016');
    // The sample is gone.
    expect(
      registryResponseSchema.parse(
        await (await fetch(`${shared!.url}/registry/v2?q=boulangerie`)).json(),
      ).resultats_nom_entreprise,
    ).toHaveLength(1);
  });

  it('imports funding criteria: a row that does not parse is reported and never served', async () => {
    const header =
      'opco,branch,idcc,headcount_min,headcount_max,yearly_cap_eur_ht,hourly_cap_eur_ht,coverage_rate_pct,per_action_cap_eur_ht,salary_covered,year,source_url,notes';
    const notes = '"[primary: official OPCO page] Criteria 2026, \'Mise à jour 08/01/2026\'."';
    const csv = file(
      'criteria.csv',
      [
        header,
        `AKTO,Commerces de gros,0573,0,10,4321,,,,no,2026,https://www.akto.fr/x/,${notes}`,
        `AKTO,Commerces de gros,0573,11,49,99999,,,,no,2026,,${notes}`,
        `AKTO,Commerces de gros,0573,50,,88888,,,,peut-être,2026,https://www.akto.fr/x/,${notes}`,
      ].join('\n'),
    );
    const report = await importFile('funding-criteria', csv, {
      kind: 'db',
      db: shared!.backend.db,
    });
    expect(report).toMatchObject({ rows: 1, skipped: 2 });
    expect(report.errors.join('\n')).toMatch(/ligne 3 : source manquante/);
    expect(report.errors.join('\n')).toMatch(/ligne 4 : salary_covered invalide/);
    const get = async (min: number, max: number) =>
      (
        await fetch(`${shared!.url}/public/pdc/infoPdc/0573/min/${min}/max/${max}`, {
          headers: { 'x-api-key': 'local-static-key' },
        })
      ).json() as Promise<{ budgetInfo: { totalBudget_value: string }; provenance: unknown }>;
    // The running backend reloads the criteria after the import.
    const served = await get(1, 10);
    expect(served.budgetInfo.totalBudget_value).toBe('4321');
    expect(served.provenance).toMatchObject({
      kind: 'sourced',
      reliability: 'official',
      publishedOn: '2026-01-08',
    });
    expect((await get(11, 49)).provenance).toMatchObject({ kind: 'unavailable' });
    expect((await get(50, 299)).provenance).toMatchObject({ kind: 'unavailable' });
  });

  it('imports the research format through the data API (issue 27): superseded never served, TTC said TTC', async () => {
    const header = readFileSync('data/opco-criteria-2026.csv', 'utf8').split('\n')[0]!;
    const notes = '"[secondary S2: compilation, snapshot 2026-06-11]"';
    const csv = file(
      'criteria-research.csv',
      [
        header,
        `AKTO,Commerces de gros,0573,0,10,5000,,,,no,2026,https://www.akto.fr/x/,${notes},TTC,current,compilation,"S2 : « 5 000 euros TTC »",idcc 0573`,
        `AKTO,Commerces de gros,0573,0,10,9000,,,,no,2026,https://www.akto.fr/y/,${notes},HT,superseded,compilation,,idcc 0573`,
        `AKTO,Commerces de gros,0573,11,49,7000,,,,no,2026,https://www.akto.fr/z/,${notes},HT,sometimes,compilation,,idcc 0573`,
      ].join('\n'),
    );
    // Through the data API with the service key, as a hosted project imports it (--api).
    const report = await importFile('funding-criteria', csv, {
      kind: 'api',
      url: shared!.url,
      serviceKey: shared!.serviceKey,
    });
    expect(report).toMatchObject({ rows: 2, skipped: 1 });
    expect(report.errors.join('\n')).toMatch(/ligne 4 : status invalide/);
    const served = (await (
      await fetch(`${shared!.url}/public/pdc/infoPdc/0573/min/1/max/10`, {
        headers: { 'x-api-key': 'local-static-key' },
      })
    ).json()) as {
      budgetInfo: Record<string, string>;
      figure: { parts: { sources: { line: number; evidence: string }[] }[] };
    };
    expect(served.budgetInfo).toMatchObject({
      totalBudget_value: '5000',
      totalBudget_unity: '€ TTC',
    });
    expect(served.figure.parts[0]!.sources).toMatchObject([
      { line: 2, evidence: 'S2 : « 5 000 euros TTC »' },
    ]);
  });

  it('imports a NAF -> IDCC table (codes normalised, proba defaults to 100, bad rows skipped)', async () => {
    const csv = file(
      'naf-idcc.csv',
      'naf,idcc,proba\n6201Z,1486,\n62.02A,1486,70\n62.02A,abc,10\nxx,1486,5\n',
    );
    const report = await importFile('naf-idcc', csv, { kind: 'db', db: shared!.backend.db });
    expect(report).toMatchObject({ rows: 2, skipped: 2 });
    const res = await fetch(`${shared!.url}/public/idcc/getIdccFromNAF/?naf=62.01Z`, {
      headers: { 'x-api-key': 'local-static-key' },
    });
    expect(await res.json()).toEqual([expect.objectContaining({ idcc: '1486', proba: 100 })]);
  });

  // The budget rules are the invented sample rules' table: served only to a request that opts in
  // (x-budget-sample-rules), for an agreement no published criterion reaches (0016).
  it('imports budget rules through the data API with the service key (--api)', async () => {
    const header =
      'idcc,min_employees,max_employees,label,totalBudget_value,totalBudget_unity,legalBudget_value,legalBudget_unity,conventionalBudget_value,conventionalBudget_unity,Budget_condition,rateOfCoverage,dailyCap_minValue,dailyCap_unity,dailyCap_conditions,hourlyCap_minValue,hourlyCap_unity,hourlyCap_conditions,hourlyVolumeCap_minValue,hourlyVolumeCap_unity,hourlyVolumeCap_conditions,isWagesInBudget,wages_conditions,additionalCosts_value,additionalCosts_conditions,comments,thematicConditions,pdcUpdatedAt';
    const csv = file(
      'rules.csv',
      `${header}\n0016,1,49,1 à 49 salariés,7 000,€ HT,,,,,Non,90,,,,50,€ HT / heure,,,,,Non,Non,Non,,,Non,2027-01-01\n0016,60,10,x,,,,,,,,,,,,,,,,,,,,,,,,\n`,
    );
    const report = await importFile('budget-rules', csv, {
      kind: 'api',
      url: shared!.url,
      serviceKey: shared!.serviceKey,
    });
    expect(report).toMatchObject({ rows: 1, skipped: 1 });
    const sample = { 'x-api-key': 'local-static-key', 'x-budget-sample-rules': 'on' };
    const res = await fetch(`${shared!.url}/public/pdc/infoPdc/0016/min/11/max/49`, {
      headers: sample,
    });
    expect(await res.json()).toMatchObject({
      budgetType: 'TOTAL',
      tauxPriseEnCharge: 90,
      budgetInfo: { totalBudget_value: '7 000' },
      provenance: { kind: 'sample' },
    });
    const bands = await (
      await fetch(`${shared!.url}/public/pdc/infoPdc/0016`, { headers: sample })
    ).json();
    expect(bands).toEqual([{ minEmployees: 1, maxEmployees: 49, label: '1 à 49 salariés' }]);
    // The API path is refused without the service key.
    await expect(
      importFile('budget-rules', csv, {
        kind: 'api',
        url: shared!.url,
        serviceKey: shared!.anonKey,
      }),
    ).rejects.toThrow(/HTTP 4\d\d/);
  });

  it('a restart keeps the imports (the seed never overwrites them); "bundled" restores the sample', async () => {
    if (privateUrl) return; // the PGlite-folder restart and the CLI are PGlite-only
    const { config } = shared!.backend;
    await shared!.backend.close();
    const restarted = await createBackend(config);
    try {
      const rows = await restarted.db.query<{ dataset: string; source: string }>(
        'select dataset, source from public.reference_datasets order by dataset',
      );
      expect(rows.filter((r) => r.source === 'import').map((r) => r.dataset)).toEqual([
        'budget_rules',
        'funding_criteria',
        'naf_idcc',
        'registry_companies',
      ]);
      const [n] = await restarted.db.query<{ n: number }>(
        'select count(*)::int as n from public.registry_companies',
      );
      expect(n!.n).toBe(2);
      // The folder is locked while the backend runs: the CLI says so.
      const locked = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/data-import.ts', 'naf-idcc', join(dir, 'naf-idcc.csv')],
        {
          cwd: PROJECT_ROOT,
          env: { ...process.env, LITE_DATA_DIR: config.dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        },
      );
      expect(locked.status).toBe(1);
      expect(locked.stderr).toMatch(/déjà utilisé par le processus/);
    } finally {
      await restarted.close();
    }
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/data-import.ts', '--', 'bundled'],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, LITE_DATA_DIR: config.dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/registry_companies \(320\)/);
    const again = await createBackend(loadConfig({}, { ...config }));
    try {
      const [n] = await again.db.query<{ n: number }>(
        'select count(*)::int as n from public.registry_companies',
      );
      expect(n!.n).toBe(320);
    } finally {
      await again.close();
    }
  }, 120_000);
});
