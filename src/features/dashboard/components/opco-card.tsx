import { useState } from 'react';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import { normalizeOpcoName, opcoLogoKey, opcoWebsite } from '@/domain/opco';
import { opcoLogoUrl } from '../data/opco-logos';
import { ExternalLink } from './external-link';

/**
 * 'L'OPCO de votre entreprise' (02 §2.3): a badge chosen by keyword (none for Atlas), the name,
 * and a button to the OPCO's website; unknown OPCO: the provider's OPCO page, in a new tab.
 */
export function OpcoCard({ opcoName }: { opcoName: string }) {
  const t = fr.dashboard.opco;
  const [logoFailed, setLogoFailed] = useState<string | null>(null);
  const name = opcoName.trim();
  const display = name === '' ? t.unknown : (normalizeOpcoName(name) ?? name);
  const logo = name === '' ? 'default' : opcoLogoKey(name);
  const website = opcoWebsite(name);
  const logoUrl = logo ? opcoLogoUrl(logo) : null;
  return (
    <section className="card info-card opco-card" aria-labelledby="opco-card-title">
      <h2 id="opco-card-title" className="card-title">
        {t.title}
      </h2>
      <div className="opco-identity">
        {logoUrl && logoFailed !== logoUrl ? (
          <img
            className="opco-logo"
            src={logoUrl}
            alt={t.logoAlt(display)}
            width={72}
            height={72}
            onError={() => setLogoFailed(logoUrl)}
          />
        ) : null}
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
