// Public survey (/survey/{id}, 02 §2.18, §4, §5, §8): no account, often a phone on a weak
// connection. The survey is kept on the device once opened, the answer in progress is written at
// every change, and 'Envoyer' queues the answer on the device; a sender delivers it when it can.
// Router-free: rendered by the lean respondent entry (src/survey-main.tsx, survey.html) and by the
// app's /survey/:id route (../pages/public-survey-page.tsx). Neither the app's store index nor the
// whole string aggregate nor sonner are loaded here (the page shows its own statuses).
import { useEffect, useRef, useState } from 'react';
import { departmentLabel } from '@/domain/labels';
import {
  chooseDepartment,
  departmentOptions,
  isSurveyId,
  type DepartmentOption,
} from '@/domain/public-survey-draft';
import { surveyIdError } from '@/domain/schemas/public-survey-steps';
import { useSurveyDeviceStore } from '@/db/survey-device-store';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { publicSurvey as t } from '@/i18n/fr/public-survey';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { usePublicSurvey, type PublicSurveyState } from '../hooks/use-public-survey';
import { useSubmitAnswer } from '../hooks/use-submit-answer';
import { useSurveyDraft } from '../hooks/use-survey-draft';
import { DepartmentStep } from './department-step';
import { IdentityStep } from './identity-step';
import { PrivacyNotice } from './privacy-notice';
import { QuestionsStep } from './questions-step';
import { SubmissionStatus } from './submission-status';
import { SurveyMessage } from './survey-message';
import './public-survey.css';

/**
 * What the page shows until the survey and the answer in progress are read: also the HTML of
 * survey.html itself (prerendered at build time, vite.prerender.ts), so that a respondent on a weak
 * connection sees the page before its JavaScript has arrived.
 */
export function PublicSurveyLoading() {
  return <PageSpinner label={t.loading} />;
}

/**
 * The survey named by the page address: `surveyId` is the address's id segment as written
 * (undefined when the address has none).
 */
export function PublicSurvey({ surveyId }: { surveyId: string | undefined }) {
  const missing = surveyIdError(surveyId);
  if (missing) return <SurveyMessage title={missing} text={t.missingIdText} />;
  if (!isSurveyId(surveyId))
    return <SurveyMessage title={t.notFound.title} text={t.notFound.text} />;
  return <SurveyWizard key={surveyId} surveyId={surveyId} />;
}

type Sender = { flushSoon: () => void };

/** Starts the device's sender for this page (answers left waiting by an earlier visit too). */
function useRespondentSender(): () => void {
  const store = useSurveyDeviceStore();
  const sender = useRef<Sender | null>(null);
  useEffect(() => {
    let stopped = false;
    void import('../hooks/survey-sender').then((m) => {
      if (stopped) return;
      sender.current = m.startRespondentSender(store);
    });
    return () => {
      stopped = true;
      sender.current = null;
      void import('../hooks/survey-sender').then((m) => m.stopRespondentSender(store));
    };
  }, [store]);
  return () => sender.current?.flushSoon();
}

function SurveyWizard({ surveyId }: { surveyId: string }) {
  const { draft, update, replace, whenSaved, saveFailed } = useSurveyDraft(surveyId);
  const { state, retry } = usePublicSurvey(surveyId);
  const submitAnswer = useSubmitAnswer(surveyId);
  const flush = useRespondentSender();
  const online = useOnlineStatus();
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const [moved, setMoved] = useState(false);

  if (draft === undefined) return <PublicSurveyLoading />;
  if (draft.submitted_id)
    return <SubmissionStatus responseId={draft.submitted_id} onRetry={flush} />;
  const blocked = surveyBlockedScreen(state, retry);
  if (blocked) return blocked;
  if (state.status !== 'ready') return null;
  const { survey } = state;
  const company = survey.company_name?.trim() || null;
  const options = departmentOptions(survey, departmentLabel);
  const questionSet = survey.question_sets.find((s) => s.department === draft.department);

  const goTo = (step: 1 | 2 | 3) => {
    setMoved(true);
    update((d) => ({ ...d, step }));
  };
  const choose = (option: DepartmentOption) => {
    setMoved(true);
    update((d) => chooseDepartment(d, option.set, option.label));
  };
  const send = async () => {
    setSending(true);
    setSendFailed(false);
    try {
      await whenSaved();
      const sent = await submitAnswer(draft, survey.question_sets);
      if (sent) {
        replace(sent);
        flush();
      }
    } catch {
      setSendFailed(true);
    } finally {
      setSending(false);
    }
  };

  const step = draft.department === null ? 1 : draft.step;
  return (
    <div className="page public-survey">
      <div className="card public-survey-card">
        <h1 className="page-title public-survey-title">{survey.name || t.title}</h1>
        {company ? <p className="public-survey-company">{t.from(company)}</p> : null}
        {step === 1 ? <p className="muted">{t.intro}</p> : null}
        {step === 1 ? <PrivacyNotice company={company} /> : null}
        {!online ? (
          <p className="public-survey-note" role="note">
            {t.offlineCopy}
          </p>
        ) : null}
        {saveFailed ? (
          <p className="public-survey-note public-survey-note-error" role="alert">
            {t.saveFailed}
          </p>
        ) : null}
        {sendFailed && step === 3 ? (
          <p className="public-survey-note public-survey-note-error" role="alert">
            {t.toasts.sendError}
          </p>
        ) : null}
        {step === 1 ? (
          <DepartmentStep options={options} draft={draft} onChoose={choose} focusTitle={moved} />
        ) : step === 2 ? (
          <QuestionsStep
            draft={draft}
            questionSet={questionSet}
            onChange={update}
            onBack={() => goTo(1)}
            onContinue={() => goTo(3)}
          />
        ) : (
          <IdentityStep
            draft={draft}
            company={company}
            sending={sending}
            onChange={update}
            onBack={() => goTo(2)}
            onSend={() => void send()}
          />
        )}
      </div>
    </div>
  );
}

function surveyBlockedScreen(state: PublicSurveyState, retry: () => void) {
  switch (state.status) {
    case 'loading':
      return <PublicSurveyLoading />;
    case 'not_found':
      return <SurveyMessage title={t.notFound.title} text={t.notFound.text} />;
    case 'closed':
      return <SurveyMessage title={t.closed} text={t.closedText} />;
    case 'unavailable':
      return (
        <SurveyMessage title={t.unavailable.title} text={t.unavailable.text}>
          <Button variant="secondary" onClick={retry}>
            {t.unavailable.retry}
          </Button>
        </SurveyMessage>
      );
    default:
      return null;
  }
}
