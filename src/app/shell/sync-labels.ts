// French lines of the sync status (the words come from fr.sync and fr.shell.sync).
import { syncTimeParts } from '@/domain/shell-rules';
import { fr } from '@/i18n/fr';
import type { SyncStatusView } from '@/lib/sync';

export function lastSyncLine(lastSyncAt: number | null, now: number): string {
  if (lastSyncAt === null) return fr.sync.status.neverSynced;
  const parts = syncTimeParts(lastSyncAt, now);
  if (!parts) return fr.sync.status.neverSynced;
  return fr.sync.status.lastSync(
    parts.sameDay ? fr.shell.sync.today(parts.time) : fr.shell.sync.onDay(parts.day, parts.time),
  );
}

export function progressLine(view: SyncStatusView): string | null {
  const p = view.progress;
  if (!p || view.state !== 'syncing') return null;
  if (p.direction === 'pull') return fr.sync.status.pullProgress(p.done, p.remaining);
  return p.remaining === null ? null : fr.sync.status.pushProgress(p.remaining);
}

export function nextRetryLine(nextRetryAt: number | null, now: number): string | null {
  if (nextRetryAt === null || nextRetryAt <= now) return null;
  const parts = syncTimeParts(nextRetryAt, now);
  if (!parts) return null;
  return fr.sync.status.nextRetry(
    parts.sameDay ? fr.shell.sync.today(parts.time) : fr.shell.sync.onDay(parts.day, parts.time),
  );
}
