import { describe, expect, it } from 'vitest';
import {
  editableFields,
  editsFromDrafts,
  navStateSiret,
  rdvIdccList,
  showMeetingsEntry,
  syncTimeParts,
  syncValueText,
} from '@/domain/shell-rules';
import { DEFAULT_RDV_IDCC_LIST } from '@/domain/opco';

describe('navigation state (02 §2.1)', () => {
  it('reads a 14-digit siret and ignores anything else', () => {
    expect(navStateSiret({ siret: '12345678900011', refresh: true })).toBe('12345678900011');
    expect(navStateSiret({ siret: '123', refresh: true })).toBeNull();
    expect(navStateSiret({ refresh: true })).toBeNull();
    expect(navStateSiret(null)).toBeNull();
    expect(navStateSiret('12345678900011')).toBeNull();
    expect(navStateSiret({ siret: 12345678900011 })).toBeNull();
  });
});

describe("'Prendre RDV' (02 §2.2)", () => {
  const eligible = DEFAULT_RDV_IDCC_LIST[0]!;
  it('uses the built-in list when nothing is configured, the configured one otherwise', () => {
    expect(rdvIdccList([])).toBe(DEFAULT_RDV_IDCC_LIST);
    expect(rdvIdccList(['1486'])).toEqual(['1486']);
    expect(showMeetingsEntry(eligible, [])).toBe(true);
    expect(showMeetingsEntry(eligible, ['9999'])).toBe(false);
    expect(showMeetingsEntry('9999', ['9999'])).toBe(true);
  });
  it('never shows it without a valid IDCC', () => {
    expect(showMeetingsEntry(null, [])).toBe(false);
    expect(showMeetingsEntry('', [])).toBe(false);
    expect(showMeetingsEntry('abc', ['abc'])).toBe(false);
  });
});

describe('sync time', () => {
  it('says same day in Paris time, with HH:MM and the day', () => {
    const at = Date.parse('2026-11-22T13:05:00Z'); // 14:05 in Paris
    expect(syncTimeParts(at, Date.parse('2026-11-22T22:00:00Z'))).toEqual({
      sameDay: true,
      time: '14:05',
      day: '22 novembre',
    });
    // 23:30 UTC on the 22nd is already the 23rd in Paris
    expect(syncTimeParts(at, Date.parse('2026-11-22T23:30:00Z'))?.sameDay).toBe(false);
    expect(syncTimeParts(Number.NaN, 0)).toBeNull();
  });
});

describe('values in notices', () => {
  it('writes text, numbers, lists; empty is null', () => {
    expect(syncValueText('Marie')).toBe('Marie');
    expect(syncValueText('  ')).toBeNull();
    expect(syncValueText(null)).toBeNull();
    expect(syncValueText(undefined)).toBeNull();
    expect(syncValueText(1500)).toBe((1500).toLocaleString('fr-FR'));
    expect(syncValueText(['a', '', 'b'])).toBe('a, b');
    expect(syncValueText([])).toBeNull();
    expect(syncValueText({ a: 1 })).toBe('{"a":1}');
    expect(syncValueText(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('correcting a refused change', () => {
  const fields = editableFields({
    id: 'x',
    profile_id: 'p',
    company_name: 'ACME',
    employee_range_min: 10,
    budget_condition: null,
    topics: ['a'],
    deleted_at: null,
  });
  it('offers the scalar columns only', () => {
    expect(fields).toEqual([
      { name: 'company_name', kind: 'text', value: 'ACME' },
      { name: 'employee_range_min', kind: 'number', value: '10' },
      { name: 'budget_condition', kind: 'text', value: '' },
    ]);
  });
  it('keeps only the changed fields, parses numbers, empties to null', () => {
    expect(
      editsFromDrafts(fields, {
        company_name: 'ACME',
        employee_range_min: '1 200',
        budget_condition: '',
      }),
    ).toEqual({
      ok: true,
      edits: { employee_range_min: 1200 },
    });
    expect(editsFromDrafts(fields, { company_name: ' ', budget_condition: 'Non' })).toEqual({
      ok: true,
      edits: { company_name: null, budget_condition: 'Non' },
    });
    expect(editsFromDrafts(fields, { employee_range_min: 'dix' })).toEqual({
      ok: false,
      invalid: ['employee_range_min'],
    });
    expect(editsFromDrafts(fields, { employee_range_min: '' })).toEqual({
      ok: false,
      invalid: ['employee_range_min'],
    });
    expect(editsFromDrafts(fields, { employee_range_min: '2,5' })).toEqual({
      ok: true,
      edits: { employee_range_min: 2.5 },
    });
  });
});
