// Generates the SAMPLE expert directory used by the local expert search (no Algolia configured):
//   public/data/experts-sample.json   180 FICTITIOUS experts (sample: true), deterministic
//   public/images/experts/<id>.svg    abstract portrait placeholders for the first 12 experts
// Every name, job, description and value is invented: no real person is described.
// Usage: npx tsx scripts/generate-experts.ts   (then review the diff and commit the outputs)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expertsDatasetSchema, type SampleExpert } from '../src/lib/expert-search/dataset-schema';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const COUNT = 180;
const PORTRAITS = 12;

// ---- deterministic randomness (mulberry32) ---------------------------------------------------
let seed = 0x0e4e2026;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;
function sample<T>(items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0)
    out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

// ---- vocabulary -------------------------------------------------------------------------------
const FIRST_NAMES = [
  'Camille',
  'Léa',
  'Manon',
  'Chloé',
  'Inès',
  'Sarah',
  'Julie',
  'Emma',
  'Claire',
  'Élise',
  'Anne-Sophie',
  'Mathilde',
  'Pauline',
  'Nadia',
  'Sophie',
  'Aurélie',
  'Hélène',
  'Marion',
  'Laure',
  'Yasmine',
  'Céline',
  'Agathe',
  'Noémie',
  'Amandine',
  'Juliette',
  'Océane',
  'Fatou',
  'Margaux',
  'Capucine',
  'Béatrice',
  'Thomas',
  'Nicolas',
  'Julien',
  'Maxime',
  'Antoine',
  'Hugo',
  'Lucas',
  'Karim',
  'Mehdi',
  'Pierre',
  'Jean-Baptiste',
  'Olivier',
  'François',
  'Sébastien',
  'Mathieu',
  'Romain',
  'Guillaume',
  'Théo',
  'Bastien',
  'Yanis',
  'Cédric',
  'Jérôme',
  'Loïc',
  'Grégoire',
  'Rémi',
  'Adrien',
  'Benoît',
  'Arnaud',
  'Moussa',
  'Étienne',
] as const;

type Domain = {
  name: string;
  skills: string[];
  tools: string[];
  jobs: string[];
  sectors: string[];
};

