import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { canAddCompany } from '@/domain/limits';
import { fr } from '@/i18n/fr';
import { Spinner } from '@/components/ui/spinner';
import type { CurrentCompany } from '@/lib/current-company';

type Props = {
  current: CurrentCompany;
  /** Called after a choice that leaves the menu (closes the mobile drawer). */
  onDone?: () => void;
};

/**
 * Company switcher (02 §2.2): the current company, the user's companies (newest first), 'Ajouter
 * une entreprise' (hidden at 3, replaced by the limit message) and 'Gérer mes entreprises'.
 * A disclosure: Escape closes it and gives focus back to its button.
 */
export function CompanySwitcher({ current, onDone }: Props) {
  const { companies, company, select } = current;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (companies === undefined) {
    return (
      <div className="company-switcher">
        <Spinner size={16} />
      </div>
    );
  }

  const name = company?.name ?? fr.shell.companySwitcher.none;
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const addCompany = () => {
    setOpen(false);
    onDone?.();
    navigate('/rechercher-entreprise', { state: { addingNewCompany: true } });
  };

  return (
    <div
      className="company-switcher"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <p className="company-switcher-caption">{fr.shell.companySwitcher.label}</p>
      <button
        ref={toggleRef}
        type="button"
        className="company-switcher-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={fr.shell.companySwitcher.toggle(name)}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="company-switcher-name">{name}</span>
        <span aria-hidden="true" className="company-switcher-chevron">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={listId} className="company-switcher-menu" hidden={!open}>
        {companies.length > 0 ? (
          <ul className="company-switcher-list">
            {companies.map((c) => {
              const selected = c.siret === company?.siret;
              return (
                <li key={c.siret}>
                  <button
                    type="button"
                    className="company-switcher-item"
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => {
                      select(c.siret);
                      close();
                      onDone?.();
                    }}
                  >
                    <span className="company-switcher-item-name">{c.name}</span>
                    <span className="company-switcher-item-siret">
                      {fr.common.siret} {c.siret}
                    </span>
                    {selected ? (
                      <span className="visually-hidden">{` (${fr.shell.companySwitcher.current})`}</span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {canAddCompany(companies.length) ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm company-switcher-add"
            onClick={addCompany}
          >
            <span aria-hidden="true">+</span> {fr.shell.companySwitcher.addCompany}
          </button>
        ) : (
          <p className="company-switcher-limit">{fr.shell.companySwitcher.limit}</p>
        )}
        <Link
          to="/dashboard/companies"
          className="company-switcher-manage"
          onClick={() => {
            setOpen(false);
            onDone?.();
          }}
        >
          {fr.shell.companySwitcher.manage}
        </Link>
      </div>
    </div>
  );
}
