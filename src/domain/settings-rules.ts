// Account settings (02 §2.20, §7.1): what a valid form changes. Pure.

/** E-mails compare trimmed and case-insensitively. */
export function emailChanged(current: string, next: string): boolean {
  return current.trim().toLowerCase() !== next.trim().toLowerCase();
}

export type SettingsValues = {
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  new_password: string;
};

export type SettingsPlan = {
  /** Written to the local profile (synced): contact_name and contact_phone (null when empty). */
  profile: { contact_name: string; contact_phone: string | null };
  /** The new password, only when one was given. */
  password: string | null;
  /** The new e-mail, only when it changed. */
  email: string | null;
};

/** The steps after re-authentication, from a form already validated by settingsFormSchema. */
export function planSettingsUpdate(values: SettingsValues, currentEmail: string): SettingsPlan {
  const phone = values.contact_phone.trim();
  return {
    profile: {
      contact_name: values.contact_name.trim(),
      contact_phone: phone === '' ? null : phone,
    },
    password: values.new_password === '' ? null : values.new_password,
    email: emailChanged(currentEmail, values.contact_email) ? values.contact_email.trim() : null,
  };
}
