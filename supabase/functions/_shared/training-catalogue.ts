// The training catalogue shipped with the edge functions: the data of the local engines
// (generate-training retrieval, estimate-training nearest neighbours, analyze-survey).
// 84 realistic French trainings, 12 categories of 7. Prices are € HT within 1 550–8 200 (the range
// of the documents' static trainings, 02 §9); most are 100% funded, a few (certifications,
// long programmes) are partly funded, as OPCOs do. Pure data: no import, runs in Node and Deno.

export type CatalogueCategory =
  | 'Management'
  | 'Commercial'
  | 'Marketing et digital'
  | 'Ressources humaines'
  | 'Bureautique et outils'
  | 'Data et IA'
  | 'Sécurité et réglementaire'
  | 'Langues'
  | 'Communication'
  | 'Finance et gestion'
  | 'Production et qualité'
  | 'Relation client';

export type CatalogueFormat = 'Présentiel' | 'Distanciel' | 'Hybride' | 'E-learning';

export type CatalogueTraining = {
  /** stable slug */
  id: string;
  title: string;
  category: CatalogueCategory;
  description: string;
  /** hours */
  durationHours: number;
  /** display, e.g. '14 heures' */
  duration: string;
  format: CatalogueFormat;
  /** € HT */
  priceEuros: number;
  /** display, e.g. '2 450 € HT' (no-break spaces) */
  price: string;
  /** percent funded by the OPCO */
  coverageRate: number;
  /** display, e.g. '100%' */
  coverage: string;
  benefits: readonly string[];
  keywords: readonly string[];
};

export const CATALOGUE_CATEGORIES: readonly CatalogueCategory[] = [
  'Management',
  'Commercial',
  'Marketing et digital',
  'Ressources humaines',
  'Bureautique et outils',
  'Data et IA',
  'Sécurité et réglementaire',
  'Langues',
  'Communication',
  'Finance et gestion',
  'Production et qualité',
  'Relation client',
];

const NBSP = '\u00a0';

