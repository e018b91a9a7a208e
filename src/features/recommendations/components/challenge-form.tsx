import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useIsMobile } from '@/hooks/use-media-query';
import { fr } from '@/i18n/fr';

type Props = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  loading: boolean;
  online: boolean;
  error: string | null;
};

/**
 * The challenge box (02 §2.14): 'Utiliser mon budget' ('Rechercher' on small screens), disabled
 * while loading or when the text is blank; Enter submits (Shift+Enter for a new line).
 */
export function ChallengeForm({ value, onChange, onSubmit, loading, online, error }: Props) {
  const t = fr.recommendations;
  const isMobile = useIsMobile();
  const id = useId();
  const blank = value.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!loading) onSubmit();
    }
  };
  return (
    <form className="reco-form card" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-need`} className="field-label">
        {t.needLabel}
      </label>
      <textarea
        id={`${id}-need`}
        className="textarea reco-textarea"
        rows={3}
        maxLength={2000}
        value={value}
        placeholder={t.needPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t.needHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="reco-form-actions">
        <Button type="submit" size="lg" disabled={blank || !online} loading={loading}>
          {isMobile ? t.searchShort : t.search}
        </Button>
      </div>
    </form>
  );
}
