// One look for every empty, error and loading-failed state: an icon in a soft disc, a title and
// an optional body (text, retry or next-step buttons). Icons come from lucide-react, imported one
// by one by the caller (tree-shaken).
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import Inbox from 'lucide-react/icons/inbox';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';

type EmptyStateProps = {
  title: ReactNode;
  /** The state's icon; an inbox for an empty state, a warning sign for an error by default. */
  icon?: LucideIcon;
  /** 'error': a failure to load or to do something (red disc; announced when `role` says so). */
  tone?: 'empty' | 'error';
  role?: 'alert' | 'status';
  children?: ReactNode;
};

export function EmptyState({ title, icon, tone = 'empty', role, children }: EmptyStateProps) {
  const Icon = icon ?? (tone === 'error' ? TriangleAlert : Inbox);
  return (
    <div className={`empty-state empty-state-${tone}`} role={role}>
      <span className="empty-state-icon" aria-hidden="true">
        <Icon className="icon" strokeWidth={1.75} />
      </span>
      <p className="empty-state-title">{title}</p>
      {children ? <div className="empty-state-body">{children}</div> : null}
    </div>
  );
}