/** 2450 → '2 450' (no-break space as the thousands separator, as French typography does). */
export function groupThousands(n: number): string {
  const digits = String(Math.round(Math.abs(n)));
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** 2450 → '2 450 € HT' */
export const formatCataloguePrice = (euros: number): string => `${groupThousands(euros)}${NBSP}€${NBSP}HT`;
/** 14 → '14 heures' (1 → '1 heure') */
export const formatCatalogueDuration = (hours: number): string => `${hours}${NBSP}heure${hours > 1 ? 's' : ''}`;
/** 100 → '100%' */
export const formatCatalogueCoverage = (rate: number): string => `${rate}%`;

type Entry = [
  id: string,
  title: string,
  description: string,
  hours: number,
  format: CatalogueFormat,
  price: number,
  coverage: number,
  benefits: string[],
  keywords: string[],
];

function build(category: CatalogueCategory, entries: Entry[]): CatalogueTraining[] {
  return entries.map(([id, title, description, hours, format, price, coverage, benefits, keywords]) => ({
    id,
    title,
    category,
    description,
    durationHours: hours,
    duration: formatCatalogueDuration(hours),
    format,
    priceEuros: price,
    price: formatCataloguePrice(price),
    coverageRate: coverage,
    coverage: formatCatalogueCoverage(coverage),
    benefits,
    keywords,
  }));
}

const management = build('Management', [
  ['manager-premiere-fois', 'Réussir sa prise de poste de manager', "Les fondamentaux pour les nouveaux managers : poser son cadre, déléguer, fixer des objectifs et conduire ses premiers entretiens individuels.", 21, 'Présentiel', 2450, 100,
    ['Prendre sa place de manager avec légitimité', 'Fixer des objectifs clairs et mesurables', 'Déléguer sans perdre le suivi', 'Conduire des entretiens individuels efficaces'],
    ['nouveau manager', 'prise de poste', 'encadrement', 'délégation', 'objectifs', 'leadership', 'chef d’équipe']],
  ['management-distance', 'Manager une équipe à distance', "Animer, motiver et coordonner une équipe en télétravail ou hybride : rituels, outils collaboratifs, confiance et suivi des résultats.", 14, 'Distanciel', 1850, 100,
    ['Mettre en place des rituels d’équipe adaptés au distanciel', 'Maintenir l’engagement et la cohésion', 'Suivre l’activité sans micro-management'],
    ['télétravail', 'hybride', 'distance', 'équipe dispersée', 'remote', 'cohésion', 'visioconférence', 'manager']],
  ['leadership-transformation', 'Leadership et conduite du changement', "Donner du sens aux transformations, lever les résistances et embarquer les équipes dans un projet de changement.", 28, 'Hybride', 3900, 100,
    ['Construire un plan de conduite du changement', 'Identifier et traiter les résistances', 'Communiquer une vision mobilisatrice', 'Accompagner les équipes dans la durée'],
    ['changement', 'transformation', 'leadership', 'résistance', 'réorganisation', 'vision', 'dirigeant']],
  ['gestion-conflits', 'Prévenir et gérer les conflits en équipe', "Comprendre les mécanismes du conflit, adopter une posture de médiateur et rétablir une coopération durable.", 14, 'Présentiel', 1950, 100,
    ['Repérer les signaux faibles de tension', 'Mener un entretien de médiation', 'Sortir d’une situation de blocage', 'Installer des règles de fonctionnement partagées'],
    ['conflit', 'tension', 'médiation', 'désaccord', 'climat social', 'coopération', 'manager']],
  ['feedback-entretiens', 'Feedback et entretiens annuels', "Préparer et conduire les entretiens annuels et professionnels, donner un feedback constructif et accompagner la progression.", 14, 'Distanciel', 1650, 100,
    ['Structurer un entretien annuel motivant', 'Donner un feedback factuel et bienveillant', 'Construire un plan de développement individuel'],
    ['entretien annuel', 'entretien professionnel', 'feedback', 'évaluation', 'objectifs', 'reconnaissance']],
  ['gestion-temps-priorites', 'Gestion du temps et des priorités', "Organiser son activité, prioriser l’essentiel, limiter les interruptions et retrouver du temps pour les sujets de fond.", 14, 'E-learning', 1550, 100,
    ['Distinguer l’urgent de l’important', 'Planifier sa semaine de façon réaliste', 'Réduire les interruptions et la surcharge', 'Mieux dire non'],
    ['organisation', 'temps', 'priorités', 'productivité', 'surcharge', 'planification', 'efficacité']],
  ['codir-strategie', 'Piloter la stratégie d’une PME', "Pour les dirigeants et comités de direction : diagnostic stratégique, plan d’action, indicateurs de pilotage et gouvernance.", 35, 'Hybride', 6900, 80,
    ['Réaliser un diagnostic stratégique de l’entreprise', 'Traduire la stratégie en plan d’action', 'Construire un tableau de bord de direction', 'Animer un comité de direction efficace'],
    ['stratégie', 'dirigeant', 'direction', 'PME', 'pilotage', 'gouvernance', 'croissance', 'business plan']],
]);

const commercial = build('Commercial', [
  ['techniques-vente', 'Techniques de vente : de la découverte à la conclusion', "Maîtriser les étapes de l’entretien de vente : découverte des besoins, argumentation, traitement des objections et closing.", 21, 'Présentiel', 2450, 100,
    ['Mener une phase de découverte approfondie', 'Argumenter sur les bénéfices client', 'Traiter les objections avec assurance', 'Conclure davantage de ventes'],
    ['vente', 'vendre', 'commercial', 'closing', 'conclure', 'objections', 'argumentaire', 'performance commerciale', 'chiffre d’affaires']],
  ['negociation-commerciale', 'Négociation commerciale et défense des marges', "Préparer ses négociations, résister à la pression sur les prix et construire des accords gagnant-gagnant.", 14, 'Présentiel', 2200, 100,
    ['Préparer une négociation avec une marge de manœuvre', 'Défendre ses prix et ses marges', 'Obtenir des contreparties', 'Gérer les acheteurs difficiles'],
    ['négociation', 'négocier', 'prix', 'marge', 'acheteur', 'remise', 'commercial', 'closing']],
  ['prospection-telephonique', 'Prospection commerciale et prise de rendez-vous', "Cibler, prospecter par téléphone, e-mail et LinkedIn, et décrocher des rendez-vous qualifiés.", 14, 'Distanciel', 1750, 100,
    ['Construire un fichier de prospection ciblé', 'Passer le barrage et accrocher en 30 secondes', 'Multiplier les rendez-vous qualifiés'],
    ['prospection', 'téléphone', 'rendez-vous', 'nouveaux clients', 'appel', 'cold calling', 'génération de leads']],
  ['vente-distance', 'Vendre à distance et en visioconférence', "Adapter l’entretien de vente à la visioconférence : préparation, présence à l’écran, interactivité et conclusion à distance.", 14, 'Distanciel', 1850, 100,
    ['Capter l’attention en visioconférence', 'Rendre une démonstration interactive', 'Conclure une vente sans rencontre physique'],
    ['visioconférence', 'vente à distance', 'teams', 'zoom', 'démonstration', 'commercial', 'conclure']],
  ['social-selling', 'Social selling avec LinkedIn', "Développer sa visibilité et générer des opportunités commerciales grâce à LinkedIn et aux réseaux professionnels.", 14, 'Distanciel', 1650, 100,
    ['Optimiser son profil LinkedIn pour la vente', 'Publier des contenus qui attirent des prospects', 'Transformer les conversations en rendez-vous'],
    ['linkedin', 'social selling', 'réseaux sociaux', 'prospection', 'visibilité', 'personal branding']],
  ['grands-comptes', 'Développer et fidéliser les grands comptes', "Cartographier les décideurs, construire des plans de compte et piloter une relation durable avec les clients stratégiques.", 21, 'Hybride', 3200, 100,
    ['Cartographier les circuits de décision', 'Construire un plan de compte', 'Accroître le chiffre d’affaires par client'],
    ['grands comptes', 'key account', 'plan de compte', 'fidélisation', 'B2B', 'décideurs', 'commercial']],
  ['manager-commercial', 'Manager et animer une équipe commerciale', "Fixer des objectifs, piloter l’activité commerciale, coacher ses vendeurs sur le terrain et animer des réunions stimulantes.", 28, 'Présentiel', 4200, 100,
    ['Piloter l’activité par les bons indicateurs', 'Coacher ses commerciaux en situation', 'Animer des réunions commerciales motivantes', 'Construire un plan d’action commercial'],
    ['manager commercial', 'équipe commerciale', 'pilotage', 'coaching', 'objectifs de vente', 'performance commerciale', 'directeur commercial']],
]);

const marketing = build('Marketing et digital', [
  ['reseaux-sociaux-entreprise', 'Développer sa marque sur les réseaux sociaux', "Définir une ligne éditoriale, créer des contenus engageants et animer une communauté sur Instagram, LinkedIn et Facebook.", 21, 'Distanciel', 2100, 100,
    ['Définir une stratégie social media alignée sur la marque', 'Créer des contenus engageants', 'Planifier et mesurer ses publications', 'Développer sa communauté'],
    ['réseaux sociaux', 'instagram', 'facebook', 'linkedin', 'community management', 'marque', 'notoriété', 'contenu']],
  ['seo-referencement', 'Référencement naturel (SEO)', "Améliorer la visibilité de son site dans les moteurs de recherche : mots-clés, contenus, technique et netlinking.", 21, 'Distanciel', 2300, 100,
    ['Choisir les bons mots-clés', 'Optimiser les pages et les contenus', 'Suivre son positionnement et son trafic'],
    ['seo', 'référencement', 'google', 'site web', 'mots-clés', 'trafic', 'visibilité']],
  ['publicite-en-ligne', 'Publicité en ligne : Google Ads et Meta Ads', "Créer, piloter et optimiser des campagnes payantes rentables sur Google et les réseaux sociaux.", 14, 'Distanciel', 1950, 100,
    ['Structurer des campagnes par objectif', 'Maîtriser son budget et son coût d’acquisition', 'Optimiser les annonces par les tests'],
    ['google ads', 'sea', 'publicité', 'meta ads', 'campagne', 'acquisition', 'sponsorisé']],
  ['strategie-marketing-digital', 'Construire sa stratégie marketing digitale', "Élaborer un plan marketing digital complet : personas, parcours client, canaux, budget et indicateurs de performance.", 28, 'Hybride', 3600, 100,
    ['Définir ses personas et son parcours client', 'Choisir les canaux les plus rentables', 'Piloter par des indicateurs clés'],
    ['marketing digital', 'stratégie', 'plan marketing', 'persona', 'parcours client', 'webmarketing', 'acquisition']],
  ['emailing-automation', 'E-mailing et marketing automation', "Concevoir des campagnes e-mail efficaces et automatiser ses scénarios de nurturing et de fidélisation.", 14, 'E-learning', 1650, 100,
    ['Rédiger des e-mails qui sont ouverts et lus', 'Segmenter sa base de contacts', 'Automatiser des scénarios de relance'],
    ['emailing', 'newsletter', 'marketing automation', 'nurturing', 'crm', 'fidélisation', 'e-mail']],
  ['ecommerce-boutique', 'Créer et développer sa boutique en ligne', "Lancer ou optimiser un site e-commerce : catalogue, paiement, logistique, conversion et fidélisation des acheteurs.", 35, 'Distanciel', 3800, 100,
    ['Choisir la bonne solution e-commerce', 'Améliorer le taux de conversion', 'Organiser la logistique et le service après-vente'],
    ['e-commerce', 'boutique en ligne', 'vente en ligne', 'shopify', 'woocommerce', 'conversion', 'site marchand']],
  ['creation-contenus-video', 'Créer des contenus vidéo pour le web', "Tourner et monter des vidéos courtes avec un smartphone pour les réseaux sociaux et le site de l’entreprise.", 14, 'Présentiel', 1850, 100,
    ['Écrire un script court et percutant', 'Filmer avec un smartphone comme un pro', 'Monter et sous-titrer ses vidéos'],
    ['vidéo', 'montage', 'smartphone', 'reels', 'tiktok', 'youtube', 'contenu', 'réseaux sociaux']],
]);

const rh = build('Ressources humaines', [
  ['recrutement-entretien', 'Recruter efficacement : de l’annonce à l’intégration', "Définir le besoin, rédiger une annonce attractive, conduire des entretiens structurés et réussir l’intégration.", 14, 'Présentiel', 1950, 100,
    ['Rédiger une annonce qui attire les bons profils', 'Conduire un entretien structuré et non discriminant', 'Réussir l’onboarding des nouvelles recrues'],
    ['recrutement', 'recruter', 'entretien d’embauche', 'annonce', 'sourcing', 'intégration', 'onboarding', 'embauche']],
  ['marque-employeur', 'Marque employeur et fidélisation des talents', "Renforcer l’attractivité de l’entreprise et réduire le turnover grâce à une marque employeur authentique.", 14, 'Distanciel', 1850, 100,
    ['Identifier ses atouts d’employeur', 'Communiquer sa culture d’entreprise', 'Réduire le turnover'],
    ['marque employeur', 'attractivité', 'fidélisation', 'turnover', 'talents', 'rétention', 'culture d’entreprise']],
  ['droit-travail-managers', 'Droit du travail pour les managers', "Les règles essentielles : contrat, temps de travail, congés, discipline et rupture, pour agir en sécurité juridique.", 14, 'Présentiel', 2100, 100,
    ['Connaître les règles du temps de travail', 'Gérer une procédure disciplinaire', 'Éviter les risques de contentieux'],
    ['droit du travail', 'contrat de travail', 'licenciement', 'discipline', 'temps de travail', 'juridique', 'prud’hommes']],
  ['gpec-competences', 'Gestion des emplois et des compétences (GEPP)', "Anticiper les besoins en compétences, construire un référentiel et bâtir le plan de développement des compétences.", 21, 'Hybride', 2900, 100,
    ['Cartographier les compétences de l’entreprise', 'Anticiper les évolutions des métiers', 'Construire le plan de développement des compétences'],
    ['gpec', 'gepp', 'compétences', 'plan de formation', 'plan de développement', 'référentiel', 'mobilité']],
  ['qvt-rps', 'Qualité de vie au travail et risques psychosociaux', "Prévenir le stress, l’épuisement et les risques psychosociaux ; mettre en place une démarche QVCT durable.", 14, 'Présentiel', 2300, 100,
    ['Repérer les situations de risques psychosociaux', 'Construire un plan de prévention', 'Améliorer durablement la qualité de vie au travail'],
    ['qvt', 'qvct', 'rps', 'risques psychosociaux', 'stress', 'burn-out', 'bien-être', 'prévention']],
  ['paie-fondamentaux', 'Les fondamentaux de la paie', "Comprendre et contrôler un bulletin de paie : éléments de salaire, cotisations, absences et déclarations sociales.", 35, 'Distanciel', 3400, 100,
    ['Lire et contrôler un bulletin de paie', 'Calculer les absences et les congés', 'Maîtriser la DSN'],
    ['paie', 'bulletin de salaire', 'cotisations', 'dsn', 'salaire', 'gestionnaire de paie']],
  ['tutorat-alternance', 'Devenir tuteur ou maître d’apprentissage', "Accueillir, accompagner et évaluer un alternant ou un nouvel arrivant ; transmettre son savoir-faire.", 14, 'Présentiel', 1550, 100,
    ['Préparer l’accueil de l’alternant', 'Transmettre ses savoir-faire', 'Évaluer la progression'],
    ['tuteur', 'tutorat', 'alternance', 'apprentissage', 'apprenti', 'transmission', 'accueil']],
]);

const bureautique = build('Bureautique et outils', [
  ['excel-avance', 'Excel avancé : tableaux croisés et tableaux de bord', "Automatiser ses analyses avec les fonctions avancées, les tableaux croisés dynamiques et des tableaux de bord lisibles.", 14, 'Distanciel', 1550, 100,
    ['Maîtriser les fonctions RECHERCHEX, SI et SOMME.SI.ENS', 'Construire des tableaux croisés dynamiques', 'Concevoir un tableau de bord clair'],
    ['excel', 'tableur', 'tableau croisé dynamique', 'tcd', 'tableau de bord', 'formules', 'reporting']],
  ['excel-debutant', 'Excel : les bases pour bien démarrer', "Saisir, calculer, mettre en forme et imprimer ses tableaux ; créer ses premiers graphiques.", 14, 'E-learning', 1550, 100,
    ['Créer des tableaux propres et fiables', 'Utiliser les formules de base', 'Créer des graphiques'],
    ['excel', 'débutant', 'tableur', 'formules', 'graphique', 'bureautique']],
  ['power-bi', 'Power BI : analyser et visualiser ses données', "Connecter ses sources, modéliser les données et publier des rapports interactifs avec Power BI.", 21, 'Distanciel', 2600, 100,
    ['Importer et nettoyer des données avec Power Query', 'Modéliser et écrire des mesures DAX simples', 'Publier des rapports interactifs'],
    ['power bi', 'reporting', 'visualisation', 'tableau de bord', 'dax', 'business intelligence', 'données']],
  ['microsoft-365', 'Travailler en équipe avec Microsoft 365', "Teams, SharePoint, OneDrive et Planner : partager, coéditer et organiser le travail collaboratif.", 14, 'Distanciel', 1650, 100,
    ['Organiser ses équipes et canaux Teams', 'Partager et coéditer des documents', 'Suivre les tâches avec Planner'],
    ['microsoft 365', 'office 365', 'teams', 'sharepoint', 'onedrive', 'collaboratif', 'outils']],
  ['google-workspace', 'Google Workspace au quotidien', "Gmail, Agenda, Drive, Docs et Sheets : gagner en efficacité et collaborer en temps réel.", 7, 'E-learning', 1550, 100,
    ['Organiser sa messagerie et son agenda', 'Collaborer sur Docs et Sheets', 'Partager ses fichiers en sécurité'],
    ['google workspace', 'gmail', 'google drive', 'sheets', 'docs', 'collaboratif']],
  ['word-powerpoint', 'Word et PowerPoint : documents et présentations professionnels', "Produire des documents longs structurés et des présentations claires et impactantes.", 14, 'Distanciel', 1550, 100,
    ['Utiliser styles et modèles dans Word', 'Concevoir des diapositives lisibles', 'Gagner du temps sur la mise en forme'],
    ['word', 'powerpoint', 'présentation', 'traitement de texte', 'diaporama', 'bureautique']],
  ['crm-outils', 'Exploiter son CRM au quotidien', "Tirer parti de son logiciel CRM pour suivre les contacts, les opportunités et piloter l’activité commerciale.", 7, 'Distanciel', 1550, 100,
    ['Structurer sa base de contacts', 'Suivre le pipeline d’opportunités', 'Produire des rapports d’activité'],
    ['crm', 'hubspot', 'salesforce', 'pipeline', 'fichier client', 'outil commercial']],
]);

const dataIa = build('Data et IA', [
  ['ia-generative-quotidien', 'Utiliser l’IA générative au quotidien', "ChatGPT, Copilot, Mistral : rédiger de bons prompts et intégrer l’IA générative dans ses tâches en toute sécurité.", 14, 'Distanciel', 1850, 100,
    ['Rédiger des prompts précis et efficaces', 'Automatiser des tâches de rédaction et de synthèse', 'Connaître les limites et les risques de l’IA', 'Protéger les données de l’entreprise'],
    ['intelligence artificielle', 'ia', 'chatgpt', 'copilot', 'ia générative', 'prompt', 'automatisation', 'mistral']],
  ['ia-strategie-dirigeants', 'Intelligence artificielle : stratégie pour les dirigeants', "Identifier les cas d’usage de l’IA dans son entreprise, évaluer leur valeur et piloter leur déploiement.", 14, 'Présentiel', 3200, 100,
    ['Repérer les cas d’usage à forte valeur', 'Évaluer les risques juridiques et éthiques', 'Construire une feuille de route IA'],
    ['intelligence artificielle', 'ia', 'stratégie', 'dirigeant', 'transformation numérique', 'innovation', 'ai act']],
  ['analyse-donnees', 'Analyse de données pour les non-spécialistes', "Collecter, nettoyer, analyser et présenter des données pour prendre de meilleures décisions.", 21, 'Distanciel', 2400, 100,
    ['Poser les bonnes questions aux données', 'Nettoyer et structurer un jeu de données', 'Présenter des résultats convaincants'],
    ['données', 'data', 'analyse', 'statistiques', 'décision', 'data analyst', 'indicateurs']],
  ['python-data', 'Python pour l’analyse de données', "Automatiser le traitement de données avec Python, pandas et les notebooks Jupyter.", 35, 'Distanciel', 3900, 100,
    ['Écrire ses premiers scripts Python', 'Manipuler des données avec pandas', 'Automatiser des rapports'],
    ['python', 'pandas', 'programmation', 'data', 'jupyter', 'automatisation', 'script']],
  ['automatisation-no-code', 'Automatiser ses processus sans coder', "Relier ses applications et automatiser les tâches répétitives avec des outils no-code (Make, Zapier, Power Automate).", 14, 'Distanciel', 1950, 100,
    ['Repérer les tâches automatisables', 'Construire des scénarios no-code', 'Fiabiliser et documenter ses automatisations'],
    ['no-code', 'automatisation', 'zapier', 'make', 'power automate', 'processus', 'productivité']],
  ['sql-bases-donnees', 'Interroger une base de données avec SQL', "Écrire des requêtes SQL pour extraire, filtrer, agréger et croiser les données de l’entreprise.", 21, 'Distanciel', 2300, 100,
    ['Écrire des requêtes de sélection et de filtre', 'Joindre plusieurs tables', 'Produire des indicateurs agrégés'],
    ['sql', 'base de données', 'requête', 'data', 'extraction', 'reporting']],
  ['ia-service-client', 'IA et chatbots pour la relation client', "Déployer un assistant conversationnel et utiliser l’IA pour répondre plus vite et mieux aux clients.", 14, 'Hybride', 2800, 100,
    ['Choisir un chatbot adapté à ses besoins', 'Concevoir des réponses et des scénarios', 'Mesurer la satisfaction et améliorer'],
    ['chatbot', 'intelligence artificielle', 'ia', 'service client', 'assistant virtuel', 'relation client', 'automatisation']],
]);

const securite = build('Sécurité et réglementaire', [
  ['rgpd-conformite', 'RGPD : mettre son entreprise en conformité', "Cartographier les traitements, tenir le registre, informer les personnes et sécuriser les données personnelles.", 14, 'Distanciel', 1950, 100,
    ['Tenir un registre des traitements à jour', 'Répondre aux demandes des personnes', 'Réduire les risques de sanction de la CNIL'],
    ['rgpd', 'données personnelles', 'cnil', 'conformité', 'protection des données', 'dpo', 'réglementation']],
  ['cybersecurite-salaries', 'Cybersécurité : les bons réflexes pour tous', "Se protéger du phishing, des rançongiciels et des fraudes ; adopter une hygiène numérique au quotidien.", 7, 'E-learning', 1550, 100,
    ['Reconnaître un e-mail de phishing', 'Gérer ses mots de passe en sécurité', 'Réagir face à un incident'],
    ['cybersécurité', 'sécurité informatique', 'phishing', 'hameçonnage', 'rançongiciel', 'mot de passe', 'piratage']],
  ['sst-secourisme', 'Sauveteur secouriste du travail (SST)', "Intervenir face à un accident du travail et contribuer à la prévention des risques dans l’entreprise.", 14, 'Présentiel', 1650, 100,
    ['Porter les premiers secours', 'Alerter efficacement les secours', 'Contribuer à la prévention'],
    ['sst', 'secourisme', 'premiers secours', 'accident du travail', 'sauveteur', 'santé', 'sécurité']],
  ['document-unique', 'Évaluer les risques et rédiger le document unique', "Identifier et évaluer les risques professionnels, rédiger le DUERP et construire le plan de prévention.", 14, 'Présentiel', 2100, 100,
    ['Identifier les risques par unité de travail', 'Rédiger et mettre à jour le DUERP', 'Construire le programme de prévention'],
    ['duerp', 'document unique', 'risques professionnels', 'prévention', 'santé sécurité', 'obligation employeur']],
  ['habilitation-electrique', 'Habilitation électrique (BS, BE manœuvre)', "Réaliser des opérations simples d’ordre électrique en sécurité et obtenir l’habilitation adaptée.", 14, 'Présentiel', 1750, 100,
    ['Connaître les dangers de l’électricité', 'Appliquer les consignes de sécurité', 'Obtenir son titre d’habilitation'],
    ['habilitation électrique', 'électricité', 'sécurité', 'bs', 'be manoeuvre', 'maintenance']],
  ['securite-incendie', 'Sécurité incendie et évacuation', "Prévenir les départs de feu, manipuler les extincteurs et organiser l’évacuation des locaux.", 7, 'Présentiel', 1550, 100,
    ['Utiliser les moyens d’extinction', 'Organiser une évacuation', 'Jouer son rôle de guide-file ou serre-file'],
    ['incendie', 'évacuation', 'extincteur', 'sécurité', 'guide-file', 'prévention']],
  ['conformite-anticorruption', 'Conformité, éthique et lutte anti-corruption', "Comprendre les obligations de conformité, prévenir la corruption et les conflits d’intérêts.", 7, 'E-learning', 1550, 100,
    ['Identifier les situations à risque', 'Appliquer le code de conduite', 'Savoir alerter'],
    ['conformité', 'éthique', 'corruption', 'sapin 2', 'conflit d’intérêts', 'compliance', 'réglementation']],
]);

const langues = build('Langues', [
  ['anglais-professionnel', 'Anglais professionnel : communiquer avec aisance', "Progresser à l’oral et à l’écrit dans les situations de travail : réunions, téléphone, e-mails, présentations.", 30, 'Distanciel', 2400, 100,
    ['Prendre la parole en réunion en anglais', 'Rédiger des e-mails professionnels', 'Gagner en fluidité et en confiance'],
    ['anglais', 'english', 'langue', 'international', 'oral', 'réunion', 'business english']],
  ['anglais-toeic', 'Anglais avec certification TOEIC', "Un parcours individualisé avec un formateur et le passage de la certification TOEIC.", 40, 'Hybride', 3200, 80,
    ['Progresser à son rythme avec un formateur', 'Valider son niveau avec le TOEIC', 'Valoriser la certification sur son CV'],
    ['anglais', 'toeic', 'certification', 'langue', 'english', 'test']],
  ['anglais-commercial', 'Anglais commercial et négociation', "Présenter son offre, négocier et conclure en anglais avec des clients et partenaires étrangers.", 30, 'Distanciel', 2700, 100,
    ['Présenter son offre en anglais', 'Négocier en anglais', 'Conclure avec des clients étrangers'],
    ['anglais', 'export', 'négociation', 'international', 'vente', 'commercial', 'english']],
  ['espagnol-pro', 'Espagnol professionnel', "Communiquer en espagnol dans ses échanges professionnels courants, à l’oral comme à l’écrit.", 30, 'Distanciel', 2300, 100,
    ['Se présenter et présenter son entreprise', 'Échanger par téléphone et e-mail', 'Comprendre ses interlocuteurs'],
    ['espagnol', 'español', 'langue', 'international', 'export']],
  ['allemand-pro', 'Allemand professionnel', "Acquérir les bases ou se perfectionner en allemand pour les échanges avec les partenaires germanophones.", 30, 'Distanciel', 2400, 100,
    ['Maîtriser le vocabulaire professionnel', 'Mener une conversation simple', 'Rédiger des messages courts'],
    ['allemand', 'deutsch', 'langue', 'international', 'export']],
  ['fle-salaries', 'Français langue étrangère pour les salariés', "Améliorer la maîtrise du français oral et écrit des salariés non francophones dans leur environnement de travail.", 40, 'Présentiel', 2900, 100,
    ['Comprendre les consignes de travail', 'Communiquer avec ses collègues et clients', 'Gagner en autonomie à l’écrit'],
    ['fle', 'français', 'langue', 'intégration', 'non francophone', 'alphabétisation']],
  ['anglais-elearning', 'Anglais en e-learning avec coaching', "Une plateforme d’apprentissage en ligne complétée par des séances de coaching individuel.", 20, 'E-learning', 1550, 100,
    ['Apprendre quand on veut, où on veut', 'Pratiquer l’oral avec un coach', 'Suivre ses progrès'],
    ['anglais', 'e-learning', 'langue', 'english', 'coaching', 'autonomie']],
]);

const communication = build('Communication', [
  ['prise-parole-public', 'Prise de parole en public', "Gagner en aisance à l’oral, structurer son message et captiver son auditoire, en réunion comme sur scène.", 14, 'Présentiel', 1950, 100,
    ['Gérer son trac', 'Structurer un message clair', 'Captiver son auditoire par la voix et le geste'],
    ['prise de parole', 'oral', 'présentation', 'public', 'aisance', 'trac', 'éloquence', 'pitch']],
  ['communication-interpersonnelle', 'Communication interpersonnelle et assertivité', "S’affirmer avec respect, mieux écouter, et désamorcer les situations tendues au travail.", 14, 'Présentiel', 1850, 100,
    ['S’exprimer avec assertivité', 'Pratiquer l’écoute active', 'Désamorcer les tensions'],
    ['communication', 'assertivité', 'écoute active', 'relations', 'confiance en soi', 'savoir-être']],
  ['ecrits-professionnels', 'Écrits professionnels efficaces', "Rédiger des e-mails, comptes rendus et notes clairs, concis et adaptés à leurs lecteurs.", 14, 'Distanciel', 1650, 100,
    ['Structurer ses écrits', 'Écrire court et clair', 'Adapter le ton à son lecteur'],
    ['écrit', 'rédaction', 'e-mail', 'compte rendu', 'orthographe', 'synthèse', 'communication écrite']],
  ['animer-reunions', 'Animer des réunions efficaces', "Préparer, animer et conclure des réunions productives, en présentiel comme à distance.", 7, 'Distanciel', 1550, 100,
    ['Préparer un ordre du jour utile', 'Faire participer chacun', 'Obtenir des décisions et un suivi'],
    ['réunion', 'animation', 'facilitation', 'visioconférence', 'décision', 'collaboration']],
  ['communication-crise', 'Communication de crise', "Anticiper, gérer et sortir d’une crise médiatique ou sur les réseaux sociaux.", 14, 'Présentiel', 3100, 100,
    ['Préparer un plan de communication de crise', 'Répondre aux médias et aux réseaux sociaux', 'Préserver la réputation de l’entreprise'],
    ['crise', 'communication', 'médias', 'réputation', 'bad buzz', 'relations presse']],
  ['storytelling', 'Storytelling : raconter l’histoire de son entreprise', "Utiliser la force du récit pour présenter son entreprise, ses offres et ses projets.", 7, 'Distanciel', 1550, 100,
    ['Trouver l’histoire de son entreprise', 'Construire un récit captivant', 'L’utiliser à l’écrit comme à l’oral'],
    ['storytelling', 'récit', 'communication', 'marque', 'pitch', 'présentation']],
  ['communication-interne', 'Communication interne et engagement', "Informer, fédérer et faire adhérer les équipes grâce à une communication interne structurée.", 14, 'Hybride', 2200, 100,
    ['Choisir les bons canaux internes', 'Produire des messages qui engagent', 'Mesurer l’efficacité de la communication interne'],
    ['communication interne', 'engagement', 'intranet', 'newsletter interne', 'adhésion', 'culture']],
]);

const finance = build('Finance et gestion', [
  ['finance-non-financiers', 'Finance pour non-financiers', "Lire un bilan et un compte de résultat, comprendre la rentabilité et dialoguer avec les financiers.", 14, 'Distanciel', 1950, 100,
    ['Lire les états financiers', 'Comprendre les notions de marge et de rentabilité', 'Participer aux décisions budgétaires'],
    ['finance', 'bilan', 'compte de résultat', 'comptabilité', 'rentabilité', 'non financier']],
  ['tresorerie-pme', 'Gérer la trésorerie d’une PME', "Construire un plan de trésorerie, anticiper les besoins de financement et réduire les délais de paiement.", 14, 'Distanciel', 2100, 100,
    ['Construire un plan de trésorerie', 'Réduire le besoin en fonds de roulement', 'Négocier avec sa banque'],
    ['trésorerie', 'cash', 'bfr', 'financement', 'banque', 'délais de paiement', 'PME']],
  ['controle-gestion', 'Contrôle de gestion et tableaux de bord', "Construire le budget, suivre les écarts et piloter la performance avec des indicateurs pertinents.", 21, 'Hybride', 2900, 100,
    ['Élaborer un budget prévisionnel', 'Analyser les écarts', 'Concevoir des tableaux de bord de pilotage'],
    ['contrôle de gestion', 'budget', 'tableau de bord', 'indicateurs', 'pilotage', 'performance', 'kpi']],
  ['comptabilite-bases', 'Les bases de la comptabilité', "Comprendre la logique comptable, enregistrer les opérations courantes et préparer la clôture.", 35, 'Distanciel', 3100, 100,
    ['Comprendre le plan comptable', 'Enregistrer les opérations courantes', 'Préparer les travaux de clôture'],
    ['comptabilité', 'écritures', 'plan comptable', 'clôture', 'factures', 'tva']],
  ['recouvrement-creances', 'Relance clients et recouvrement des créances', "Réduire les impayés grâce à une relance structurée et des techniques de recouvrement amiable.", 7, 'Distanciel', 1550, 100,
    ['Mettre en place une procédure de relance', 'Mener un entretien de recouvrement', 'Réduire les retards de paiement'],
    ['recouvrement', 'impayés', 'relance', 'créances', 'retard de paiement', 'trésorerie']],
  ['calcul-couts-prix', 'Calculer ses coûts et fixer ses prix', "Déterminer le coût de revient, calculer ses marges et fixer des prix rentables et compétitifs.", 14, 'Présentiel', 1950, 100,
    ['Calculer un coût de revient complet', 'Fixer un prix de vente rentable', 'Suivre ses marges par produit'],
    ['prix', 'coût de revient', 'marge', 'tarification', 'rentabilité', 'devis']],
  ['achats-fournisseurs', 'Optimiser ses achats et négocier avec les fournisseurs', "Structurer la fonction achats, mettre en concurrence et négocier les meilleures conditions.", 14, 'Présentiel', 2300, 100,
    ['Analyser ses dépenses', 'Mettre en concurrence les fournisseurs', 'Négocier prix et conditions'],
    ['achats', 'fournisseurs', 'négociation', 'approvisionnement', 'économies', 'acheteur']],
]);

const production = build('Production et qualité', [
  ['lean-management', 'Lean management et amélioration continue', "Éliminer les gaspillages, fluidifier les flux et impliquer les équipes dans l’amélioration continue.", 21, 'Présentiel', 2900, 100,
    ['Identifier les gaspillages', 'Mettre en place des rituels d’amélioration continue', 'Améliorer la productivité'],
    ['lean', 'amélioration continue', 'kaizen', 'productivité', 'gaspillage', '5s', 'flux']],
  ['iso-9001', 'Système de management de la qualité ISO 9001', "Comprendre les exigences de la norme ISO 9001 et préparer la certification de l’entreprise.", 21, 'Hybride', 3200, 100,
    ['Comprendre les exigences de la norme', 'Construire son système qualité', 'Préparer l’audit de certification'],
    ['iso 9001', 'qualité', 'certification', 'norme', 'audit', 'processus']],
  ['audit-interne', 'Réaliser des audits internes', "Préparer, conduire et restituer un audit interne qualité, sécurité ou environnement.", 14, 'Présentiel', 2200, 100,
    ['Préparer un plan d’audit', 'Conduire les entretiens d’audit', 'Rédiger un rapport et suivre les actions'],
    ['audit', 'auditeur interne', 'qualité', 'iso', 'non-conformité', 'amélioration']],
  ['resolution-problemes', 'Résolution de problèmes en équipe', "Méthodes et outils (PDCA, 5 pourquoi, Ishikawa) pour résoudre durablement les problèmes de production.", 14, 'Présentiel', 1950, 100,
    ['Analyser les causes racines', 'Choisir et suivre les actions correctives', 'Impliquer les équipes terrain'],
    ['résolution de problèmes', 'pdca', 'ishikawa', '5 pourquoi', 'qualité', 'non-conformité', 'production']],
  ['rse-demarche', 'Engager son entreprise dans une démarche RSE', "Construire une démarche de responsabilité sociétale : diagnostic, plan d’action, indicateurs et communication.", 21, 'Hybride', 3400, 100,
    ['Réaliser un diagnostic RSE', 'Construire un plan d’action mesurable', 'Valoriser sa démarche auprès des clients'],
    ['rse', 'développement durable', 'environnement', 'bilan carbone', 'responsabilité sociétale', 'csrd', 'écologie']],
  ['gestion-projet', 'Gestion de projet : méthodes classiques et agiles', "Cadrer, planifier et piloter un projet ; découvrir Scrum et Kanban pour gagner en agilité.", 21, 'Distanciel', 2500, 100,
    ['Cadrer un projet et ses livrables', 'Planifier et suivre l’avancement', 'Appliquer les principes agiles'],
    ['gestion de projet', 'chef de projet', 'agile', 'scrum', 'kanban', 'planning', 'pilotage']],
  ['logistique-stocks', 'Gestion des stocks et logistique', "Optimiser ses niveaux de stock, ses approvisionnements et l’organisation de l’entrepôt.", 14, 'Présentiel', 2100, 100,
    ['Calculer les stocks de sécurité', 'Réduire les ruptures et les surstocks', 'Organiser l’entrepôt'],
    ['stocks', 'logistique', 'approvisionnement', 'entrepôt', 'supply chain', 'inventaire']],
]);

const relationClient = build('Relation client', [
  ['accueil-client', 'Accueil client d’excellence', "Soigner chaque contact, à l’accueil comme au téléphone, pour offrir une expérience client mémorable.", 14, 'Présentiel', 1650, 100,
    ['Soigner la première impression', 'Adopter une communication orientée client', 'Fidéliser par la qualité de service'],
    ['accueil', 'client', 'expérience client', 'service', 'téléphone', 'satisfaction', 'courtoisie']],
  ['clients-difficiles', 'Gérer les clients difficiles et les réclamations', "Garder son calme, traiter les réclamations et transformer un client mécontent en client fidèle.", 14, 'Présentiel', 1850, 100,
    ['Gérer ses émotions face à l’agressivité', 'Traiter une réclamation pas à pas', 'Transformer l’insatisfaction en fidélité'],
    ['réclamation', 'client difficile', 'insatisfaction', 'agressivité', 'litige', 'relation client', 'service après-vente']],
  ['experience-client', 'Améliorer l’expérience et la satisfaction client', "Cartographier le parcours client, mesurer la satisfaction (NPS) et mettre en place des actions d’amélioration.", 14, 'Distanciel', 2100, 100,
    ['Cartographier le parcours client', 'Mesurer la satisfaction et le NPS', 'Construire un plan d’amélioration'],
    ['expérience client', 'satisfaction client', 'nps', 'parcours client', 'fidélisation', 'relation client', 'qualité de service']],
  ['relation-client-telephone', 'Relation client au téléphone', "Maîtriser l’entretien téléphonique : accueil, écoute, reformulation et conclusion positive.", 7, 'Distanciel', 1550, 100,
    ['Structurer un appel', 'Reformuler et rassurer', 'Conclure positivement'],
    ['téléphone', 'centre d’appels', 'relation client', 'écoute', 'accueil téléphonique', 'service client']],
  ['fidelisation-clients', 'Fidéliser ses clients et développer la recommandation', "Construire un programme de fidélité et faire de ses clients des ambassadeurs.", 14, 'Distanciel', 1850, 100,
    ['Segmenter et connaître ses clients', 'Construire des actions de fidélisation', 'Encourager les avis et la recommandation'],
    ['fidélisation', 'programme de fidélité', 'avis clients', 'recommandation', 'relation client', 'rétention']],
  ['service-client-digital', 'Service client omnicanal', "Gérer la relation client sur le chat, les réseaux sociaux, l’e-mail et le téléphone de façon cohérente.", 14, 'Hybride', 2300, 100,
    ['Harmoniser les réponses sur tous les canaux', 'Répondre aux avis en ligne', 'Mesurer la qualité de service'],
    ['omnicanal', 'service client', 'chat', 'avis en ligne', 'réseaux sociaux', 'relation client', 'e-mail']],
  ['vente-additionnelle-boutique', 'Vente conseil et vente additionnelle en magasin', "Accueillir, conseiller et augmenter le panier moyen par une vente conseil authentique.", 14, 'Présentiel', 1750, 100,
    ['Découvrir les besoins du client en magasin', 'Proposer des ventes additionnelles pertinentes', 'Augmenter le panier moyen'],
    ['vente conseil', 'magasin', 'commerce', 'panier moyen', 'vente additionnelle', 'boutique', 'retail']],
]);

/** The whole catalogue (84 trainings). */
export const TRAINING_CATALOGUE: readonly CatalogueTraining[] = [
  ...management,
  ...commercial,
  ...marketing,
  ...rh,
  ...bureautique,
  ...dataIa,
  ...securite,
  ...langues,
  ...communication,
  ...finance,
  ...production,
  ...relationClient,
];

/** A catalogue training as the recommendation contract (02 §3: price and coverage as text). */
export function catalogueRecommendation(t: CatalogueTraining): {
  title: string;
  category: string;
  description: string;
  duration: string;
  format: string;
  price: string;
  coverage: string;
  benefits: string[];
} {
  return {
    title: t.title,
    category: t.category,
    description: t.description,
    duration: t.duration,
    format: t.format,
    price: t.price,
    coverage: t.coverage,
    benefits: [...t.benefits],
  };
}
