import { fr } from '@/i18n/fr';
import { LegalDocument } from '../components/legal-document';

/** /confidentialite: what the product stores where, for how long, and how to ask for deletion. */
export function PrivacyPage() {
  const t = fr.legal.privacy;
  return (
    <LegalDocument title={t.title} intro={t.intro} sections={t.sections} contact={t.contact} />
  );
}
