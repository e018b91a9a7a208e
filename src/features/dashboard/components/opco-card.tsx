import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { normalizeOpcoName, opcoWebsite } from '@/domain/opco';
import { OpcoMark } from '@/components/opco-mark';
import { ExternalLink } from './external-link';

/**
 * 'L'OPCO de votre entreprise' (02 §2.3): the fund's mark (its monogram on its colour, issue 16,
 * drawn for this product instead of the funds' logos; a neutral mark when unknown), its name, and
 * a button to the OPCO's website; unknown OPCO: the provider's OPCO page, in a new tab.
 */
export function OpcoCard({ opcoName }: { opcoName: string }) {
  const t = fr.dashboard.opco;
  const name = opcoName.trim();
  const display = name === '' ? t.unknown : (normalizeOpcoName(name) ?? name);
  const website = opcoWebsite(name);
  return (
    <section className="card info-card opco-card" aria-labelledby="opco-card-title">
      <h2 id="opco-card-title" className="card-title">
        {t.title}
      </h2>
      <div className="opco-identity">
        <OpcoMark name={name} />
        <p className="opco-name">{display}</p>
      </div>
      {website ? (
        <ExternalLink href={website} className="btn btn-secondary btn-md" action="opco_website">
          {t.website}
        </ExternalLink>
      ) : (
        <>
          <p className="muted">{t.unknownHint}</p>
          <ExternalLink
            href={config.opcoProviderUrl}
            className="btn btn-secondary btn-md"
            action="opco_provider"
          >
            {t.unknownAction}
          </ExternalLink>
        </>
      )}
    </section>
  );
}
