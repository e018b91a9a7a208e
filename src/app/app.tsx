import { fr } from '@/i18n/fr';

export function App() {
  return <h1>{fr.common.appName}</h1>;
}
