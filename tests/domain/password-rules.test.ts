// Issue 14 item 3: the commonest passwords are refused in the forms (and by the server, which uses
// the same rule: tests/server/security/password-guessing.test.ts).
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '@/domain/password-rules';
import { accountFormSchema, settingsFormSchemaFor } from '@/domain/schemas/auth';
import { messages } from '@/domain/messages';

const account = (password: string) => ({
  name: 'Camille',
  email: 'camille@example.fr',
  phone: '',
  role: 'RH',
  password,
  confirmPassword: password,
  acceptTerms: true,
});

describe('common passwords', () => {
  it('recognises the commonest ones, whatever the case and surrounding spaces', () => {
    for (const p of ['password', '12345678', 'Azertyuiop', ' motdepasse ', 'IloveYou', 'qwerty123'])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Vera-choisit-le-sien-1', 'Boulangerie du Port 1987', 'x7#Lq9!vZ'])
      expect(isCommonPassword(p), p).toBe(false);
  });

  it('the sign-up form refuses one with the French message, after the length rule', () => {
    const common = accountFormSchema.safeParse(account('motdepasse'));
    expect(common.success).toBe(false);
    expect(common.error!.issues.map((i) => i.message)).toEqual([messages.passwordTooCommon]);
    const short = accountFormSchema.safeParse(account('azerty'));
    expect(short.error!.issues.map((i) => i.message)).toEqual([messages.passwordMinLength]);
    expect(accountFormSchema.safeParse(account('Vera-choisit-le-sien-1')).success).toBe(true);
  });

  it('the settings form refuses one as the new password, and accepts none given', () => {
    const base = {
      contact_name: 'Camille',
      contact_email: 'c@example.fr',
      contact_phone: '',
      current_password: 'x',
    };
    const settingsFormSchema = settingsFormSchemaFor(base.contact_email);
    const r = settingsFormSchema.safeParse({
      ...base,
      new_password: 'password1',
      confirm_password: 'password1',
    });
    expect(r.error!.issues.map((i) => i.message)).toContain(messages.passwordTooCommon);
    expect(
      settingsFormSchema.safeParse({ ...base, new_password: '', confirm_password: '' }).success,
    ).toBe(true);
  });
});