const DOMAINS: Domain[] = [
  {
    name: 'Marketing digital',
    skills: [
      'SEO',
      'SEA',
      'Stratégie de contenu',
      'Growth marketing',
      'Emailing',
      'Marketing automation',
      'Réseaux sociaux',
      'Analyse de données marketing',
      'Branding',
      'Copywriting',
    ],
    tools: [
      'Google Analytics',
      'HubSpot',
      'Semrush',
      'Google Ads',
      'Canva',
      'Meta Business Suite',
      'Mailchimp',
      'Brevo',
    ],
    jobs: [
      'Responsable marketing digital',
      'Directrice marketing',
      'Consultant SEO',
      'Growth manager',
      'Chargée de communication digitale',
    ],
    sectors: [
      'Commerce et distribution',
      'Numérique',
      'Hôtellerie et restauration',
      'Culture et médias',
    ],
  },
  {
    name: 'Vente et négociation',
    skills: [
      'Prospection',
      'Négociation commerciale',
      'Closing',
      'Gestion de comptes clés',
      'Vente consultative',
      'Social selling',
      'Pilotage du pipeline',
      "Réponse aux appels d'offres",
    ],
    tools: ['Salesforce', 'HubSpot', 'Pipedrive', 'LinkedIn Sales Navigator', 'Lemlist', 'Excel'],
    jobs: [
      'Directeur commercial',
      'Key account manager',
      'Responsable des ventes',
      'Business developer',
      'Coach commercial',
    ],
    sectors: [
      'Services aux entreprises',
      'Industrie',
      'Commerce et distribution',
      'Banque et assurance',
    ],
  },
  {
    name: 'Management et leadership',
    skills: [
      'Leadership',
      'Conduite du changement',
      'Feedback',
      'Délégation',
      'Gestion des conflits',
      'Entretiens annuels',
      'Management à distance',
      "Cohésion d'équipe",
      'Prise de décision',
    ],
    tools: ['Notion', 'Microsoft Teams', 'Slack', 'Miro', 'Lucca', 'Asana'],
    jobs: [
      'Directrice des opérations',
      'Manager de transition',
      'Coach en leadership',
      "Responsable d'équipe",
      'Directeur général',
    ],
    sectors: [
      'Industrie',
      'Santé et médico-social',
      'Services aux entreprises',
      'Administration publique',
      'BTP et construction',
    ],
  },
  {
    name: 'Ressources humaines',
    skills: [
      'Recrutement',
      'GPEC',
      'Droit social',
      'Onboarding',
      'Marque employeur',
      'Paie',
      'Entretiens professionnels',
      'Plan de développement des compétences',
      'QVCT',
    ],
    tools: ['Lucca', 'PayFit', 'Welcome to the Jungle', 'Workday', 'Excel', 'Indeed'],
    jobs: [
      'DRH',
      'Responsable RH',
      'Chargée de recrutement',
      'Responsable formation',
      'HR business partner',
    ],
    sectors: [
      'Services aux entreprises',
      'Santé et médico-social',
      'Associations et ESS',
      'Industrie',
    ],
  },
  {
    name: 'Finance et gestion',
    skills: [
      'Contrôle de gestion',
      'Trésorerie',
      'Budget prévisionnel',
      'Analyse financière',
      'Comptabilité',
      'Business plan',
      'Tableaux de bord',
      'Levée de fonds',
    ],
    tools: ['Excel', 'Pennylane', 'Sage', 'Power BI', 'Agicap', 'QuickBooks'],
    jobs: [
      'Directeur administratif et financier',
      'Contrôleuse de gestion',
      'Expert-comptable',
      'CFO à temps partagé',
      'Analyste financier',
    ],
    sectors: ['Banque et assurance', 'Services aux entreprises', 'Immobilier', 'Industrie'],
  },
  {
    name: 'Data et intelligence artificielle',
    skills: [
      'Python',
      'SQL',
      'Data visualisation',
      'Machine learning',
      'IA générative',
      'Prompt engineering',
      'Statistiques',
      'Gouvernance des données',
    ],
    tools: ['Power BI', 'Tableau', 'Looker Studio', 'ChatGPT', 'Jupyter', 'BigQuery', 'dbt'],
    jobs: [
      'Data scientist',
      'Data analyst',
      'Responsable data',
      'Consultante IA',
      'Ingénieur machine learning',
    ],
    sectors: [
      'Numérique',
      'Banque et assurance',
      'Énergie et environnement',
      'Commerce et distribution',
    ],
  },
  {
    name: 'Développement web et no-code',
    skills: [
      'JavaScript',
      'React',
      'Développement web',
      'No-code',
      'Automatisation',
      'API',
      'Accessibilité numérique',
      'Tests logiciels',
    ],
    tools: ['Webflow', 'Bubble', 'Zapier', 'Make', 'Figma', 'GitHub', 'WordPress', 'Airtable'],
    jobs: [
      'Développeuse full-stack',
      'Lead développeur',
      'Consultant no-code',
      'CTO',
      'Product engineer',
    ],
    sectors: ['Numérique', 'Culture et médias', 'Éducation et formation'],
  },
  {
    name: 'Gestion de projet',
    skills: [
      'Méthodes agiles',
      'Scrum',
      'Planification',
      'Gestion des risques',
      'Pilotage budgétaire',
      "Animation d'ateliers",
      'Kanban',
      'PMO',
    ],
    tools: ['Jira', 'Trello', 'Asana', 'Monday', 'MS Project', 'Notion', 'Miro'],
    jobs: [
      'Cheffe de projet',
      'Scrum master',
      'Product owner',
      'Directeur de projet',
      'Consultant PMO',
    ],
    sectors: [
      'BTP et construction',
      'Numérique',
      'Énergie et environnement',
      'Administration publique',
    ],
  },
  {
    name: 'Bureautique et outils collaboratifs',
    skills: [
      'Excel avancé',
      'Tableaux croisés dynamiques',
      'Macros VBA',
      'PowerPoint',
      'Travail collaboratif',
      'Gestion documentaire',
    ],
    tools: [
      'Excel',
      'Word',
      'PowerPoint',
      'Google Workspace',
      'Microsoft 365',
      'SharePoint',
      'Microsoft Teams',
    ],
    jobs: [
      'Formatrice bureautique',
      'Consultant Microsoft 365',
      'Assistante de direction',
      "Responsable des systèmes d'information",
    ],
    sectors: [
      'Administration publique',
      'Associations et ESS',
      'Transport et logistique',
      'Immobilier',
    ],
  },
  {
    name: 'Communication et prise de parole',
    skills: [
      'Prise de parole en public',
      'Storytelling',
      'Relations presse',
      'Communication de crise',
      'Communication interne',
      'Media training',
      'Rédaction',
    ],
    tools: ['Canva', 'PowerPoint', 'Adobe InDesign', 'Pitch', 'Prezi'],
    jobs: [
      'Directrice de la communication',
      'Coach en prise de parole',
      'Attaché de presse',
      'Responsable communication interne',
    ],
    sectors: [
      'Culture et médias',
      'Administration publique',
      'Associations et ESS',
      'Santé et médico-social',
    ],
  },
  {
    name: 'Cybersécurité',
    skills: [
      'Sensibilisation au phishing',
      'RGPD',
      'Gestion des accès',
      'Analyse de risques',
      'ISO 27001',
      'Sauvegardes',
      "Gestion d'incidents",
    ],
    tools: ['Microsoft Defender', 'Bitwarden', 'Wireshark', 'CrowdStrike', 'Okta'],
    jobs: [
      'RSSI',
      'Consultant cybersécurité',
      'Analyste SOC',
      'Déléguée à la protection des données',
    ],
    sectors: ['Numérique', 'Banque et assurance', 'Santé et médico-social', 'Industrie'],
  },
  {
    name: 'Service et expérience client',
    skills: [
      'Relation client',
      'Gestion des réclamations',
      'Expérience client',
      'Satisfaction client',
      'Support omnicanal',
      'Fidélisation',
    ],
    tools: ['Zendesk', 'Intercom', 'Freshdesk', 'Aircall', 'Salesforce'],
    jobs: [
      'Responsable service client',
      'Customer success manager',
      'Directrice expérience client',
    ],
    sectors: [
      'Commerce et distribution',
      'Hôtellerie et restauration',
      'Banque et assurance',
      'Transport et logistique',
    ],
  },
  {
    name: 'Logistique et achats',
    skills: [
      'Supply chain',
      'Gestion des stocks',
      'Achats',
      'Négociation fournisseurs',
      'Lean management',
      'Prévision de la demande',
      'Transport',
    ],
    tools: ['SAP', 'Excel', 'Odoo', 'Power BI', 'Shippingbo'],
    jobs: ['Responsable logistique', 'Acheteuse', 'Directeur supply chain', 'Consultant lean'],
    sectors: [
      'Transport et logistique',
      'Agroalimentaire',
      'Industrie',
      'Commerce et distribution',
    ],
  },
  {
    name: 'Design et UX',
    skills: [
      'UX design',
      'UI design',
      'Recherche utilisateur',
      'Prototypage',
      'Design system',
      'Tests utilisateurs',
      'Design thinking',
    ],
    tools: ['Figma', 'Adobe XD', 'Maze', 'Illustrator', 'Photoshop', 'Miro'],
    jobs: ['UX designer', 'Directrice artistique', 'Product designer', 'UX researcher'],
    sectors: ['Numérique', 'Culture et médias', 'Commerce et distribution'],
  },
  {
    name: 'RSE et développement durable',
    skills: [
      'Bilan carbone',
      'Stratégie RSE',
      'Reporting extra-financier',
      'Économie circulaire',
      'Achats responsables',
      'CSRD',
    ],
    tools: ['Excel', 'Sweep', 'Greenly', 'Power BI'],
    jobs: ['Responsable RSE', 'Consultante climat', 'Chargé de développement durable'],
    sectors: ['Énergie et environnement', 'Agroalimentaire', 'BTP et construction', 'Industrie'],
  },
];

