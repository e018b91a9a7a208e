import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import {
  AGENCY_ATTESTATION_URL,
  AGENCY_PORTAL_URL,
  INDEPENDENT_FUNDS,
} from '../data/independent-funds';
import { ExternalLink } from './external-link';

/**
 * Budget screen for auto-entrepreneurs (employee range 0 to 0, 02 §2.3): how to find their
 * training fund from the agency's certificate, the four funds, and 'Être recontacté'. No budget
 * lookup is made (02 §5).
 */
export function AutoEntrepreneurBudget() {
  const t = fr.dashboard.autoEntrepreneur;
  return (
    <section className="card auto-entrepreneur" aria-labelledby="ae-steps-title">
      <p>{t.intro}</p>
      <h2 id="ae-steps-title" className="card-title">
        {t.stepsTitle}
      </h2>
      <ol className="ae-steps">
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="ae-note">{t.firstYear}</p>
      <div className="row">
        <ExternalLink
          href={AGENCY_PORTAL_URL}
          className="btn btn-secondary btn-md"
          action="ae_agency_portal"
        >
          {t.portalLink}
        </ExternalLink>
        <ExternalLink
          href={AGENCY_ATTESTATION_URL}
          className="btn btn-link"
          action="ae_attestation_help"
        >
          {t.attestationLink}
        </ExternalLink>
      </div>

      <h2 className="card-title ae-funds-title">{t.fundsTitle}</h2>
      <ul className="ae-funds">
        {INDEPENDENT_FUNDS.map(({ fund, url }) => (
          <li key={fund} className="ae-fund">
            <p className="ae-fund-name">{t.funds[fund]}</p>
            <p className="muted">{t.fundsDescription[fund]}</p>
            <ExternalLink href={url} action={`ae_fund_${fund}`}>
              {t.fundLink(t.funds[fund])}
            </ExternalLink>
          </li>
        ))}
      </ul>

      <div className="ae-callback">
        <p>{t.callBackText}</p>
        <ExternalLink
          href={config.contactUrl}
          className="btn btn-primary btn-md"
          action="ae_call_back"
        >
          {t.callBack}
        </ExternalLink>
      </div>
    </section>
  );
}
