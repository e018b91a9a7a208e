// An editable combobox with a list popup, after the WAI-ARIA Authoring Practices pattern: the
// input keeps the focus, the options are a listbox, the highlighted option is announced through
// aria-activedescendant. Keyboard (01 §2): ArrowDown / ArrowUp move the highlight (bounded, no
// wrap), Enter selects it, Escape closes the popup; hovering highlights; editing resets the
// highlight. While `loading` the input shows a spinner and is marked busy (aria-busy, `is-busy`
// styling) but stays editable: 01 §2's "disabled while loading" must not eat what the user types
// meanwhile (issue 16 item 2); the search runs on the latest text. Leaving the field closes the
// list, a click back into it reopens it (issue 29 item 11). A `footer` (where the options come
// from) stays in sight: at the foot of the open list, under the field when the list is closed.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { moveHighlight } from '@/domain/onboarding-rules';
import { Spinner } from '@/components/ui/spinner';

/** 01 §9: on focus or click the input is scrolled to the centre after 100 ms. */
export const FOCUS_SCROLL_DELAY_MS = 100;

export type ComboboxFieldProps<T> = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onValueChange: (text: string) => void;
  options: readonly T[];
  getKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  /** Accessible name of the listbox. */
  listLabel: string;
  loading?: boolean;
  loadingLabel?: string;
  /** Polite announcement (number of results, no result). */
  status?: string;
  /** Scroll the input to the centre 100 ms after focus or click (mobile keyboards). */
  scrollOnFocus?: boolean;
  inputProps?: Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'onChange' | 'onKeyDown' | 'role' | 'id' | 'disabled'
  >;
  className?: string;
  /** Shown with the options (at the foot of the open list, else under the field). */
  footer?: ReactNode;
  /** the footer only at the foot of the open list, never under the field */
  footerOnlyWithList?: boolean;
};

export function ComboboxField<T>({
  label,
  hint,
  error,
  value,
  onValueChange,
  options,
  getKey,
  renderOption,
  onSelect,
  listLabel,
  loading = false,
  loadingLabel,
  status,
  scrollOnFocus = false,
  inputProps,
  className,
  footer,
  footerOnlyWithList = false,
}: ComboboxFieldProps<T>) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-listbox`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The highlight belongs to one list of options: a new list (or an edit) starts with none.
  const optionsKey = options.map(getKey).join('|');
  const [highlight, setHighlight] = useState<{ key: string; index: number }>({
    key: optionsKey,
    index: -1,
  });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const active = highlight.key === optionsKey ? Math.min(highlight.index, options.length - 1) : -1;
  const open = options.length > 0 && dismissed !== optionsKey;

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from the stable useId value
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  useEffect(
    () => () => {
      if (scrollTimer.current) clearTimeout(scrollTimer.current);
    },
    [],
  );

  const scheduleScroll = () => {
    if (!scrollOnFocus) return;
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const input = inputRef.current;
      if (!input) return;
      if (document.activeElement !== input) input.focus({ preventScroll: true });
      input.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    }, FOCUS_SCROLL_DELAY_MS);
  };

  const select = (option: T) => {
    setHighlight({ key: optionsKey, index: -1 });
    onSelect(option);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        if (!open) {
          setDismissed(null);
          setHighlight({
            key: optionsKey,
            index: event.key === 'ArrowDown' ? 0 : options.length - 1,
          });
          return;
        }
        setHighlight({ key: optionsKey, index: moveHighlight(active, event.key, options.length) });
        return;
      }
      case 'Enter': {
        if (open && active >= 0) {
          event.preventDefault();
          select(options[active]!);
        }
        return;
      }
      case 'Escape': {
        if (open) {
          event.preventDefault();
          setDismissed(optionsKey);
          setHighlight({ key: optionsKey, index: -1 });
        } else if (value !== '') {
          event.preventDefault();
          onValueChange('');
        }
        return;
      }
      default:
    }
  };

  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div
      className={['field', 'combobox', error ? 'field-invalid' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="combobox-control">
        <input
          autoComplete="off"
          spellCheck={false}
          {...inputProps}
          ref={inputRef}
          id={inputId}
          className={loading ? 'input combobox-input is-busy' : 'input combobox-input'}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-busy={loading || undefined}
          value={value}
          onChange={(event) => {
            setDismissed(null);
            setHighlight({ key: optionsKey, index: -1 });
            onValueChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={scheduleScroll}
          onClick={() => {
            // A click back into the field reopens the list it closed (issue 29 item 11).
            setDismissed(null);
            scheduleScroll();
          }}
          onBlur={() => setDismissed(optionsKey)}
        />
        {loading ? (
          <span className="combobox-spinner">
            <Spinner size={18} {...(loadingLabel ? { label: loadingLabel } : {})} />
          </span>
        ) : null}
        <div
          className="combobox-popup"
          hidden={!open}
          // Scrolling or clicking in the list never takes the focus from the field.
          onMouseDown={(event) => event.preventDefault()}
        >
          <ul id={listId} role="listbox" aria-label={listLabel} className="combobox-listbox">
            {options.map((option, index) => (
              <li
                key={getKey(option)}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'combobox-option is-active' : 'combobox-option'}
                onMouseEnter={() => setHighlight({ key: optionsKey, index })}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => select(option)}
              >
                {renderOption(option)}
              </li>
            ))}
          </ul>
          {footer && open ? <div className="combobox-footer">{footer}</div> : null}
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {footer && !open && !footerOnlyWithList ? (
        <div className="combobox-note">{footer}</div>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status ?? ''}
      </p>
    </div>
  );
}
