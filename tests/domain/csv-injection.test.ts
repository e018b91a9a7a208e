// Issue 14 item 9: CSV formula injection, OWASP's rule completely. A cell was quoted only when it
// held ';', '"', CR or LF, so « Excel avancé,=2*21 » opened with a comma separator gave a live
// formula, and a tab or a leading space, line break or ideographic space before = + - @ escaped the
// neutralisation. Property tests over those characters: whatever the text, whichever common
// separator (, ; tab) and line break a spreadsheet reads the file with, no cell starts a formula,
// and read with ours every cell comes back as written, but for the neutralising quotes.
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildTrainingPlanCsv, neutralizeFormula, type TrainingPlanCsvRow } from '@/domain/csv';
import { trainingPlanCsvChunks } from '@/domain/training-plan-csv';
import { startsFormula, startsWithControl } from './csv-oracle';

const NOW = new Date('2026-11-23T10:00:00Z');

const ALPHABET = [
  'a',
  'Z',
  '0',
  'é',
  ' ',
  '\t',
  '\r',
  '\n',
  ',',
  ';',
  '"',
  "'",
  '=',
  '+',
  '-',
  '@',
  '|',
  '%',
  '\u3000',
  '\u00a0',
  '\u2009',
  '\u200b',
  '\u200e',
  '\ufeff',
  '\u0000',
  '\u000b',
  '＝',
  '＋',
  '－',
  '＠',
  '﹦',
  '(',
  ')',
  '*',
];
const text = fc
  .array(fc.constantFrom(...ALPHABET), { maxLength: 14 })
  .map((chars) => chars.join(''));
const row = fc.record({
  topic: text,
  pedagogical_objectives: text,
  training_organization: text,
  funding_type: text,
  first_name: text,
  last_name: text,
});
type GenRow = {
  topic: string;
  pedagogical_objectives: string;
  training_organization: string;
  funding_type: string;
  first_name: string;
  last_name: string;
};
const toPlanRow = (r: GenRow): TrainingPlanCsvRow => ({
  employee: { first_name: r.first_name, last_name: r.last_name, department: 'hr' },
  topic: r.topic,
  pedagogical_objectives: r.pedagogical_objectives,
  training_organization: r.training_organization,
  funding_type: r.funding_type,
  business_impact: 'high',
  format: 'remote',
  duration: 7,
  cost: 100,
  coverage_rate: 50,
  remaining_cost: 50,
  status: 'in_progress',
  created_at: '2026-11-20T09:00:00Z',
});

const NEWLINES = ['\r\n', '\n', '\r'] as const;
const readings = [',', ';', '\t'].flatMap((delimiter) =>
  NEWLINES.map((newline) => ({ delimiter, newline })),
);

