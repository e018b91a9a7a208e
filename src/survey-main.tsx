// The respondent's entry (survey.html): the public survey alone, for an employee opening the link
// /survey/{id} on a phone, often on a weak connection, with no account. No router, no app shell,
// no session, no sync engine: React, the local store's survey part and the survey's strings only.
// The service worker precaches survey.html and answers /survey/* with it, so that a link opened
// once reopens offline.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { surveyIdFromPath } from '@/domain/public-survey-contracts';
import { PublicSurvey } from '@/features/public-survey/components/public-survey';
import { SurveyPage } from '@/features/public-survey/components/survey-page';
import { routes } from '@/i18n/fr/routes';
import '@/app/styles.css';

document.title = `${routes.publicSurvey}${routes.titleSuffix}`;

const root = document.getElementById('root');
if (root) {
  // The built survey.html already shows the loading state (vite.prerender.ts): the first render,
  // the same screen, replaces it.
  createRoot(root).render(
    <StrictMode>
      <SurveyPage>
        <PublicSurvey surveyId={surveyIdFromPath(window.location.pathname)} />
      </SurveyPage>
    </StrictMode>,
  );
}

// The service worker (registered after the page's load event, so that its precache does not compete
// with the page's own requests) keeps survey.html and its scripts for the next, maybe offline,
// visit. registerType 'prompt': a new version waits until every tab is closed (the respondent is
// never reloaded in the middle of an answer).
if ('serviceWorker' in navigator && !import.meta.env.DEV) void registerSW();
