// Frame of the login and verification screens.
import type { ReactNode } from 'react';
import { fr } from '@/i18n/fr-onboarding';
import './auth.css';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page auth-page">
      <span className="auth-brand">{fr.common.appName}</span>
      <div className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}
