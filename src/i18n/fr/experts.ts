// Experts directory (/experts, 02 §2.11, §8).
import { deName } from '@/domain/french-elision';
export const experts = {
  title: 'Les experts',
  /** The directory's own size (« Plus de 800 experts » is the marketing claim, 02 §9; this headline
   * sits above « N experts trouvés » and must agree with it); no number while unknown. */
  subtitle: (count: number | null) =>
    count === null
      ? 'Des experts pour vous former'
      : count === 1
        ? '1 expert pour vous former'
        : `${count.toLocaleString('fr-FR')} experts pour vous former`,
  searchPlaceholder: 'Rechercher un expert, une compétence, un outil...',
  searchLabel: 'Rechercher un expert',
  filters: 'Filtres',
  showFilters: 'Afficher les filtres',
  hideFilters: 'Masquer les filtres',
  /** (ours) shown next to the toggle while filters are active */
  activeFilters: (n: number) => (n === 1 ? '1 filtre actif' : `${n} filtres actifs`),
  /** (ours) */
  clearFilters: 'Effacer les filtres',
  sector: "Secteur d'activité",
  market: 'Marché',
  allOptions: 'Tous',
  facetOption: (value: string, count: number) => `${value} (${count})`,
  skills: 'Compétences',
  tools: 'Outils',
  moreItems: (n: number) => `+${n} autres`,
  currentJob: 'Poste actuel',
  /** (ours) */
  currentJobLine: (title: string) => `Poste actuel : ${title}`,
  pictureAlt: (name: string) => `Photo ${deName(name)}`,
  seeMore: 'Voir plus',
  loading: 'Recherche des experts...',
  empty: 'Aucun expert trouvé',
  /** (ours) result count announced to screen readers and shown above the cards */
  resultsCount: (n: number) => (n === 1 ? '1 expert trouvé' : `${n} experts trouvés`),
  /** (ours) */
  retry: 'Réessayer',
  /** (ours) shown when the local sample directory is used (no search index configured) */
  sampleNote: "Données d'exemple : les experts présentés ici sont fictifs.",
  /** 02 §8 */
  searchError: 'Une erreur est survenue lors de la recherche des experts',
  /** (ours) an expert's detail (issue 29 item 8) */
  detail: {
    open: 'Voir le profil',
    openNamed: (name: string) => `Voir le profil ${deName(name)}`,
    about: 'Présentation',
    experiences: 'Expériences',
    currentJob: 'poste actuel',
    sector: "Secteur d'activité",
    market: 'Marché',
    levels: 'Niveaux accompagnés',
    levelNames: { beginners: 'débutants', intermediates: 'intermédiaires', advanced: 'avancés' },
    book: 'Prendre rendez-vous',
    bookHint:
      'Un conseiller fait le point avec vous en 30 minutes, puis vous met en relation avec un expert sous 48 h.',
  },
} as const;
