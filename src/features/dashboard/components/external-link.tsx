import type { ReactNode } from 'react';
import { fr } from '@/i18n/fr';
import { track } from '@/lib/analytics';

type Props = {
  href: string;
  children: ReactNode;
  className?: string;
  /** analytics action tag (02 §2.3) */
  action?: string;
};

/** A link that opens in a new tab and says so to screen readers. */
export function ExternalLink({ href, children, className, action }: Props) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      data-analytics-action={action}
      onClick={action ? () => track({ event: 'dashboard_action', action }) : undefined}
    >
      {children}
      <span className="visually-hidden"> {fr.common.opensInNewTab}</span>
    </a>
  );
}
