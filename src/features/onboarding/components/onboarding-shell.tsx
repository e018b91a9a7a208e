// Layout of the onboarding screens: brand and header action (Se connecter, top right on desktop,
// in the header on mobile), the progress indicator, the page, and the marketing side panel.
// Signed-in visitors adding a company see steps 1 and 2 inside the app shell: `bare` drops the
// brand header, the progress indicator and the panel.
import type { ReactNode } from 'react';
import { MarketingPanel } from './marketing-panel';
import { ProgressSteps } from './progress-steps';
import './onboarding.css';
import { Brand } from '@/components/brand';

type OnboardingShellProps = {
  step: 0 | 1 | 2;
  title: ReactNode;
  subtitle?: ReactNode;
  headerAction?: ReactNode;
  /** Inside the signed-in app shell: no brand header, no progress, no marketing panel. */
  bare?: boolean;
  children: ReactNode;
};

export function OnboardingShell({
  step,
  title,
  subtitle,
  headerAction,
  bare = false,
  children,
}: OnboardingShellProps) {
  if (bare) {
    return (
      <div className="page onboarding-bare">
        <div className="page-header">
          <h1 className="page-title">{title}</h1>
          {headerAction}
        </div>
        {subtitle ? <p className="muted onboarding-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    );
  }
  return (
    <div className="page onboarding">
      <div className="onboarding-main">
        <div className="onboarding-header">
          <Brand className="onboarding-brand" />
          {headerAction ? <div className="onboarding-header-action">{headerAction}</div> : null}
        </div>
        <ProgressSteps current={step} />
        <div className="onboarding-body">
          <h1 className="onboarding-title">{title}</h1>
          {subtitle ? <p className="muted onboarding-subtitle">{subtitle}</p> : null}
          {children}
        </div>
      </div>
      <MarketingPanel />
    </div>
  );
}
