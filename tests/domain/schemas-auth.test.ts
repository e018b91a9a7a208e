import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import {
  CONTACT_ROLES,
  accountFormSchema,
  loginSchema,
  needsCurrentPassword,
  settingsFormSchemaFor,
} from '@/domain/schemas/auth';
import {
  FRENCH_PHONE,
  fieldErrors,
  isFrenchPhone,
  isNumberString,
  optionalPhoneSchema,
} from '@/domain/schemas/common';

const errors = (schema: { safeParse: (v: unknown) => { error?: ZodError } }, v: unknown) =>
  fieldErrors(schema.safeParse(v).error);

const HUGE = 'a'.repeat(10 * 1024 * 1024);

const account = {
  name: 'Marie',
  lastName: 'Curie',
  email: 'marie@exemple.fr',
  phone: '06 12 34 56 78',
  role: 'RH',
  password: 'Mot-de-passe-perso',
  confirmPassword: 'Mot-de-passe-perso',
  acceptTerms: true,
};

describe('French phone format', () => {
  it.each([
    '0612345678',
    '06 12 34 56 78',
    '06.12.34.56.78',
    '06-12-34-56-78',
    '+33612345678',
    '+33 6 12 34 56 78',
    '0033612345678',
    '0033 1 23 45 67 89',
    '09 12 34 56 78',
  ])('%s is accepted', (phone) => {
    expect(isFrenchPhone(phone)).toBe(true);
  });
  it.each([
    '0012345678',
    '06 12 34 56 7',
    '06123456789',
    '+3306 12 34 56 78',
    '6 12 34 56 78',
    '06/12/34/56/78',
    '+44612345678',
    'abcdefghij',
    '',
  ])('%s is refused', (phone) => {
    expect(FRENCH_PHONE.test(phone)).toBe(false);
  });
  it('the optional phone accepts empty, null and undefined', () => {
    for (const v of ['', null, undefined, '  '])
      expect(optionalPhoneSchema.safeParse(v).success).toBe(true);
  });
  it('the optional phone refuses with the document message', () => {
    expect(optionalPhoneSchema.safeParse('123').error?.issues[0]?.message).toBe(
      'Le numéro de téléphone doit être au format français (ex: 06 12 34 56 78)',
    );
    expect(optionalPhoneSchema.safeParse(612345678).success).toBe(false);
  });
});

describe('number-string rule', () => {
  it.each([
    ['12', true],
    [' 1 200 ', true],
    ['12.5', true],
    ['0', true],
    ['', false],
    ['12,5', false],
    ['-3', false],
    ['1.', false],
    ['.5', false],
    ['1e3', false],
    ['abc', false],
  ] as const)('%j → %s', (v, ok) => {
    expect(isNumberString(v)).toBe(ok);
  });
  it('non-strings are refused', () => {
    expect(isNumberString(12)).toBe(false);
    expect(isNumberString(null)).toBe(false);
  });
});

