import { useId } from 'react';
import type { LegalSection } from '@/i18n/fr/legal';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import './legal.css';

type LegalDocumentProps = {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  contact: string;
};

/** A legal page: title, date, introduction, numbered sections, and the way to reach us. */
export function LegalDocument({ title, intro, sections, contact }: LegalDocumentProps) {
  const id = useId();
  return (
    <div className="page legal-page">
      <header className="legal-header">
        <h1 className="page-title">{title}</h1>
        <p className="muted legal-updated">{fr.legal.updated}</p>
      </header>
      <p className="legal-intro">{intro}</p>
      {sections.map((section, index) => (
        <section key={section.title} className="legal-section" aria-labelledby={`${id}-${index}`}>
          <h2 id={`${id}-${index}`} className="legal-section-title">
            {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items ? (
            <ul className="legal-list">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <div className="card legal-contact">
        <p>{contact}</p>
        <a
          className="btn btn-secondary btn-md"
          href={config.contactUrl}
          target="_blank"
          rel="noreferrer"
        >
          {fr.legal.contactAction}
          <span className="visually-hidden">{` ${fr.common.opensInNewTab}`}</span>
        </a>
      </div>
    </div>
  );
}