const ALL_SECTORS = [...new Set(DOMAINS.flatMap((d) => d.sectors))];
const MARKETS = ['B2B', 'B2C', 'B2B2C', 'B2G'] as const;
const PREVIOUS_JOBS = [
  'Consultant',
  'Chargée de mission',
  'Chef de projet',
  'Responsable de service',
  'Formatrice',
  'Analyste',
  'Manager',
];

/** Lower-cases the first letter of a label unless it starts an acronym or a proper name (SEO, Python). */
const KEEP_CASE = /^(?:[A-Z]{2,}|Python|React|JavaScript|Excel|PowerPoint|Scrum|Kanban|Lean|ISO)/;
const lower = (label: string) =>
  KEEP_CASE.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

const OPENINGS = [
  (n: number, d: string) => `${n} ans d'expérience en ${lower(d)}.`,
  (n: number, d: string) => `Spécialiste ${lower(d)} depuis ${n} ans.`,
  (n: number, d: string) =>
    `Plus de ${n} ans de terrain en ${lower(d)}, en entreprise puis en conseil.`,
];
const MIDDLES = [
  (a: string, b: string, s: string) =>
    `Accompagne les équipes du secteur ${s} sur ${lower(a)} et ${lower(b)}.`,
  (a: string, b: string, s: string) =>
    `Intervient surtout dans le secteur ${s}, avec un focus ${lower(a)} et ${lower(b)}.`,
  (a: string, b: string) => `Forme des équipes de toutes tailles à ${lower(a)} et à ${lower(b)}.`,
];
const CLOSINGS = [
  'Des ateliers concrets, construits à partir de vos cas réels.',
  'Une pédagogie pratique : chaque séance repart avec des outils applicables dès le lendemain.',
  'Sessions courtes, exercices sur vos propres dossiers, suivi entre les séances.',
  'Approche pas à pas, adaptée au niveau de chaque participant.',
];

