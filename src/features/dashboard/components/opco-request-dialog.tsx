import { useMemo, useRef } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { opcoContact } from '@/domain/opco-contacts';
import { buildOpcoRequestMessage, type OpcoRequestFacts } from '@/domain/opco-request-message';
import { useCopyText } from '@/hooks/use-copy-text';
import { fr } from '@/i18n/fr';
import { track } from '@/lib/analytics';
import { config } from '@/lib/config';
import { ExternalLink } from './external-link';

type Props = { open: boolean; onClose: () => void; facts: OpcoRequestFacts };

/**
 * « Demander confirmation à mon OPCO » (issue 27 item 7): the prefilled message, to open in the
 * user's mail application (mailto:) or to copy into the OPCO's contact form, and the way to reach
 * the OPCO. Nothing here needs the network: offline the mail waits in the outbox of the mail
 * application, and copying works too.
 */
export function OpcoRequestDialog({ open, onClose, facts }: Props) {
  const t = fr.opcoConfirmation.request;
  const message = useMemo(() => buildOpcoRequestMessage(facts, t.message), [facts, t.message]);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const copy = useCopyText(message.body, fieldRef);
  const contact = opcoContact(facts.opco);
  const onCopy = async () => {
    track({ event: 'dashboard_action', action: 'opco_request_copy' });
    if ((await copy()) === 'copied') toast.success(t.copied);
    else toast.info(t.copyManual);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t.title}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      }
    >
      <p className="opco-dialog-text">{facts.figure === null ? t.textNoFigure : t.text}</p>
      <label className="field-label" htmlFor="opco-request-message">
        {t.messageLabel}
      </label>
      <textarea
        id="opco-request-message"
        ref={fieldRef}
        className="textarea opco-request-message"
        readOnly
        value={message.body}
        rows={12}
      />
      <div className="row opco-request-actions">
        <a
          className="btn btn-primary btn-md"
          href={message.mailto}
          data-analytics-action="opco_request_mail"
          onClick={() => track({ event: 'dashboard_action', action: 'opco_request_mail' })}
        >
          {t.mail}
        </a>
        <Button variant="secondary" onClick={() => void onCopy()} data-autofocus>
          {t.copy}
        </Button>
      </div>
      {contact && facts.opco ? (
        <div className="opco-request-contact">
          <ExternalLink href={contact.url} action={`opco_request_${contact.kind}`}>
            {contact.kind === 'contact' ? t.contactPage(facts.opco) : t.website(facts.opco)}
          </ExternalLink>
          {contact.kind === 'website' ? <p className="muted">{t.websiteHint}</p> : null}
        </div>
      ) : (
        <div className="opco-request-contact">
          <p className="muted">{t.unknownOpco}</p>
          <ExternalLink href={config.opcoProviderUrl} action="opco_provider">
            {t.unknownOpcoLink}
          </ExternalLink>
        </div>
      )}
    </Dialog>
  );
}
