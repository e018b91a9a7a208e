// "Where do I find my collective agreement?" (01 §2): payslip header, name or IDCC number, or ask
// HR; an example image and a contact link.
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { fr } from '@/i18n/fr-onboarding';
import { config } from '@/lib/config';
import { PayslipExample } from './payslip-example';

export function AgreementHelp() {
  const [open, setOpen] = useState(false);
  const t = fr.onboarding.details.help;
  return (
    <>
      <p className="help-trigger">
        <button
          type="button"
          className="btn btn-link"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          {t.trigger}
        </button>
      </p>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t.title}
        footer={
          <button type="button" className="btn btn-secondary btn-md" onClick={() => setOpen(false)}>
            {t.close}
          </button>
        }
      >
        <ul>
          <li>{t.payslip}</li>
          <li>{t.nameOrNumber}</li>
          <li>{t.askHr}</li>
        </ul>
        <PayslipExample />
        <p>
          <a href={config.contactUrl} target="_blank" rel="noreferrer">
            {t.contact}
            <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
          </a>
        </p>
      </Dialog>
    </>
  );
}
