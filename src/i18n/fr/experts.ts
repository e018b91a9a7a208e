// Experts directory (/experts, 02 §2.11, §8).
export const experts = {
  title: 'Les experts',
  subtitle: 'Plus de 800 experts pour vous former',
  searchPlaceholder: 'Rechercher un expert, une compétence, un outil...',
  searchLabel: 'Rechercher un expert',
  filters: 'Filtres',
  showFilters: 'Afficher les filtres',
  hideFilters: 'Masquer les filtres',
  sector: "Secteur d'activité",
  market: 'Marché',
  allOptions: 'Tous',
  facetOption: (value: string, count: number) => `${value} (${count})`,
  skills: 'Compétences',
  tools: 'Outils',
  moreItems: (n: number) => `+${n} autres`,
  currentJob: 'Poste actuel',
  pictureAlt: (name: string) => `Photo de ${name}`,
  seeMore: 'Voir plus',
  loading: 'Recherche des experts...',
  empty: 'Aucun expert trouvé',
  /** 02 §8 */
  searchError: 'Une erreur est survenue lors de la recherche des experts',
} as const;