describe('neutralizeFormula', () => {
  it('the cases of the issue', () => {
    expect(neutralizeFormula('=2*21')).toBe("'=2*21");
    expect(neutralizeFormula('Excel avancé,=2*21')).toBe("Excel avancé,'=2*21");
    // A leading tab or line break is neutralised, and so is what follows it: read with tab as the
    // separator, or line by line, a cell would start there.
    expect(neutralizeFormula('\t=1+1')).toBe("'\t'=1+1");
    expect(neutralizeFormula('\tSUM(A1)')).toBe("'\tSUM(A1)");
    expect(neutralizeFormula(' =1+1')).toBe("' =1+1");
    expect(neutralizeFormula('\n@SUM(A1)')).toBe("'\n'@SUM(A1)");
    expect(neutralizeFormula('\u3000+33 6 12')).toBe("'\u3000+33 6 12");
    expect(neutralizeFormula('\u200b-2')).toBe("'\u200b-2");
    expect(neutralizeFormula('＝HYPERLINK("x")')).toBe('\'＝HYPERLINK("x")');
    expect(neutralizeFormula('Bonjour; -10 %')).toBe("Bonjour;' -10 %");
    // Issue 28 item 10: a double quote between an in-cell separator and = (a lenient reader drops it).
    expect(neutralizeFormula('a,"=1+1')).toBe("a,'\"'=1+1");
    expect(neutralizeFormula('a\t"=1+1')).toBe("a\t'\"'=1+1");
    expect(neutralizeFormula('"=1+1')).toBe('"\'=1+1');
    expect(neutralizeFormula('Le "bon" choix')).toBe('Le "bon" choix');
    expect(neutralizeFormula('Excel avancé')).toBe('Excel avancé');
    expect(neutralizeFormula('Coût 3-4 jours, sur site')).toBe('Coût 3-4 jours, sur site');
    expect(neutralizeFormula('')).toBe('');
  });

  it('only ever adds single quotes, never a formula start, whatever the text', () => {
    fc.assert(
      fc.property(text, (t) => {
        const n = neutralizeFormula(t);
        expect(n.replaceAll("'", '')).toBe(t.replaceAll("'", ''));
        expect(startsFormula(n)).toBe(false);
        // OWASP: a cell never starts with a tab, CR, LF or NUL.
        expect(startsWithControl(n)).toBe(false);
        // In-cell separators, line breaks and double quotes (which a lenient reader drops): what
        // follows them does not start a formula either.
        for (const piece of n.split(/[,;\t\r\n"]/).slice(1))
          expect(startsFormula(piece)).toBe(false);
        // Idempotent: exporting an exported value changes nothing more.
        expect(neutralizeFormula(n)).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the training plan file', () => {
  it('read with any common separator and line break, no cell starts a formula', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 4 }), (rows) => {
        const { content } = buildTrainingPlanCsv(rows.map(toPlanRow), NOW);
        const body = content.replace(/^\ufeff/, '');
        for (const { delimiter, newline } of readings) {
          const parsed = Papa.parse<string[]>(body, { delimiter, newline });
          for (const record of parsed.data)
            for (const field of record)
              expect(
                startsFormula(field),
                `${JSON.stringify(delimiter)} ${JSON.stringify(field)}`,
              ).toBe(false);
          // A reading that ignores quotes (a naive split, leading quotes dropped) is no better for
          // an attacker.
          for (const line of body.split(newline))
            for (const field of line.split(delimiter))
              expect(startsFormula(field.replace(/^"+/, ''))).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('read with ours (;), every cell comes back as written, but for the neutralising quotes', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 4 }), (rows) => {
        const plan = rows.map(toPlanRow);
        const { content } = buildTrainingPlanCsv(plan, NOW);
        const parsed = Papa.parse<string[]>(content.replace(/^\ufeff/, ''), {
          delimiter: ';',
          newline: '\r\n',
        });
        expect(parsed.errors).toEqual([]);
        expect(parsed.data).toHaveLength(rows.length + 1);
        rows.forEach((r, i) => {
          const cells = parsed.data[i + 1]!;
          expect(cells).toHaveLength(14);
          expect(cells[2]).toBe(neutralizeFormula(r.topic));
          expect(cells[3]).toBe(neutralizeFormula(r.pedagogical_objectives));
          expect(cells[6]).toBe(neutralizeFormula(r.training_organization));
          expect(cells[9]).toBe(neutralizeFormula(r.funding_type));
        });
      }),
      { numRuns: 400 },
    );
  });

  it('every cell holding a separator of a common locale is quoted', () => {
    const { content } = buildTrainingPlanCsv(
      [{ topic: 'Excel avancé,=2*21', pedagogical_objectives: 'a\tb', funding_type: 'x;y' }],
      NOW,
    );
    expect(content).toContain(`"Excel avancé,'=2*21"`);
    expect(content).toContain('"a\tb"');
    expect(content).toContain('"x;y"');
  });

  it('the export in pieces is byte for byte the file in one piece', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 7 }), fc.integer({ min: 1, max: 3 }), (rows, size) => {
        const plan = rows.map(toPlanRow);
        expect([...trainingPlanCsvChunks(plan, size)].join('')).toBe(
          buildTrainingPlanCsv(plan, NOW).content,
        );
      }),
      { numRuns: 200 },
    );
  });
});
