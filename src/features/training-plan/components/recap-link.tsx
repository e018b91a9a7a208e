import { Link } from 'react-router-dom';
import { fr } from '@/i18n/fr';

/** « Exporter le récapitulatif » (issue 30): the printable one-page funding summary. */
export const RECAP_PATH = '/training-plan/recapitulatif';

export function RecapLink() {
  return (
    <Link className="btn btn-secondary btn-md" to={RECAP_PATH}>
      {fr.planFunding.recap.action}
    </Link>
  );
}
