// The respondent's page around the survey (survey.html): the skip link and the main landmark.
// Shared by the entry (src/survey-main.tsx) and the build-time prerender of its loading state
// (src/prerender/public-survey.tsx), so that both give the same markup.
import type { ReactNode } from 'react';
import { app } from '@/i18n/fr/app';

export function SurveyPage({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        {app.skipToContent}
      </a>
      <main id="main">{children}</main>
    </>
  );
}
