// CSV export of the plan (02 §5, §8, §9): the lazily loaded builder (same bytes as the domain's
// buildTrainingPlanCsv, progress per piece) and the page's download, offline from IndexedDB.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import Papa from 'papaparse';
import type { LocalDb } from '@/db';
import {
  buildTrainingPlanCsv,
  TRAINING_PLAN_CSV_HEADERS,
  type TrainingPlanCsvRow,
} from '@/domain/csv';
import { buildPlanCsvFile } from '@/features/training-plan/export/plan-csv-export';
import { fr } from '@/i18n/fr';
import { addRequests, freshDb, renderAt, request, signIn } from './harness';

const NOW = new Date('2026-11-22T10:00:00Z');

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob, 'utf-8');
  });
}
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const row = (i: number, over: Partial<TrainingPlanCsvRow> = {}): TrainingPlanCsvRow => ({
  employee: { first_name: 'À', last_name: 'définir', department: 'other' },
  topic: `Formation ${i}`,
  pedagogical_objectives: 'Objectifs "clés" ; ligne\nsuite',
  business_impact: 'high',
  format: 'in_person',
  training_organization: 'Budget Formation',
  duration: 14,
  cost: 2450,
  funding_type: 'OPCO',
  coverage_rate: 80,
  remaining_cost: 490,
  status: 'pending_funding',
  created_at: '2026-03-29T00:30:00.000Z',
  ...over,
});

describe('buildPlanCsvFile (lazy module)', () => {
  it('writes exactly the domain CSV, in pieces, whatever the piece size', async () => {
    const rows = [
      row(1),
      row(2, { topic: '=HYPERLINK("http://x")', employee: null, created_at: 'pas une date' }),
      row(3, {
        topic: '+33 Excel',
        training_organization: null,
        status: 'mystery',
        format: 'e_learning',
      }),
      row(4, { created_at: '2026-10-25T00:59:59.999Z' }),
      row(5, { created_at: '2026-10-25T01:00:00.000Z' }),
    ];
    const expected = buildTrainingPlanCsv(rows, NOW).content;
    for (const chunkSize of [1, 2, 1000]) {
      const file = await buildPlanCsvFile(rows, NOW, { chunkSize, yieldToUi: async () => {} });
      expect(await readBlob(file.blob)).toBe(expected.replace(/^\ufeff/, ''));
      const bytes = await readBytes(file.blob);
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(file.fileName).toBe('projet-formation-2026-11-22.csv');
      expect(file.blob.type).toBe('text/csv;charset=utf-8');
    }
    expect(await readBlob((await buildPlanCsvFile([], NOW)).blob)).toBe(
      TRAINING_PLAN_CSV_HEADERS.join(';'),
    );
  });

  it('reports progress after each piece and yields to the UI between pieces', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => row(i));
    const progress: [number, number][] = [];
    const yieldToUi = vi.fn(async () => {});
    await buildPlanCsvFile(rows, NOW, {
      chunkSize: 1000,
      onProgress: (d, t) => progress.push([d, t]),
      yieldToUi,
      sliceMs: 0,
    });
    expect(progress).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
    expect(yieldToUi).toHaveBeenCalledTimes(2);
  });

  it('neutralises formulas and round-trips every other cell through a CSV reader', async () => {
    const rows = [row(1, { topic: '@SUM(A1)', pedagogical_objectives: '-2+3' })];
    const text = await readBlob((await buildPlanCsvFile(rows, NOW)).blob);
    const parsed = Papa.parse<string[]>(text, { delimiter: ';' });
    expect(parsed.data[0]).toEqual([...TRAINING_PLAN_CSV_HEADERS]);
    expect(parsed.data[1]).toEqual([
      'À définir',
      // The placeholder employee's department was never chosen (issue 29): not filled.
      '',
      "'@SUM(A1)",
      "'-2+3",
      'Fort',
      'Présentiel',
      'Budget Formation',
      '14',
      '2450',
      'OPCO',
      '80',
      '490',
      'En attente de financement',
      '29 mars 2026',
    ]);
  });
});

describe('Exporter en CSV (page)', () => {
  let db: LocalDb;
  let clicked: { href: string; download: string }[];
  let blobs: Blob[];

  beforeEach(() => {
    db = freshDb();
    signIn();
    clicked = [];
    blobs = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:test/${blobs.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(async () => {
    toast.dismiss();
    vi.restoreAllMocks();
    db.close();
    await db.delete();
  });

  it('downloads projet-formation-{date}.csv built from the local store, with a BOM and 14 columns', async () => {
    const user = userEvent.setup();
    await addRequests(db, [
      request({
        topic: 'Excel avancé',
        pedagogical_objectives: 'Dire "bonjour" ; puis\nau revoir',
      }),
      request({
        topic: '=cmd|calc',
        format: 'in_person',
        cost: 3200,
        coverage_rate: 80,
        remaining_cost: 640,
      }),
    ]);
    renderAt(db, '/training-plan');
    await screen.findByRole('article', { name: 'Excel avancé' });
    await user.click(screen.getByRole('button', { name: fr.trainingPlan.exportCsv }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toMatch(/^projet-formation-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(clicked[0]!.href).toBe('blob:test/1');
    const bytes = await readBytes(blobs[0]!);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await readBlob(blobs[0]!);
    const records = Papa.parse<string[]>(text, { delimiter: ';' }).data;
    expect(records).toHaveLength(3);
    expect(records[0]).toEqual([...TRAINING_PLAN_CSV_HEADERS]);
    expect(records.every((r) => r.length === 14)).toBe(true);
    const byTopic = new Map(records.slice(1).map((r) => [r[2], r]));
    expect(byTopic.get('Excel avancé')![3]).toBe('Dire "bonjour" ; puis\nau revoir');
    expect(byTopic.get("'=cmd|calc")).toMatchObject({
      0: 'À définir',
      5: 'Présentiel',
      8: '3200',
      10: '80',
      11: '640',
      12: 'À organiser',
    });
    expect(text).toContain('"Dire ""bonjour"" ; puis\r\nau revoir"'.replace('\r\n', '\n'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: fr.trainingPlan.exportCsv })).toBeEnabled(),
    );
  });
});
