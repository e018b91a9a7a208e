// The account form of step 3 (01 §2, §5): Prénom, Nom, professional e-mail, optional phone, role,
// password, confirmation, terms. Validated with the domain schema and the strength estimator
// (loaded when the password is typed; its French feedback under the field); the contact fields
// (never the passwords) are kept in contactFormData as they are typed, so nothing is lost on a
// reload.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import type { ContactFormData } from '@/domain/onboarding-storage';
import {
  accountFormSchema,
  CONTACT_ROLES,
  type AccountForm as AccountValues,
} from '@/domain/schemas/auth';
import { fieldErrors } from '@/domain/schemas/common';
import { usePasswordStrength } from '@/hooks/use-password-strength';
import { LEGAL_PATHS } from '@/domain/legal-paths';
import { fr } from '@/i18n/fr-onboarding';

const t = fr.onboarding.account;

type Values = ContactFormData & { password: string; confirmPassword: string };

type Props = {
  initial: ContactFormData | null;
  busy: boolean;
  onContactChange: (contact: ContactFormData) => void;
  onSubmit: (values: AccountValues) => void;
  onBack: () => void;
};

const EMPTY: Values = {
  name: '',
  lastName: '',
  email: '',
  phone: '',
  role: '',
  acceptTerms: false,
  password: '',
  confirmPassword: '',
};

export function AccountForm({ initial, busy, onContactChange, onSubmit, onBack }: Props) {
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...(initial ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const strength = usePasswordStrength(values.password, [
    values.email,
    values.name,
    values.lastName,
  ]);

  // After a failed submit, the first invalid field gets the focus.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (errors[key] || (key === 'password' && errors.confirmPassword)) {
      setErrors((e) => {
        const copy = { ...e };
        delete copy[key];
        if (key === 'password') delete copy.confirmPassword;
        return copy;
      });
    }
    if (key !== 'password' && key !== 'confirmPassword') {
      const { password: _p, confirmPassword: _c, ...contact } = next;
      onContactChange(contact);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = accountFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setAttempt((n) => n + 1);
      return;
    }
    const verdict = await strength.check();
    if (verdict && !verdict.ok) {
      setErrors({ password: verdict.message });
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="account-form">
      <div className="form-grid">
        <Field label={t.firstName} required error={errors.name}>
          {(props) => (
            <input
              {...props}
              className="input"
              autoComplete="given-name"
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </Field>
        <Field label={t.lastName} hint={t.lastNameHint} error={errors.lastName}>
          {(props) => (
            <input
              {...props}
              className="input"
              autoComplete="family-name"
              value={values.lastName}
              onChange={(e) => set('lastName', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t.email} required error={errors.email}>
        {(props) => (
          <input
            {...props}
            className="input"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t.emailPlaceholder}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        )}
      </Field>
      <div className="form-grid">
        <Field label={t.phone} error={errors.phone}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="tel"
              autoComplete="tel"
              placeholder={t.phonePlaceholder}
              value={values.phone}
              onChange={(e) => set('phone', e.target.value)}
            />
          )}
        </Field>
        <Field label={t.role} required error={errors.role}>
          {(props) => (
            <select
              {...props}
              className="select"
              value={values.role}
              onChange={(e) => set('role', e.target.value)}
            >
              <option value="">{t.rolePlaceholder}</option>
              {CONTACT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="form-grid">
        <PasswordField
          label={t.password}
          required
          autoComplete="new-password"
          hint={strength.feedback?.message ?? t.passwordHint}
          error={errors.password}
          value={values.password}
          onChange={(value) => set('password', value)}
        />
        <PasswordField
          label={t.confirmPassword}
          required
          autoComplete="new-password"
          error={errors.confirmPassword}
          value={values.confirmPassword}
          onChange={(value) => set('confirmPassword', value)}
        />
      </div>
      <div className={`field${errors.acceptTerms ? ' field-invalid' : ''}`}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.acceptTerms}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
            required
            onChange={(e) => set('acceptTerms', e.target.checked)}
          />
          <span>{t.terms}</span>
        </label>
        <p className="terms-links">
          <Link to={LEGAL_PATHS.terms} target="_blank" rel="noopener">
            {t.readTerms}
            <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
          </Link>
          <Link to={LEGAL_PATHS.privacy} target="_blank" rel="noopener">
            {t.readPrivacy}
            <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
          </Link>
        </p>
        {errors.acceptTerms ? (
          <p id="terms-error" className="field-error" role="alert">
            {errors.acceptTerms}
          </p>
        ) : null}
      </div>
      <div className="onboarding-actions">
        <Button variant="secondary" onClick={onBack}>
          {fr.onboarding.back}
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}
