// Account form (01 §5), login (02 §5) and account settings (02 §5) schemas.
import { z } from 'zod';
import { messages } from '../messages';
import { isCommonPassword } from '../password-rules';
import {
  boundedString,
  emailSchema,
  LIMITS,
  optionalPhoneSchema,
  optionalText,
  requiredText,
} from './common';

/** Contact roles (01 §5, §6), stored as contact_role. */
export const CONTACT_ROLES = [
  'Dirigeant',
  'RH',
  'Organisme de formation',
  'Salarié',
  'Auto entrepreneur',
  'Autre',
] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;

const passwordSchema = (minMessage: string) =>
  boundedString(LIMITS.password, minMessage)
    .min(PASSWORD_MIN_LENGTH, { message: minMessage, abort: true })
    .refine((v) => !isCommonPassword(v), { message: messages.passwordTooCommon });

/**
 * Sign-up form (01 §2, §5). `name` is the Prénom field (stored as contact_name); `lastName` is the
 * Nom field the documents say is bound to nothing (accepted, optional). The confirmation error is
 * reported on confirmPassword; the terms checkbox must be checked.
 */
export const accountFormSchema = z
  .object(
    {
      name: requiredText(LIMITS.name, messages.nameRequired),
      lastName: optionalText(LIMITS.name).optional(),
      email: emailSchema,
      phone: optionalPhoneSchema,
      role: z.enum(CONTACT_ROLES, { error: messages.roleRequired }),
      password: passwordSchema(messages.passwordMinLength),
      confirmPassword: boundedString(LIMITS.password, messages.passwordsMismatch),
      acceptTerms: z.literal(true, { error: messages.termsRequired }),
    },
    { error: messages.invalidForm },
  )
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type AccountFormInput = z.input<typeof accountFormSchema>;
export type AccountForm = z.output<typeof accountFormSchema>;

/** (ours) The recovery screen: a new password (same rules as sign-up) and its confirmation. */
export const newPasswordFormSchema = z
  .object(
    {
      password: passwordSchema(messages.passwordMinLength),
      confirmPassword: boundedString(LIMITS.password, messages.passwordsMismatch),
    },
    { error: messages.invalidForm },
  )
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });

/** (ours) The password-reset request: a valid e-mail. */
export const forgotPasswordSchema = z.object(
  { email: emailSchema },
  { error: messages.invalidForm },
);

/** Login (02 §5): valid e-mail, password required. */
export const loginSchema = z.object(
  {
    email: emailSchema,
    password: boundedString(LIMITS.password, messages.passwordRequired).min(1, {
      message: messages.passwordRequired,
    }),
  },
  { error: messages.invalidForm },
);
export type LoginForm = z.output<typeof loginSchema>;

/**
 * Account settings (02 §5, issue 29 item 4): contact_name at least 1 character, valid e-mail,
 * optional French phone; new_password optional, at least 8 characters when given, and then equal
 * to confirm_password (error on confirm_password). The current password is checked by
 * settingsFormSchemaFor: it is required only to change the password or the e-mail address.
 */
const settingsFields = z.object(
  {
    contact_name: requiredText(LIMITS.name, messages.nameRequired),
    contact_email: emailSchema,
    contact_phone: optionalPhoneSchema,
    current_password: z
      .union([z.string(), z.null(), z.undefined()], { error: messages.currentPasswordRequired })
      .transform((v) => v ?? '')
      .pipe(z.string().max(LIMITS.password, { message: messages.tooLong(LIMITS.password) })),
    new_password: z
      .union([z.string(), z.null(), z.undefined()], { error: messages.newPasswordMinLength })
      .transform((v) => v ?? '')
      .pipe(
        z
          .string()
          .max(LIMITS.password, { message: messages.tooLong(LIMITS.password), abort: true })
          .refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, {
            message: messages.newPasswordMinLength,
            abort: true,
          })
          .refine((v) => v === '' || !isCommonPassword(v), {
            message: messages.passwordTooCommon,
          }),
      ),
    confirm_password: z
      .union([z.string(), z.null(), z.undefined()], { error: messages.passwordsMismatch })
      .transform((v) => v ?? '')
      .pipe(
        z
          .string()
          .max(LIMITS.password, { message: messages.tooLong(LIMITS.password), abort: true }),
      ),
  },
  { error: messages.invalidForm },
);

/** Whether a settings change needs the current password: a new password or another e-mail. */
export function needsCurrentPassword(
  values: { new_password?: string | null; contact_email: string },
  loginEmail: string,
): boolean {
  return (
    (values.new_password ?? '') !== '' ||
    values.contact_email.trim().toLowerCase() !== loginEmail.trim().toLowerCase()
  );
}

/** The settings form of the account signed in with `loginEmail`. */
export function settingsFormSchemaFor(loginEmail: string) {
  return settingsFields
    .refine((v) => v.new_password === '' || v.new_password === v.confirm_password, {
      message: messages.passwordsMismatch,
      path: ['confirm_password'],
    })
    .refine((v) => !needsCurrentPassword(v, loginEmail) || v.current_password !== '', {
      message: messages.currentPasswordRequired,
      path: ['current_password'],
    });
}
export type SettingsFormInput = z.input<ReturnType<typeof settingsFormSchemaFor>>;
export type SettingsForm = z.output<ReturnType<typeof settingsFormSchemaFor>>;
