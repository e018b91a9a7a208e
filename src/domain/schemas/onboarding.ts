// Agreement and headcount step (01 §2, §5).
import { z } from 'zod';
import { customCountRange, isOtherRange } from '../headcount';
import { messages } from '../messages';
import { isNumberString } from './common';

const rangeSchema = z.object({
  min: z.number().int().min(-1),
  max: z.number().int().min(-1),
  label: z.string().max(200),
});

/**
 * The step's state: the chosen or typed agreement (`idcc`), the band, and the typed count when the
 * band is -1/-1. Output: idcc, range (the typed count n becomes n-n, 'n salariés').
 * Messages: 'Veuillez sélectionner une convention collective', 'L'IDCC doit être un nombre',
 * 'Veuillez sélectionner une tranche d'effectif', 'Veuillez saisir un nombre d'employés',
 * 'Le nombre d'employés doit être un nombre positif'.
 */
export const agreementStepSchema = z
  .object(
    {
      idcc: z
        .union([z.string(), z.number(), z.null(), z.undefined()], {
          error: messages.agreementRequired,
        })
        .transform((v) => (v == null ? '' : String(v)).trim())
        .pipe(z.string().max(50, { message: messages.idccNotNumber, abort: true })),
      range: rangeSchema.nullish().catch(null),
      employeeCount: z
        .union([z.string(), z.number(), z.null(), z.undefined()])
        .catch('')
        .transform((v) => (v == null ? '' : String(v)).trim()),
    },
    { error: messages.invalidForm },
  )
  .transform((v, ctx) => {
    if (v.idcc === '')
      ctx.addIssue({ code: 'custom', message: messages.agreementRequired, path: ['idcc'] });
    else if (!/^\d+$/.test(v.idcc) || v.idcc.length > 4) {
      // 4 digits at most: IDCC codes are 4-digit numbers.
      ctx.addIssue({ code: 'custom', message: messages.idccNotNumber, path: ['idcc'] });
    }
    let range = v.range ?? null;
    if (range === null) {
      ctx.addIssue({ code: 'custom', message: messages.headcountRequired, path: ['range'] });
    } else if (isOtherRange(range)) {
      const text = v.employeeCount;
      if (text === '') {
        ctx.addIssue({
          code: 'custom',
          message: messages.employeeCountRequired,
          path: ['employeeCount'],
        });
      } else if (!isNumberString(text) || !Number.isSafeInteger(Number(text.replace(/\s+/g, '')))) {
        ctx.addIssue({
          code: 'custom',
          message: messages.employeeCountPositive,
          path: ['employeeCount'],
        });
      } else {
        const n = Number(text.replace(/\s+/g, ''));
        range = customCountRange(n);
      }
    }
    return { idcc: v.idcc.padStart(4, '0'), range };
  });
export type AgreementStepInput = z.input<typeof agreementStepSchema>;
export type AgreementStep = z.output<typeof agreementStepSchema>;
