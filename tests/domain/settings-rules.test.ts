// src/domain/settings-rules.ts: what a settings form changes, and its draft (issue 29 item 4).
import { describe, expect, it } from 'vitest';
import {
  emailChanged,
  planSettingsUpdate,
  profileChanged,
  readSettingsDraft,
  sameDraft,
  settingsDraftKey,
} from '@/domain/settings-rules';

const values = {
  contact_name: ' Camille Durand ',
  contact_email: 'Camille@Exemple.fr ',
  contact_phone: '',
  new_password: '',
};

describe('planSettingsUpdate', () => {
  it('the profile trimmed (empty phone: null); no password; the e-mail only when it changed', () => {
    expect(planSettingsUpdate(values, 'camille@exemple.fr')).toEqual({
      profile: { contact_name: 'Camille Durand', contact_phone: null },
      password: null,
      email: null,
    });
    expect(planSettingsUpdate({ ...values, new_password: 'x'.repeat(9) }, 'a@b.fr')).toMatchObject({
      password: 'x'.repeat(9),
      email: 'Camille@Exemple.fr',
    });
    expect(emailChanged('a@b.fr', ' A@B.FR ')).toBe(false);
  });

  it('profileChanged compares with the saved fields', () => {
    const next = { contact_name: 'Camille', contact_phone: null };
    expect(profileChanged({ contact_name: 'Camille', contact_phone: null }, next)).toBe(false);
    expect(profileChanged({ contact_name: 'Camille', contact_phone: '06' }, next)).toBe(true);
    expect(profileChanged({ contact_name: null, contact_phone: null }, next)).toBe(true);
  });
});

describe('the settings draft', () => {
  it('is read only when it is one, and never with a password', () => {
    const draft = { contact_name: 'A', contact_email: 'a@b.fr', contact_phone: '' };
    expect(readSettingsDraft(draft)).toEqual(draft);
    expect(readSettingsDraft({ ...draft, current_password: 'x' })).toEqual(draft);
    for (const junk of [null, 'x', [], { ...draft, contact_name: 1 }, { contact_name: 'A' }])
      expect(readSettingsDraft(junk)).toBeNull();
    expect(readSettingsDraft({ ...draft, contact_name: 'x'.repeat(501) })).toBeNull();
    expect(sameDraft(draft, { ...draft })).toBe(true);
    expect(sameDraft(draft, { ...draft, contact_phone: '06' })).toBe(false);
    expect(settingsDraftKey('u1')).toBe('settings-draft:u1');
  });
});