// ---- generation -------------------------------------------------------------------------------
function expert(index: number): SampleExpert {
  const id = `sample-${String(index + 1).padStart(3, '0')}`;
  const domain = DOMAINS[index % DOMAINS.length]!;
  const firstname = pick(FIRST_NAMES);
  const years = int(4, 25);
  const skills = sample(domain.skills, int(3, Math.min(10, domain.skills.length)));
  const tools = sample(domain.tools, int(1, Math.min(6, domain.tools.length)));
  const sector = chance(0.8) ? pick(domain.sectors) : pick(ALL_SECTORS);
  const market = sample(MARKETS, chance(0.35) ? 2 : 1);
  const isIndependent = chance(0.45);
  const hasCurrentJob = !chance(0.1);
  const experiences = [
    ...(hasCurrentJob ? [{ isCurrentJob: true, jobTitle: pick(domain.jobs) }] : []),
    ...Array.from({ length: int(0, 2) }, () => ({
      isCurrentJob: false,
      jobTitle: pick([...PREVIOUS_JOBS, ...domain.jobs]),
    })),
  ];
  const management = chance(0.4);
  const beginners = chance(0.7);
  const description = [
    pick(OPENINGS)(years, domain.name),
    pick(MIDDLES)(skills[0]!, skills[1] ?? tools[0]!, sector),
    pick(CLOSINGS),
  ].join(' ');
  return {
    objectID: id,
    id,
    sample: true,
    firstname,
    expertise_name: domain.name,
    public_experiences: experiences,
    skills,
    tools,
    description,
    pictures_url: [],
    sector,
    market,
    does_guides_beginners: beginners,
    does_guides_intermediates: chance(0.75),
    does_guides_advances: !beginners || chance(0.4),
    has_managerial_responsibilities: management,
    is_independent: isIndependent,
    is_management: management && chance(0.7),
    is_operational: !management || chance(0.5),
  };
}

const experts = Array.from({ length: COUNT }, (_, i) => expert(i));
const dataset = expertsDatasetSchema.parse({
  sample: true,
  version: 1,
  note: "Données d'exemple : experts fictifs générés par scripts/generate-experts.ts. Aucune personne réelle n'est décrite.",
  experts,
});

const lines = dataset.experts.map((e) => `    ${JSON.stringify(e)}`);
const head = JSON.stringify(
  { sample: dataset.sample, version: dataset.version, note: dataset.note },
  null,
  2,
).replace(/\n}$/, ',');
writeFileSync(
  resolve(root, 'public/data/experts-sample.json'),
  `${head}\n  "experts": [\n${lines.join(',\n')}\n  ]\n}\n`,
);

// ---- portrait placeholders (abstract silhouettes; not photographs) ----------------------------
const BACKGROUNDS = ['#dbeafe', '#dcfce7', '#fef3c7', '#fce7f3', '#ede9fe', '#e0f2fe'];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#d2a679'];
const CLOTHES = ['#1d4ed8', '#166534', '#92400e', '#9d174d', '#5b21b6', '#0f766e'];
const HAIR = ['#2b1b12', '#4a2f1b', '#8b5a2b', '#1f1f1f', '#b8860b', '#5a3825'];

function portrait(): string {
  const bg = pick(BACKGROUNDS);
  const skin = pick(SKIN);
  const clothes = pick(CLOTHES);
  const hair = pick(HAIR);
  const longHair = chance(0.5);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">
  <rect width="160" height="160" fill="${bg}"/>
  ${longHair ? `<path d="M42 78c0-30 16-48 38-48s38 18 38 48v44H42z" fill="${hair}"/>` : ''}
  <path d="M24 160c4-34 28-50 56-50s52 16 56 50z" fill="${clothes}"/>
  <rect x="70" y="92" width="20" height="22" rx="8" fill="${skin}"/>
  <ellipse cx="80" cy="72" rx="27" ry="31" fill="${skin}"/>
  <path d="M52 68c0-22 12-34 28-34s28 12 28 34c-6-10-16-16-28-16s-22 6-28 16z" fill="${hair}"/>
</svg>
`;
}

const imagesDir = resolve(root, 'public/images/experts');
mkdirSync(imagesDir, { recursive: true });
for (const file of readdirSync(imagesDir))
  if (file.endsWith('.svg')) rmSync(resolve(imagesDir, file));
for (const e of dataset.experts.slice(0, PORTRAITS))
  writeFileSync(resolve(imagesDir, `${e.id}.svg`), portrait());

console.log(`${dataset.experts.length} sample experts, ${PORTRAITS} portraits written`);
