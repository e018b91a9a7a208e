import { publicSurvey } from '@/i18n/fr/public-survey';

/**
 * Who sees the answers, how long they are kept, how to have one deleted (issue 29), before the
 * respondent answers anything.
 */
export function PrivacyNotice({ company }: { company: string | null }) {
  const t = publicSurvey.privacy;
  return (
    <section className="public-survey-privacy" aria-labelledby="survey-privacy-title">
      <h2 id="survey-privacy-title" className="public-survey-privacy-title">
        {t.title}
      </h2>
      <ul>
        <li>{t.who(company)}</li>
        <li>{t.host(company)}</li>
        <li>{t.keep(company)}</li>
      </ul>
    </section>
  );
}
