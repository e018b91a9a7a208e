import { fr } from '@/i18n/fr';
import { LegalDocument } from '../components/legal-document';

/** /conditions-utilisation: the terms of use (issue 29 item 12), public. */
export function TermsPage() {
  const t = fr.legal.terms;
  return (
    <LegalDocument title={t.title} intro={t.intro} sections={t.sections} contact={t.contact} />
  );
}
