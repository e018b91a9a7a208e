// Building blocks of the form schemas. Every schema here is total on junk input: null, undefined,
// numbers, extra fields and huge strings give issues with French messages, never a throw. Length
// bounds are checked first with `abort: true`, so a 10 MB string is rejected at once (no regex or
// trim runs on it).
import { z } from 'zod';
import { messages } from '../messages';

/** (ours) length bounds of the form fields (the table bounds of the migration). */
export const LIMITS = {
  name: 200,
  email: 320,
  phone: 30,
  password: 128,
  shortText: 300,
  longText: 5000,
} as const;

/** A string bounded to `max` characters; anything that is not a string gets `message`. */
export const boundedString = (max: number, message: string) =>
  z.string({ error: message }).max(max, { message: messages.tooLong(max), abort: true });

/** Required text: trimmed, at least 1 character. */
export const requiredText = (max: number, message: string) =>
  boundedString(max, message).trim().min(1, { message });

/** Optional text: null and undefined become ''. */
export const optionalText = (max: number) =>
  z
    .union([z.string(), z.null(), z.undefined()], { error: messages.invalidValue })
    .transform((v) => v ?? '')
    .pipe(
      z
        .string()
        .max(max, { message: messages.tooLong(max), abort: true })
        .trim(),
    );

/** 01 §5 / 02 §5: a valid e-mail address ('Email invalide'), trimmed. */
export const emailSchema = boundedString(LIMITS.email, messages.emailInvalid)
  .trim()
  .pipe(z.email({ message: messages.emailInvalid }));

/**
 * French phone number (01 §5, 02 §5): starts with 0, +33 or 0033, then a digit 1 to 9, then four
 * pairs of digits; a space, dot or dash is allowed before each pair (and after +33 / 0033).
 */
export const FRENCH_PHONE = /^(?:(?:\+33|0033)[ .-]?|0)[1-9](?:[ .-]?\d{2}){4}$/;
export const isFrenchPhone = (text: unknown): boolean =>
  typeof text === 'string' && text.length <= LIMITS.phone && FRENCH_PHONE.test(text.trim());

/** Optional phone: empty (or null/undefined) or French format. Output '' when empty. */
export const optionalPhoneSchema = z
  .union([z.string(), z.null(), z.undefined()], { error: messages.phoneInvalid })
  .transform((v) => v ?? '')
  .pipe(
    z
      .string()
      .max(LIMITS.phone, { message: messages.phoneInvalid, abort: true })
      .trim()
      .refine((v) => v === '' || FRENCH_PHONE.test(v), { message: messages.phoneInvalid }),
  );

/**
 * Number-string rule (01 §5): after removing whitespace, digits with an optional decimal point
 * ("12", "12.5", " 1 200 "); empty, signs, commas and letters are refused.
 */
export function isNumberString(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 100) return false;
  return /^\d+(?:\.\d+)?$/.test(value.replace(/\s+/g, ''));
}

/**
 * A number field that may come as a number or a number string (form inputs): the number, or
 * undefined for empty input; anything else NaN (so that the number checks report it).
 */
export const numberInput = (requiredMessage: string, invalidMessage: string) =>
  z.unknown().transform((v, ctx): number => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (isNumberString(v)) return Number((v as string).replace(/\s+/g, ''));
    ctx.addIssue({ code: 'custom', message: invalidMessage });
    return z.NEVER;
  });

// fieldErrors lives in ./field-errors (zod/mini pages use it too); kept on this path.
export { fieldErrors } from './field-errors';
