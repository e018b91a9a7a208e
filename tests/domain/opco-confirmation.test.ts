// Issue 27 item 7: the rules of « Mon OPCO m'a indiqué un autre montant » (amounts, bases, dates,
// comment), which confirmation is shown, and the OPCO's contact page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '@/domain/messages';
import {
  CONFIRMATION_LIMITS,
  formatCents,
  latestConfirmation,
  localCalendarDay,
  parseEuroAmount,
  validateConfirmationForm,
  type ConfirmationForm,
} from '@/domain/opco-confirmation';
import { OPCO_CONTACT_PAGES, opcoContact } from '@/domain/opco-contacts';
import { OPCO_SHORT_NAMES, OPCO_WEBSITES } from '@/domain/opco';

const TODAY = '2026-11-27';
const form = (over: Partial<ConfirmationForm> = {}): ConfirmationForm => ({
  amount: '4 800',
  basis: 'HT',
  date: '2026-11-20',
  comment: '',
  ...over,
});

describe('parseEuroAmount', () => {
  it.each([
    ['4800', 480_000],
    ['4 800', 480_000],
    ['4\u202f800\u00a0€', 480_000],
    ['4 800,5', 480_050],
    ['4800.50', 480_050],
    ['0', 0],
    ['  12 €', 1200],
  ])('%s → %i cents', (text, cents) => {
    expect(parseEuroAmount(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '4.800', '4,800', '1,2,3', '4 800 €€', '1e5', '4 800,505', '€ 12'])(
    '%s is not an amount',
    (text) => {
      expect(parseEuroAmount(text)).toBeNull();
    },
  );

  it('reads back every amount it formats (round trip over cents)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: CONFIRMATION_LIMITS.maxCents }), (cents) => {
        expect(parseEuroAmount(formatCents(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatCents', () => {
  it('French grouping, cents only when there are some', () => {
    expect(formatCents(480_000)).toBe('4\u202f800\u00a0€');
    expect(formatCents(480_050)).toBe('4\u202f800,50\u00a0€');
    expect(formatCents(5)).toBe('0,05\u00a0€');
  });
});

describe('validateConfirmationForm', () => {
  it('a valid form gives the input to record (cents, trimmed comment or null)', () => {
    expect(validateConfirmationForm(form({ comment: '  Par téléphone ' }), TODAY)).toEqual({
      ok: true,
      input: {
        amount_cents: 480_000,
        amount_basis: 'HT',
        confirmed_on: '2026-11-20',
        comment: 'Par téléphone',
      },
    });
    expect(validateConfirmationForm(form({ basis: 'unknown' }), TODAY)).toMatchObject({
      ok: true,
      input: { amount_basis: 'unknown', comment: null },
    });
  });

  it.each<[Partial<ConfirmationForm>, keyof ConfirmationForm, string]>([
    [{ amount: '' }, 'amount', messages.confirmationAmountRequired],
    [{ amount: 'environ 5000' }, 'amount', messages.confirmationAmountInvalid],
    [{ amount: '10 000 000,01' }, 'amount', messages.confirmationAmountMax],
    [{ basis: '' }, 'basis', messages.confirmationBasisRequired],
    [{ date: '' }, 'date', messages.confirmationDateRequired],
    [{ date: '2026-02-30' }, 'date', messages.confirmationDateRequired],
    [{ date: '2026-11-28' }, 'date', messages.confirmationDateFuture],
    [{ date: '2019-03-31' }, 'date', messages.confirmationDateTooOld],
    [{ comment: 'x'.repeat(501) }, 'comment', messages.tooLong(500)],
  ])('%o: %s says « %s »', (over, field, message) => {
    const result = validateConfirmationForm(form(over), TODAY);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });

  it('today and the first day of the OPCOs are accepted; the maximum amount too', () => {
    expect(validateConfirmationForm(form({ date: TODAY }), TODAY).ok).toBe(true);
    expect(validateConfirmationForm(form({ date: '2019-04-01' }), TODAY).ok).toBe(true);
    expect(validateConfirmationForm(form({ amount: '10 000 000' }), TODAY).ok).toBe(true);
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (amount, date, comment) => {
        const result = validateConfirmationForm({ amount, basis: 'TTC', date, comment }, TODAY);
        if (result.ok) {
          expect(result.input.amount_cents).toBeLessThanOrEqual(CONFIRMATION_LIMITS.maxCents);
          expect(result.input.confirmed_on <= TODAY).toBe(true);
        }
      }),
    );
  });
});

describe('localCalendarDay', () => {
  it('the device’s own calendar day', () => {
    expect(localCalendarDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('latestConfirmation', () => {
  const row = (over: Record<string, unknown>) => ({
    id: 'x',
    company_siret: '11111111111111',
    confirmed_on: '2026-10-01',
    created_at: '2026-10-01T10:00:00.000Z',
    deleted_at: null as string | null,
    ...over,
  });
  it('the latest confirmation date of that company, then the latest recorded; deleted ones never', () => {
    const rows = [
      row({ id: 'old' }),
      row({ id: 'newer', confirmed_on: '2026-11-01' }),
      row({ id: 'same-day-later', confirmed_on: '2026-11-01', created_at: '2026-11-02T00:00:00Z' }),
      row({ id: 'deleted', confirmed_on: '2026-11-20', deleted_at: '2026-11-21T00:00:00Z' }),
      row({ id: 'other-company', company_siret: '22222222222222', confirmed_on: '2026-11-25' }),
    ];
    expect(latestConfirmation(rows, '11111111111111')?.id).toBe('same-day-later');
    expect(latestConfirmation(rows, '33333333333333')).toBeNull();
    expect(latestConfirmation([], '11111111111111')).toBeNull();
  });
});

describe('opcoContact', () => {
  it('the contact page where one was read (with its source), else the website, said so', () => {
    expect(opcoContact('AKTO')).toEqual({
      url: 'https://www.akto.fr/nous-contacter/entreprises',
      kind: 'contact',
    });
    expect(
      opcoContact(
        "OPCO des entreprises et salariés des services à forte intensité de main d'oeuvre",
      ),
    ).toMatchObject({ kind: 'contact' });
    expect(opcoContact('OPCO ATLAS')).toEqual({
      url: 'https://www.opco-atlas.fr',
      kind: 'website',
    });
    expect(opcoContact('')).toBeNull();
    expect(opcoContact('Fonds inconnu')).toBeNull();
  });

  it('every contact page is an https page of the OPCO’s own site, with its source and date', () => {
    for (const [name, page] of Object.entries(OPCO_CONTACT_PAGES)) {
      expect(OPCO_SHORT_NAMES).toContain(name);
      const site = new URL(OPCO_WEBSITES[name.toUpperCase()]!).hostname;
      expect(new URL(page!.url).protocol).toBe('https:');
      expect(new URL(page!.url).hostname).toBe(site);
      expect(page!.source).toContain(page!.url);
      expect(page!.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
