// The name a conflict notice gives a record (issue 29: « la formation « Excel avancé » », not « une
// formation du plan »): its own words, read from the row kept on the device.
import type { SyncTable } from '@/db';
import { employeeFullName } from '@/domain/training-plan-rules';

const MAX = 80;
const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const t = value.replace(/\s+/g, ' ').trim();
  if (t === '') return null;
  return t.length > MAX ? `${t.slice(0, MAX - 1)}…` : t;
};

/** The record's name, or null when its kind has none (a profile, an answer) or it is unknown. */
export function recordName(table: SyncTable, row: Record<string, unknown> | null | undefined) {
  if (!row) return null;
  switch (table) {
    case 'training_requests':
      return text(row.topic);
    case 'team_surveys':
      return text(row.name);
    case 'simulations':
      return text(row.company_name);
    case 'training_employees':
      return text(
        employeeFullName({
          first_name: typeof row.first_name === 'string' ? row.first_name : '',
          last_name: typeof row.last_name === 'string' ? row.last_name : '',
        }),
      );
    default:
      return null;
  }
}
