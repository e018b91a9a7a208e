// Account settings (02 §2.20, §7.1): what a valid form changes. Pure.
import { z } from 'zod';

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

/** The saved profile fields the form starts from, compared to what it would write. */
export function profileChanged(
  saved: { contact_name: string | null; contact_phone: string | null },
  next: SettingsPlan['profile'],
): boolean {
  return (
    (saved.contact_name ?? '') !== next.contact_name ||
    (saved.contact_phone ?? null) !== next.contact_phone
  );
}

// ---- The form's draft (issue 29 item 4): what was typed survives the dialog's closing ----------

/** Kept on the device (never a password) until saved or discarded with « Annuler ». */
export type SettingsDraft = { contact_name: string; contact_email: string; contact_phone: string };

/** Where the draft of `userId` is kept (the local store's reference cache). */
export const settingsDraftKey = (userId: string) => `settings-draft:${userId}`;

const MAX_DRAFT_FIELD = 500;

const draftField = z.string().max(MAX_DRAFT_FIELD);
/** Only the three typed fields are read back (anything else stored beside them is dropped). */
const draftSchema = z.object({
  contact_name: draftField,
  contact_email: draftField,
  contact_phone: draftField,
});

/** A stored draft, if it is one (anything else, from an older version or tampered: none). */
export function readSettingsDraft(value: unknown): SettingsDraft | null {
  const parsed = draftSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function sameDraft(a: SettingsDraft, b: SettingsDraft): boolean {
  return (
    a.contact_name === b.contact_name &&
    a.contact_email === b.contact_email &&
    a.contact_phone === b.contact_phone
  );
}
