import { useNavigate } from 'react-router-dom';
import { canAddCompany } from '@/domain/limits';
import { fr } from '@/i18n/fr';
import { Button } from '@/components/ui/button';

/**
 * 'Ajouter une entreprise' (02 §2.5, §5): to the company search (step 1) in "adding" mode; hidden
 * at 3 companies, where the limit message is shown instead.
 */
export function AddCompanyButton({ count }: { count: number }) {
  const navigate = useNavigate();
  if (!canAddCompany(count)) return <p className="companies-limit">{fr.companies.toasts.limit}</p>;
  return (
    <Button
      onClick={() => navigate('/rechercher-entreprise', { state: { addingNewCompany: true } })}
    >
      <span aria-hidden="true">+</span> {fr.companies.add}
    </Button>
  );
}
