// Frame of the login and verification screens.
import type { ReactNode } from 'react';
import './auth.css';
import { Brand } from '@/components/brand';

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
      <Brand className="auth-brand" />
      <div className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}
