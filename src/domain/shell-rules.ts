// App shell rules (02 §2.2, issue 4 sync UI): navigation state, the 'Prendre RDV' list in force,
// sync times and values shown in conflict notices and refused changes. Pure: `now` is passed in.
import { z } from 'zod';
import { offersMeetingsPage, rdvIdccList } from './advisor-access';
import { PARIS_TIME_ZONE, toDate, toParisDateKey } from './dates';

const SIRET = /^\d{14}$/;

/**
 * Navigation state a signed-in page may receive (02 §2.1: "/dashboard may receive navigation state
 * with a company siret and a refresh flag"). Other keys are kept (addingNewCompany, ...).
 */
export const shellNavStateSchema = z.looseObject({
  siret: z.string().regex(SIRET).optional(),
  refresh: z.boolean().optional(),
});
export type ShellNavState = { siret?: string; refresh?: boolean };

/** The company siret carried by a navigation state, or null (anything malformed is ignored). */
export function navStateSiret(state: unknown): string | null {
  const parsed = shellNavStateSchema.safeParse(state);
  return parsed.success ? (parsed.data.siret ?? null) : null;
}

/** 'Prendre RDV' shows only for a company whose IDCC is in the list in force (02 §2.2). */
export const showMeetingsEntry = offersMeetingsPage;
export { rdvIdccList };

const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: PARIS_TIME_ZONE,
});
const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  timeZone: PARIS_TIME_ZONE,
});

export type SyncTimeParts = { sameDay: boolean; time: string; day: string };

/** When the last sync happened, in Paris time: same day as `now` or not, 'HH:MM', '22 novembre'. */
export function syncTimeParts(at: number, now: number): SyncTimeParts | null {
  const date = toDate(at);
  if (!date) return null;
  return {
    sameDay: toParisDateKey(at) === toParisDateKey(now),
    time: timeFormat.format(date),
    day: dayFormat.format(date),
  };
}

/** A stored value as text for a notice; null when empty (the screen says so in words). */
export function syncValueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number')
    return Number.isFinite(value) ? value.toLocaleString('fr-FR') : null;
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) {
    const items = value.map(syncValueText).filter((v): v is string => v !== null);
    return items.length > 0 ? items.join(', ') : null;
  }
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/** Columns a user never edits by hand in a refused change (identity, owner, server bookkeeping). */
const NOT_EDITABLE = new Set([
  'id',
  'profile_id',
  'company_id',
  'referrer_id',
  'survey_id',
  'employee_id',
  'created_at',
  'updated_at',
  'deleted_at',
  'sync_version',
  'field_versions',
  'update_count',
  'status',
]);

export type EditableField = { name: string; kind: 'text' | 'number'; value: string };

/** The scalar fields of a refused change the user may correct before retrying. */
export function editableFields(fields: Record<string, unknown>): EditableField[] {
  const out: EditableField[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (NOT_EDITABLE.has(name)) continue;
    if (typeof value === 'number' && Number.isFinite(value))
      out.push({ name, kind: 'number', value: String(value) });
    else if (typeof value === 'string' || value === null)
      out.push({ name, kind: 'text', value: value ?? '' });
  }
  return out;
}

export type EditsResult =
  { ok: true; edits: Record<string, unknown> } | { ok: false; invalid: string[] };

/**
 * The edits to send with a retry: only the fields whose text changed; numbers must be finite
 * numbers (invalid ones are listed); an emptied text becomes null.
 */
export function editsFromDrafts(
  fields: readonly EditableField[],
  drafts: Readonly<Record<string, string>>,
): EditsResult {
  const edits: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const field of fields) {
    const draft = drafts[field.name];
    if (draft === undefined || draft === field.value) continue;
    if (field.kind === 'number') {
      const text = draft.replace(/\s/g, '').replace(',', '.');
      const n = text === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(n)) invalid.push(field.name);
      else edits[field.name] = n;
    } else {
      edits[field.name] = draft.trim() === '' ? null : draft;
    }
  }
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, edits };
}
