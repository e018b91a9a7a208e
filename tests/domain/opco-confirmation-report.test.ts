// Issue 27 item 7: the CSV of `npm run data:reports`, what it holds and what it never holds.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  buildOpcoReportCsv,
  centsToDecimal,
  OPCO_REPORT_COLUMNS,
  OPCO_REPORT_HEADERS,
  opcoReportSourceSchema,
  type OpcoReportSource,
} from '@/domain/opco-confirmation-report';

const report = (over: Partial<OpcoReportSource> & Record<string, unknown> = {}) => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  profile_id: 'f0e1d2c3-0000-4000-8000-000000000002',
  company_siret: '44306184100047',
  comment: 'Appel de Mme Durand, conseillère',
  created_at: '2026-11-20T09:00:00.000Z',
  idcc: '1486',
  employee_range_min: 11,
  employee_range_max: 49,
  opco_name: 'Atlas',
  amount_cents: 600_000,
  amount_basis: 'HT' as OpcoReportSource['amount_basis'],
  confirmed_on: '2026-11-20',
  deleted_at: null as string | null,
  ...over,
});

const parse = (csv: string) =>
  Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

describe('buildOpcoReportCsv', () => {
  it('one line per live report: IDCC, band, OPCO, amount, basis, date; nothing else', () => {
    const csv = buildOpcoReportCsv([
      report(),
      report({
        idcc: '843',
        employee_range_min: 1,
        employee_range_max: 10,
        opco_name: 'OPCO EP',
        amount_cents: 250_050,
        amount_basis: 'unknown',
        confirmed_on: '2026-10-02',
      }),
      report({ deleted_at: '2026-11-21T00:00:00Z', idcc: '9999' }),
    ]);
    const parsed = parse(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...OPCO_REPORT_HEADERS]);
    expect(parsed.data).toEqual([
      {
        idcc: '843',
        headcount_min: '1',
        headcount_max: '10',
        opco: 'OPCO EP',
        amount_eur: '2500.50',
        amount_basis: 'unknown',
        confirmed_on: '2026-10-02',
      },
      {
        idcc: '1486',
        headcount_min: '11',
        headcount_max: '49',
        opco: 'Atlas',
        amount_eur: '6000.00',
        amount_basis: 'HT',
        confirmed_on: '2026-11-20',
      },
    ]);
    // No personal data: no user, no SIRET, no comment, no time of recording.
    for (const secret of ['f0e1d2c3', '44306184100047', 'Durand', 'a1b2c3d4', '09:00'])
      expect(csv).not.toContain(secret);
  });

  it('sorted by IDCC as a 4-digit code, then band (never in the order of recording)', () => {
    const csv = buildOpcoReportCsv([
      report({ idcc: '1486', employee_range_min: 50, employee_range_max: 299 }),
      report({ idcc: '573' }),
      report({ idcc: '1486', employee_range_min: 11, employee_range_max: 49 }),
    ]);
    expect(parse(csv).data.map((r) => `${r.idcc}/${r.headcount_min}`)).toEqual([
      '573/11',
      '1486/11',
      '1486/50',
    ]);
  });

  it('an empty export is the header line alone', () => {
    expect(buildOpcoReportCsv([])).toBe(`${OPCO_REPORT_HEADERS.join(',')}\n`);
  });

  it('a cell that would start a formula in a spreadsheet is neutralised', () => {
    const csv = buildOpcoReportCsv([report({ opco_name: '=HYPERLINK("x")' })]);
    expect(parse(csv).data[0]!.opco).toBe('\'=HYPERLINK("x")');
  });
});

describe('opcoReportSourceSchema (the export reads rows with it)', () => {
  it('keeps the seven columns and the deletion mark, drops the rest; refuses a malformed row', () => {
    const parsed = opcoReportSourceSchema.parse({
      ...report(),
      confirmed_on: '2026-11-20T00:00:00',
    });
    expect(Object.keys(parsed).sort()).toEqual([...OPCO_REPORT_COLUMNS].sort());
    expect(opcoReportSourceSchema.safeParse({ ...report(), amount_cents: '4800' }).success).toBe(
      false,
    );
    expect(opcoReportSourceSchema.safeParse({ ...report(), amount_basis: 'HTVA' }).success).toBe(
      false,
    );
  });
});

describe('centsToDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [480_050, '4800.50'],
    [1_000_000_000, '10000000.00'],
  ])('%i → %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });
});