describe('accountFormSchema (01 §5)', () => {
  it('accepts a valid form and ignores extra fields', () => {
    const r = accountFormSchema.safeParse({ ...account, extra: 'x' });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('extra');
  });
  it('name required: Le nom est requis', () => {
    expect(errors(accountFormSchema, { ...account, name: '  ' }).name).toBe('Le nom est requis');
    expect(errors(accountFormSchema, { ...account, name: null }).name).toBe('Le nom est requis');
  });
  it('email: Email invalide', () => {
    expect(errors(accountFormSchema, { ...account, email: 'marie@' }).email).toBe('Email invalide');
    expect(errors(accountFormSchema, { ...account, email: 42 }).email).toBe('Email invalide');
  });
  it('phone optional, French format', () => {
    expect(accountFormSchema.safeParse({ ...account, phone: '' }).success).toBe(true);
    expect(accountFormSchema.safeParse({ ...account, phone: undefined }).success).toBe(true);
    expect(errors(accountFormSchema, { ...account, phone: '12345' }).phone).toBe(
      'Le numéro de téléphone doit être au format français (ex: 06 12 34 56 78)',
    );
  });
  it('role is one of the six: Veuillez sélectionner votre rôle', () => {
    expect(CONTACT_ROLES).toEqual([
      'Dirigeant',
      'RH',
      'Organisme de formation',
      'Salarié',
      'Auto entrepreneur',
      'Autre',
    ]);
    for (const role of CONTACT_ROLES)
      expect(accountFormSchema.safeParse({ ...account, role }).success).toBe(true);
    expect(errors(accountFormSchema, { ...account, role: 'Admin' }).role).toBe(
      'Veuillez sélectionner votre rôle',
    );
    expect(errors(accountFormSchema, { ...account, role: undefined }).role).toBe(
      'Veuillez sélectionner votre rôle',
    );
  });
  it('password: 7 characters refused, 8 accepted', () => {
    expect(
      errors(accountFormSchema, { ...account, password: '1234567', confirmPassword: '1234567' })
        .password,
    ).toBe('Le mot de passe doit contenir au moins 8 caractères');
    expect(
      accountFormSchema.safeParse({ ...account, password: 'k7Lm2pQx', confirmPassword: 'k7Lm2pQx' })
        .success,
    ).toBe(true);
  });
  it('confirmation: Les mots de passe ne correspondent pas, on confirmPassword', () => {
    expect(errors(accountFormSchema, { ...account, confirmPassword: 'autre-chose' })).toEqual({
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
  });
  it('terms checkbox required', () => {
    expect(errors(accountFormSchema, { ...account, acceptTerms: false }).acceptTerms).toBe(
      "Vous devez accepter les conditions générales d'utilisation",
    );
    expect(errors(accountFormSchema, { ...account, acceptTerms: 'true' }).acceptTerms).toBe(
      "Vous devez accepter les conditions générales d'utilisation",
    );
  });
  it('never throws on junk and rejects 10 MB strings with a message', () => {
    for (const v of [null, undefined, 42, 'x', [], {}])
      expect(accountFormSchema.safeParse(v).success).toBe(false);
    expect(fieldErrors(accountFormSchema.safeParse(null).error)['']).toBe('Formulaire invalide');
    const started = Date.now();
    const r = errors(accountFormSchema, {
      ...account,
      name: HUGE,
      email: HUGE,
      phone: HUGE,
      password: HUGE,
      confirmPassword: HUGE,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(r.name).toBe('Ce champ ne peut pas dépasser 200 caractères');
    expect(r.email).toBe('Ce champ ne peut pas dépasser 320 caractères');
    expect(r.phone).toBe(
      'Le numéro de téléphone doit être au format français (ex: 06 12 34 56 78)',
    );
    expect(r.password).toBe('Ce champ ne peut pas dépasser 128 caractères');
  });
});

describe('loginSchema (02 §5)', () => {
  it('valid', () => {
    expect(loginSchema.safeParse({ email: ' a@b.fr ', password: 'x' }).data).toEqual({
      email: 'a@b.fr',
      password: 'x',
    });
  });
  it('Email invalide and Le mot de passe est requis', () => {
    expect(errors(loginSchema, { email: 'a', password: '' })).toEqual({
      email: 'Email invalide',
      password: 'Le mot de passe est requis',
    });
    expect(errors(loginSchema, { email: null, password: null })).toEqual({
      email: 'Email invalide',
      password: 'Le mot de passe est requis',
    });
  });
  it('10 MB password rejected with a message', () => {
    expect(errors(loginSchema, { email: 'a@b.fr', password: HUGE }).password).toBe(
      'Ce champ ne peut pas dépasser 128 caractères',
    );
  });
});

describe('settingsFormSchemaFor (02 §5, issue 29 item 4)', () => {
  const settingsFormSchema = settingsFormSchemaFor('m@b.fr');
  const settings = {
    contact_name: 'Marie',
    contact_email: 'm@b.fr',
    contact_phone: '',
    current_password: 'secret',
    new_password: '',
    confirm_password: '',
  };
  it('valid without a new password', () => {
    expect(settingsFormSchema.safeParse(settings).success).toBe(true);
    expect(
      settingsFormSchema.safeParse({
        ...settings,
        new_password: undefined,
        confirm_password: undefined,
      }).success,
    ).toBe(true);
  });
  it('contact_name at least 1 character', () => {
    expect(errors(settingsFormSchema, { ...settings, contact_name: '' }).contact_name).toBe(
      'Le nom est requis',
    );
    expect(settingsFormSchema.safeParse({ ...settings, contact_name: 'M' }).success).toBe(true);
  });
  it('contact_email valid', () => {
    expect(errors(settingsFormSchema, { ...settings, contact_email: 'x' }).contact_email).toBe(
      'Email invalide',
    );
  });
  it('contact_phone empty or French', () => {
    expect(
      settingsFormSchema.safeParse({ ...settings, contact_phone: '+33 6 12 34 56 78' }).success,
    ).toBe(true);
    expect(errors(settingsFormSchema, { ...settings, contact_phone: '0612' }).contact_phone).toBe(
      'Le numéro de téléphone doit être au format français (ex: 06 12 34 56 78)',
    );
  });
  it('current_password required only to change the password or the e-mail address', () => {
    // A name or phone change: no password asked.
    expect(
      settingsFormSchema.safeParse({ ...settings, contact_name: 'Autre', current_password: '' })
        .success,
    ).toBe(true);
    expect(
      settingsFormSchema.safeParse({ ...settings, contact_email: ' M@B.fr ', current_password: '' })
        .success,
    ).toBe(true);
    const newPassword = { ...settings, new_password: 'k7Lm2pQx', confirm_password: 'k7Lm2pQx' };
    expect(errors(settingsFormSchema, { ...newPassword, current_password: '' })).toEqual({
      current_password: 'Le mot de passe actuel est requis',
    });
    expect(
      errors(settingsFormSchema, { ...settings, contact_email: 'n@b.fr', current_password: '' }),
    ).toEqual({ current_password: 'Le mot de passe actuel est requis' });
    expect(needsCurrentPassword({ contact_email: 'n@b.fr' }, 'm@b.fr')).toBe(true);
    expect(needsCurrentPassword({ contact_email: 'm@b.fr', new_password: '' }, 'm@b.fr')).toBe(
      false,
    );
  });
  it('new_password: 7 characters refused, 8 accepted', () => {
    expect(
      errors(settingsFormSchema, {
        ...settings,
        new_password: '1234567',
        confirm_password: '1234567',
      }).new_password,
    ).toBe('Le nouveau mot de passe doit contenir au moins 8 caractères');
    expect(
      settingsFormSchema.safeParse({
        ...settings,
        new_password: 'k7Lm2pQx',
        confirm_password: 'k7Lm2pQx',
      }).success,
    ).toBe(true);
  });
  it('a new password must equal confirm_password (error on confirm_password)', () => {
    expect(
      errors(settingsFormSchema, {
        ...settings,
        new_password: 'k7Lm2pQx',
        confirm_password: '1234567x',
      }),
    ).toEqual({
      confirm_password: 'Les mots de passe ne correspondent pas',
    });
  });
  it('junk never throws', () => {
    for (const v of [null, 1, 'x', { ...settings, contact_name: HUGE, confirm_password: HUGE }]) {
      expect(settingsFormSchema.safeParse(v).success).toBe(false);
    }
  });
});
