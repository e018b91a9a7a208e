import { useRef } from 'react';
import { buildReferralLink } from '@/domain/links';
import { linkedInShareUrl, mailtoUrl } from '@/domain/referral-share';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { fr } from '@/i18n/fr';
import { useCopyLink } from '../hooks/use-copy-link';

/** The copyable link (origin + /simulation/step1?ref=base64(user id)) and its sharing (02 §2.12, §7.5). */
export function ReferralLinkCard({ origin, userId }: { origin: string; userId: string }) {
  const link = buildReferralLink(origin, userId);
  const inputRef = useRef<HTMLInputElement>(null);
  const copy = useCopyLink(link, inputRef);
  const t = fr.referral;
  return (
    <section className="card referral-link" aria-labelledby="referral-share-title">
      <h2 id="referral-share-title" className="referral-section-title">
        {t.shareTitle}
      </h2>
      <div className="referral-link-row">
        <Field label={t.linkLabel}>
          {(props) => (
            <input
              {...props}
              ref={inputRef}
              className="input referral-link-input"
              type="text"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
          )}
        </Field>
        <Button onClick={() => void copy()}>{t.copy}</Button>
      </div>
      <div className="row referral-share">
        <a
          className="btn btn-secondary btn-md"
          href={linkedInShareUrl(link)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t.shareLinkedIn}
          <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
        </a>
        <a className="btn btn-secondary btn-md" href={mailtoUrl(t.emailSubject, t.emailBody(link))}>
          {t.shareEmail}
        </a>
      </div>
    </section>
  );
}
