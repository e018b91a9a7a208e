// Field names and values of conflict notices and refused changes, in French (issue 16 item 3):
// every value shown to a person goes through its label (statuses, impacts, formats, departments,
// budget types, dates, yes/no); a stored code never reaches the screen, nor a column name.
import {
  BUSINESS_IMPACT_LABELS,
  DEPARTMENT_LABELS,
  REFERRAL_STATUS_LABELS,
  TEAM_SURVEY_STATUS_LABELS,
  TOOLS_SATISFACTION_LABELS,
  TRAINING_FORMAT_LABELS,
  TRAINING_STATUS_LABELS,
  UNLOCK_REQUEST_STATUS_LABELS,
} from '@/domain/labels';
import { formatLongDate } from '@/domain/dates';
import { formatCents } from '@/domain/opco-confirmation';
import { syncValueText } from '@/domain/shell-rules';
import type { SyncTable } from '@/db';
import { fr } from '@/i18n/fr';

type Labels = Readonly<Record<string, string>>;

/** The French name of a column (never its technical name). */
export function syncFieldLabel(name: string): string {
  return fr.shell.sync.fields[name] ?? fr.shell.sync.otherField;
}

const STATUS_LABELS: Partial<Record<SyncTable, Labels>> = {
  training_requests: TRAINING_STATUS_LABELS,
  survey_responses: UNLOCK_REQUEST_STATUS_LABELS,
  team_surveys: TEAM_SURVEY_STATUS_LABELS,
  referrals: REFERRAL_STATUS_LABELS,
};

/** Columns holding a code, with the labels of their values. */
function codeLabels(table: SyncTable, field: string): Labels | null {
  switch (field) {
    case 'status':
      return STATUS_LABELS[table] ?? null;
    case 'business_impact':
      return BUSINESS_IMPACT_LABELS;
    case 'format':
      return TRAINING_FORMAT_LABELS;
    case 'department':
      return DEPARTMENT_LABELS;
    case 'tools_satisfaction':
      return TOOLS_SATISFACTION_LABELS;
    case 'budget_type':
      return fr.sync.values.budgetTypes;
    case 'category':
      return fr.sync.values.categories;
    case 'gender':
      return fr.sync.values.genders;
    case 'amount_basis':
      return fr.sync.values.amountBases;
    default:
      return null;
  }
}

const DATE_FIELDS = new Set([
  'created_at',
  'updated_at',
  'deleted_at',
  'start_date',
  'confirmed_on',
]);

export type SyncValueContext = {
  /** The full name of an employee of the plan on this device, or null. */
  employeeName?: (id: string) => string | null;
};

/** A stored value as French text for a notice; null when empty (the screen says so in words). */
export function describeSyncValue(
  table: SyncTable,
  field: string,
  value: unknown,
  ctx: SyncValueContext = {},
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const labels = codeLabels(table, field);
  if (labels) {
    const own = typeof value === 'string' && Object.prototype.hasOwnProperty.call(labels, value);
    return own ? labels[value as string]! : fr.sync.values.unknown;
  }
  if (DATE_FIELDS.has(field)) return formatLongDate(value) || fr.sync.values.unknown;
  if (field === 'amount_cents')
    return typeof value === 'number' && Number.isFinite(value)
      ? formatCents(value)
      : fr.sync.values.unknown;
  if (field === 'employee_id')
    return (typeof value === 'string' && ctx.employeeName?.(value)) || fr.sync.values.someEmployee;
  if (field === 'survey_id') return fr.sync.things.team_surveys;
  if (typeof value === 'boolean') return value ? fr.sync.values.yes : fr.sync.values.no;
  if (Array.isArray(value)) {
    const items = value.map((v) => (typeof v === 'string' || typeof v === 'number' ? v : null));
    return items.every((v) => v !== null) ? syncValueText(items) : fr.sync.values.notShown;
  }
  if (typeof value === 'object') return fr.sync.values.notShown;
  return syncValueText(value);
}
