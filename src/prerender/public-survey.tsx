// Build-time prerender of the respondent's page (survey.html): its loading state, the same markup
// src/survey-main.tsx renders first (the survey page frame and "Chargement du sondage..."). A
// respondent on a weak connection sees the page as soon as the HTML and CSS arrive, not after the
// page's JavaScript; React then replaces it with the same screen, then with the survey.
// Loaded in Node by vite.prerender.ts during `vite build`; never shipped to the browser.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PublicSurveyLoading } from '@/features/public-survey/components/public-survey';
import { SurveyPage } from '@/features/public-survey/components/survey-page';
import { routes as titles } from '@/i18n/fr/routes';

export async function render(): Promise<{ html: string; title: string }> {
  const html = renderToString(
    <StrictMode>
      <SurveyPage>
        <PublicSurveyLoading />
      </SurveyPage>
    </StrictMode>,
  );
  return { html, title: `${titles.publicSurvey}${titles.titleSuffix}` };
}
