// The SIRET path (issue 15 "Bad input", issue 16 item 5): when the registry cannot answer, the user
// types the SIRET and the company name and goes on; step 2 then asks for the agreement by its IDCC.
// Loaded only when the search is unavailable (not on the way to the first screen).
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { buildManualCompany } from '@/domain/manual-company';
import type { CompanySuggestion } from '@/domain/registry';
import { fr } from '@/i18n/fr-onboarding';

type Props = { initialSiret: string; onSubmit: (company: CompanySuggestion) => void };

export function ManualCompanyForm({ initialSiret, onSubmit }: Props) {
  const t = fr.onboarding.search.manual;
  const [siret, setSiret] = useState(initialSiret);
  const [companyName, setCompanyName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'siret' | 'companyName', string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = buildManualCompany({ siret, companyName });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.company);
  };

  return (
    <form className="manual-company card stack" noValidate onSubmit={submit}>
      <h2 className="company-card-title">{t.title}</h2>
      <Field label={t.siretLabel} hint={t.siretHint} error={errors.siret}>
        {(props) => (
          <input
            {...props}
            className="input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={30}
            placeholder={t.siretPlaceholder}
            value={siret}
            onChange={(event) => setSiret(event.target.value)}
          />
        )}
      </Field>
      <Field label={t.nameLabel} error={errors.companyName}>
        {(props) => (
          <input
            {...props}
            className="input"
            type="text"
            autoComplete="organization"
            maxLength={300}
            value={companyName}
            onChange={(event) => setCompanyName(event.target.value)}
          />
        )}
      </Field>
      <div className="onboarding-actions">
        <Button type="submit">{t.submit}</Button>
      </div>
    </form>
  );
}
