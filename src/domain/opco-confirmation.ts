// The amount a company's OPCO confirmed (issue 27 item 7, « Mon OPCO m'a indiqué un autre
// montant »): the form's rules (zod: amount in euros with at most two decimals, HT / TTC / not
// said, a date neither in the future nor before the OPCOs existed, a short comment), money in
// cents, and which recorded confirmation the dashboard shows. Pure: `today` is passed in.
import { z } from 'zod';
import { isIsoCalendarDate } from './dates';
import { messages } from './messages';

/** Bounds shared with the server (supabase/migrations/20261127000600_opco_confirmations.sql). */
export const CONFIRMATION_LIMITS = {
  /** 10,000,000 € */
  maxCents: 1_000_000_000,
  commentMax: 500,
  /** The OPCOs were approved on 1 April 2019 (they replaced the OPCAs). */
  earliestDate: '2019-04-01',
} as const;

export const CONFIRMATION_BASES = ['HT', 'TTC', 'unknown'] as const;
export type ConfirmationBasis = (typeof CONFIRMATION_BASES)[number];

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * A French amount in euros as cents: '4 800', '4800,50', '4 800 €', '4800.5' (one decimal
 * separator, a comma or a point, at most two decimals; spaces group thousands). Null for anything
 * else ('4.800' is refused rather than guessed: 4,8 € or 4 800 €?).
 */
export function parseEuroAmount(text: string): number | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const compact = text.replace(SPACES, '').replace(/€$/, '');
  const match = /^(\d{1,9})(?:[,.](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const euros = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return euros * 100 + cents;
}

const grouped = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** Cents as French money: 480000 → '4 800 €', 480050 → '4 800,50 €' (fr-FR grouping). */
export function formatCents(cents: number): string {
  const euros = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  const decimals = rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`;
  return `${grouped.format(euros)}${decimals}\u00a0€`;
}

/** What the record dialog holds (texts as typed). */
export type ConfirmationForm = {
  amount: string;
  basis: ConfirmationBasis | '';
  /** yyyy-mm-dd or '' */
  date: string;
  comment: string;
};

export type ConfirmationInput = {
  amount_cents: number;
  amount_basis: ConfirmationBasis;
  confirmed_on: string;
  comment: string | null;
};

/**
 * The record dialog's schema: `today` is the device's calendar day (yyyy-mm-dd); the server allows
 * one more day for the overseas time zones.
 */
export function confirmationFormSchema(today: string) {
  return z
    .object({
      amount: z
        .string()
        .max(40, messages.confirmationAmountInvalid)
        .refine((v) => v.trim() !== '', messages.confirmationAmountRequired)
        .refine(
          (v) => v.trim() === '' || parseEuroAmount(v) !== null,
          messages.confirmationAmountInvalid,
        )
        .refine(
          (v) => (parseEuroAmount(v) ?? 0) <= CONFIRMATION_LIMITS.maxCents,
          messages.confirmationAmountMax,
        ),
      basis: z.enum(CONFIRMATION_BASES, { error: messages.confirmationBasisRequired }),
      date: z
        .string()
        .refine((v) => v !== '', messages.confirmationDateRequired)
        .refine((v) => v === '' || isIsoCalendarDate(v), messages.confirmationDateRequired)
        .refine((v) => !isIsoCalendarDate(v) || v <= today, messages.confirmationDateFuture)
        .refine(
          (v) => !isIsoCalendarDate(v) || v >= CONFIRMATION_LIMITS.earliestDate,
          messages.confirmationDateTooOld,
        ),
      comment: z
        .string()
        .refine(
          (v) => v.trim().length <= CONFIRMATION_LIMITS.commentMax,
          messages.tooLong(CONFIRMATION_LIMITS.commentMax),
        ),
    })
    .transform((form): ConfirmationInput => ({
      amount_cents: parseEuroAmount(form.amount)!,
      amount_basis: form.basis,
      confirmed_on: form.date,
      comment: form.comment.trim() === '' ? null : form.comment.trim(),
    }));
}

export type ConfirmationErrors = Partial<Record<keyof ConfirmationForm, string>>;

/** Validates the dialog: the input to record, or the first message of each field. */
export function validateConfirmationForm(
  form: ConfirmationForm,
  today: string,
): { ok: true; input: ConfirmationInput } | { ok: false; errors: ConfirmationErrors } {
  const parsed = confirmationFormSchema(today).safeParse(form);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: ConfirmationErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof ConfirmationForm | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** yyyy-mm-dd of a Date in the device's own calendar (the day the user sees on their device). */
export function localCalendarDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type Recorded = {
  company_siret: string;
  confirmed_on: string;
  created_at: string;
  deleted_at: string | null;
};

/**
 * The confirmation the dashboard shows for a company: the live one with the latest confirmation
 * date (then the latest recorded); null when none.
 */
export function latestConfirmation<T extends Recorded>(
  rows: readonly T[],
  siret: string,
): T | null {
  let best: T | null = null;
  for (const row of rows) {
    if (row.deleted_at || row.company_siret !== siret) continue;
    if (
      !best ||
      row.confirmed_on > best.confirmed_on ||
      (row.confirmed_on === best.confirmed_on && row.created_at > best.created_at)
    )
      best = row;
  }
  return best;
}
