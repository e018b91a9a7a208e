// A company typed by hand (issue 15 "Bad input", issue 16 item 5): when the registry cannot answer,
// onboarding is never blocked. The user types the SIRET and the company name; step 2 then asks for
// the agreement by its IDCC (no NAF code, so no suggestion). In zod/mini: step 1's screen loads it.
import { z } from 'zod/mini';
import { messages } from './messages';
import type { CompanySuggestion } from './registry';
import { normalizeSpaces, removeSpaces } from './text';

export const manualCompanySchema = z.object({
  siret: z.pipe(
    z.string().check(z.maxLength(100)),
    z.pipe(
      z.transform((v: string) => removeSpaces(v)),
      z.string().check(z.regex(/^\d{14}$/, messages.siretInvalid)),
    ),
  ),
  companyName: z.pipe(
    z.string().check(z.maxLength(1000)),
    z.pipe(
      z.transform((v: string) => normalizeSpaces(v)),
      z
        .string()
        .check(
          z.minLength(1, messages.companyNameRequired),
          z.maxLength(300, messages.tooLong(300)),
        ),
    ),
  ),
});
export type ManualCompanyInput = z.input<typeof manualCompanySchema>;

export type ManualCompanyResult =
  | { ok: true; company: CompanySuggestion }
  | { ok: false; errors: Partial<Record<'siret' | 'companyName', string>> };

/** The typed SIRET and name as a company of step 1 (no address, NAF code nor agreement). */
export function buildManualCompany(input: unknown): ManualCompanyResult {
  const parsed = manualCompanySchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<'siret' | 'companyName', string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === 'siret' || key === 'companyName') && errors[key] === undefined)
        errors[key] = issue.message;
    }
    if (Object.keys(errors).length === 0) errors.companyName = messages.companyNameRequired;
    return { ok: false, errors };
  }
  const { siret, companyName } = parsed.data;
  return {
    ok: true,
    company: {
      forme_juridique: '',
      isIdcc: false,
      siren: siret.slice(0, 9),
      siret,
      companyName,
      companyAddress: '',
      codeNaf: '',
      idcc: [],
      manual: true,
    },
  };
}
