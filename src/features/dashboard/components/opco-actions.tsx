import { useMemo, useState } from 'react';
import type { Company } from '@/db';
import { Button } from '@/components/ui/button';
import type { DashboardBudget } from '@/domain/dashboard-budget';
import { fr } from '@/i18n/fr';
import { track } from '@/lib/analytics';
import { OpcoRecordDialog } from './opco-record-dialog';
import { OpcoRequestDialog } from './opco-request-dialog';
import { opcoRequestFacts } from './opco-request-facts';
import './opco-confirmation.css';

type Props = {
  company: Company;
  view: DashboardBudget;
  /** a figure is known (02 §4): the record action then speaks of « un autre montant » */
  known: boolean;
  userId: string;
  /** the sender's name for the message's signature */
  sender: string | null;
};

/**
 * Closing the loop with the OPCO (issue 27 item 7), on the budget card, with or without a figure:
 * « Demander confirmation à mon OPCO » and « Mon OPCO m'a indiqué un autre montant ».
 */
export function OpcoActions({ company, view, known, userId, sender }: Props) {
  const t = fr.opcoConfirmation;
  const [open, setOpen] = useState<'request' | 'record' | null>(null);
  const facts = useMemo(() => opcoRequestFacts(company, view, sender), [company, view, sender]);
  const show = (which: 'request' | 'record') => () => {
    track({ event: 'dashboard_action', action: `opco_${which}` });
    setOpen(which);
  };
  const close = () => setOpen(null);
  return (
    <div className="opco-actions">
      <Button variant="secondary" data-analytics-action="opco_request" onClick={show('request')}>
        {t.request.action}
      </Button>
      <Button variant="secondary" data-analytics-action="opco_record" onClick={show('record')}>
        {known ? t.record.action : t.record.actionNoFigure}
      </Button>
      <OpcoRequestDialog open={open === 'request'} onClose={close} facts={facts} />
      <OpcoRecordDialog
        open={open === 'record'}
        onClose={close}
        company={company}
        userId={userId}
        opcoName={view.opcoName}
      />
    </div>
  );
}
