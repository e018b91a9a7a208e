// The name of a company the registry does not name (issue 27 item 6): a non-diffusible company
// (statut_diffusion P), or a result without a name. The card keeps what the registry gives (city,
// SIREN, SIRET, agreements); the user types the name and goes on. Loaded only when needed.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { buildManualCompany } from '@/domain/manual-company';
import type { CompanySuggestion } from '@/domain/registry';
import { fr } from '@/i18n/fr-onboarding';
import { CompanyLines } from './company-summary';

type Props = {
  company: CompanySuggestion;
  onSubmit: (company: CompanySuggestion) => void;
  onCancel: () => void;
};

export function CompanyNameForm({ company, onSubmit, onCancel }: Props) {
  const t = fr.onboarding.search.nameForm;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same rule as a company typed by hand: a name of 1 to 300 characters.
    const result = buildManualCompany({ siret: company.siret, companyName: name });
    if (!result.ok) {
      setError(result.errors.companyName ?? result.errors.siret);
      return;
    }
    onSubmit({ ...company, companyName: result.company.companyName });
  };

  return (
    <form
      className="company-card stack"
      noValidate
      onSubmit={submit}
      aria-labelledby="name-form-title"
    >
      <h2 id="name-form-title" className="company-card-title">
        {company.nonDiffusible ? t.title : fr.onboarding.search.nameMissing}
      </h2>
      <p className="company-name-form-lines">
        <CompanyLines company={company} withName={false} />
      </p>
      <p className="muted">{company.nonDiffusible ? t.explanation : t.explanationNoName}</p>
      <Field label={t.nameLabel} error={error}>
        {(props) => (
          <input
            {...props}
            className="input"
            type="text"
            autoComplete="organization"
            maxLength={300}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <div className="onboarding-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button type="submit">{t.submit}</Button>
      </div>
    </form>
  );
}
