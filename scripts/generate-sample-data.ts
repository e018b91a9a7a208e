// Generates the bundled SAMPLE data of the embedded backend (deterministic: same output every run):
//   data/naf-idcc.csv         NAF -> IDCC suggestions (ESTIMATES, proba in percent)
//   data/budget-rules.csv     budget rules per IDCC and headcount band (sample figures)
//   data/companies-sample.csv fictitious companies for the registry (SAMPLE DATA, not real)
// Usage: npx tsx scripts/generate-sample-data.ts   (then review the diff and commit data/)
import { writeFileSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { BUDGET_INFO_FIELDS } from '../src/domain/budget';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = (name: string) => resolve(root, 'data', name);

// --------------------------------------------------------------------------------------------
// Deterministic randomness
// --------------------------------------------------------------------------------------------
let seed = 0x5eed2026;
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

// --------------------------------------------------------------------------------------------
// NAF -> IDCC estimates: typical agreements of each activity (our estimate, not an official table)
// --------------------------------------------------------------------------------------------
type NafEntry = { naf: string; idccs: [string, number][]; words: string[] };
const NAF: NafEntry[] = [
  {
    naf: '62.01Z',
    idccs: [['1486', 90]],
    words: ['Informatique', 'Logiciels', 'Développement', 'Digital'],
  },
  {
    naf: '62.02A',
    idccs: [['1486', 90]],
    words: ['Conseil Informatique', 'Systèmes', 'IT Conseil'],
  },
  { naf: '62.09Z', idccs: [['1486', 85]], words: ['Services Numériques', 'Infogérance'] },
  { naf: '63.11Z', idccs: [['1486', 85]], words: ['Data', 'Hébergement', 'Cloud'] },
  { naf: '70.22Z', idccs: [['1486', 80]], words: ['Conseil', 'Stratégie', 'Management Conseil'] },
  {
    naf: '71.12B',
    idccs: [['1486', 85]],
    words: ['Ingénierie', 'Bureau d\u2019Études', 'Études Techniques'],
  },
  {
    naf: '73.11Z',
    idccs: [
      ['0086', 75],
      ['1486', 20],
    ],
    words: ['Communication', 'Publicité', 'Agence Créative'],
  },
  { naf: '73.20Z', idccs: [['1486', 80]], words: ['Études de Marché', 'Sondages'] },
  {
    naf: '56.10A',
    idccs: [
      ['1979', 90],
      ['1501', 5],
    ],
    words: ['Restaurant', 'Bistrot', 'Brasserie', 'Table'],
  },
  {
    naf: '56.10C',
    idccs: [
      ['1501', 85],
      ['1979', 10],
    ],
    words: ['Snack', 'Burger', 'Pizza'],
  },
  { naf: '56.30Z', idccs: [['1979', 90]], words: ['Café', 'Bar'] },
  { naf: '55.10Z', idccs: [['1979', 90]], words: ['Hôtel', 'Hôtel du Centre'] },
  { naf: '56.29A', idccs: [['1266', 90]], words: ['Restauration Collective', 'Cuisine Centrale'] },
  { naf: '47.11F', idccs: [['2216', 95]], words: ['Hypermarché', 'Distribution'] },
  {
    naf: '47.11D',
    idccs: [
      ['2216', 90],
      ['1505', 5],
    ],
    words: ['Supermarché', 'Marché Frais'],
  },
  {
    naf: '47.11B',
    idccs: [
      ['1505', 75],
      ['2216', 20],
    ],
    words: ['Épicerie', 'Alimentation Générale'],
  },
  {
    naf: '10.71C',
    idccs: [['0843', 95]],
    words: ['Boulangerie', 'Boulangerie-Pâtisserie', 'Fournil'],
  },
  {
    naf: '41.20A',
    idccs: [
      ['1597', 45],
      ['1596', 35],
      ['2609', 10],
      ['2420', 5],
    ],
    words: ['Construction', 'Bâtiment', 'Maisons'],
  },
  {
    naf: '43.21A',
    idccs: [
      ['1597', 45],
      ['1596', 40],
      ['2609', 10],
    ],
    words: ['Électricité', 'Élec Services'],
  },
  {
    naf: '43.22A',
    idccs: [
      ['1596', 45],
      ['1597', 40],
      ['2609', 10],
    ],
    words: ['Plomberie', 'Chauffage Sanitaire'],
  },
  {
    naf: '43.31Z',
    idccs: [
      ['1596', 50],
      ['1597', 40],
    ],
    words: ['Plâtrerie', 'Plaquiste'],
  },
  {
    naf: '42.11Z',
    idccs: [
      ['1702', 70],
      ['2614', 20],
      ['3212', 10],
    ],
    words: ['Travaux Publics', 'Routes', 'TP'],
  },
  { naf: '45.20A', idccs: [['1090', 95]], words: ['Garage', 'Auto Services', 'Mécanique'] },
  { naf: '45.11Z', idccs: [['1090', 95]], words: ['Automobiles', 'Auto Distribution'] },
  { naf: '64.19Z', idccs: [['2120', 90]], words: ['Banque', 'Crédit'] },
  {
    naf: '65.12Z',
    idccs: [
      ['1672', 80],
      ['2128', 15],
    ],
    words: ['Assurances', 'Mutuelle'],
  },
  {
    naf: '66.22Z',
    idccs: [
      ['2247', 60],
      ['2335', 35],
    ],
    words: ['Courtage', 'Assurances Conseil'],
  },
  {
    naf: '68.31Z',
    idccs: [['1527', 95]],
    words: ['Immobilier', 'Agence Immobilière', 'Transactions'],
  },
  { naf: '93.12Z', idccs: [['2511', 90]], words: ['Sport Club', 'Athletic', 'Tennis Club'] },
  { naf: '93.13Z', idccs: [['2511', 90]], words: ['Fitness', 'Forme', 'Gym'] },
  { naf: '85.59A', idccs: [['1516', 90]], words: ['Formation', 'Compétences', 'Académie'] },
  { naf: '96.02A', idccs: [['2596', 95]], words: ['Coiffure', 'Salon'] },
  { naf: '96.02B', idccs: [['3032', 90]], words: ['Institut de Beauté', 'Esthétique'] },
  { naf: '47.73Z', idccs: [['1996', 95]], words: ['Pharmacie'] },
  { naf: '82.20Z', idccs: [['2098', 85]], words: ['Centre d\u2019Appels', 'Relation Client'] },
  {
    naf: '82.11Z',
    idccs: [
      ['2098', 70],
      ['1486', 20],
    ],
    words: ['Services Administratifs', 'Secrétariat'],
  },
  {
    naf: '88.10A',
    idccs: [
      ['2941', 70],
      ['3127', 25],
    ],
    words: ['Aide à Domicile', 'Services à Domicile'],
  },
  {
    naf: '86.10Z',
    idccs: [
      ['2264', 70],
      ['0029', 25],
    ],
    words: ['Clinique', 'Centre Hospitalier Privé'],
  },
  { naf: '81.21Z', idccs: [['3043', 95]], words: ['Propreté', 'Nettoyage', 'Net Services'] },
  { naf: '80.10Z', idccs: [['1351', 95]], words: ['Sécurité', 'Gardiennage', 'Protection'] },
  { naf: '49.41A', idccs: [['0016', 95]], words: ['Transports', 'Logistique', 'Fret'] },
  {
    naf: '78.20Z',
    idccs: [
      ['2378', 50],
      ['1413', 45],
    ],
    words: ['Intérim', 'Travail Temporaire'],
  },
  { naf: '46.90Z', idccs: [['0573', 90]], words: ['Négoce', 'Distribution', 'Commerce de Gros'] },
  { naf: '58.11Z', idccs: [['2121', 90]], words: ['Éditions', 'Livres'] },
  { naf: '20.59Z', idccs: [['0044', 90]], words: ['Chimie', 'Produits Chimiques'] },
  { naf: '21.20Z', idccs: [['0176', 95]], words: ['Laboratoires', 'Pharma'] },
  { naf: '86.21Z', idccs: [['1147', 90]], words: ['Cabinet Médical', 'Centre Médical'] },
  { naf: '86.23Z', idccs: [['1619', 95]], words: ['Cabinet Dentaire', 'Centre Dentaire'] },
  { naf: '71.11Z', idccs: [['2332', 90]], words: ['Architecture', 'Atelier d\u2019Architecture'] },
  {
    naf: '69.10Z',
    idccs: [
      ['1000', 60],
      ['2205', 35],
    ],
    words: ['Avocats', 'Cabinet Juridique', 'Office Notarial'],
  },
  { naf: '69.20Z', idccs: [['0787', 95]], words: ['Expertise Comptable', 'Audit', 'Comptabilité'] },
  { naf: '47.52B', idccs: [['1606', 85]], words: ['Bricolage', 'Brico Center'] },
  {
    naf: '47.71Z',
    idccs: [
      ['1483', 65],
      ['0675', 30],
    ],
    words: ['Mode', 'Boutique', 'Prêt-à-Porter'],
  },
  { naf: '47.91B', idccs: [['2198', 85]], words: ['Vente en Ligne', 'Shop', 'E-commerce'] },
  { naf: '47.77Z', idccs: [['1487', 90]], words: ['Bijouterie', 'Horlogerie'] },
  { naf: '47.64Z', idccs: [['1557', 90]], words: ['Sports', 'Outdoor'] },
  { naf: '47.62Z', idccs: [['1539', 80]], words: ['Papeterie', 'Librairie-Papeterie'] },
  {
    naf: '90.01Z',
    idccs: [
      ['3090', 60],
      ['1285', 35],
    ],
    words: ['Compagnie', 'Théâtre', 'Productions'],
  },
  { naf: '47.76Z', idccs: [['1978', 90]], words: ['Fleurs', 'Fleuriste'] },
  {
    naf: '10.85Z',
    idccs: [
      ['1396', 80],
      ['3109', 15],
    ],
    words: ['Plats Cuisinés', 'Traiteur Industriel'],
  },
  { naf: '18.12Z', idccs: [['0184', 90]], words: ['Imprimerie', 'Impressions'] },
  { naf: '61.10Z', idccs: [['2148', 90]], words: ['Télécom', 'Réseaux'] },
  { naf: '38.11Z', idccs: [['2149', 85]], words: ['Recyclage', 'Environnement', 'Collecte'] },
];

// --------------------------------------------------------------------------------------------
// Budget rules: per IDCC, headcount bands with sample figures. Each "kind" exercises one branch of
// the budget-type derivation (01 §4).
// --------------------------------------------------------------------------------------------
type Kind =
  | 'TOTAL'
  | 'SUM'
  | 'LEGAL'
  | 'CONVENTION'
  | 'LEGAL_CONVENTION'
  | 'LEGAL_CONVENTION_PERCENT'
  | 'ILLIMITED_TOTAL'
  | 'ILLIMITED_LEGAL'
  | 'UNKNOWN_EMPTY'
  | 'COMMENT'
  | 'UNKNOWN_JUNK';

const HT = '€ HT';
const UNAVAILABLE = 'Information indisponible';
const fmt = (n: number) => n.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ');

function figures(kind: Kind, base: number) {
  const legal = Math.round((base * 0.6) / 100) * 100;
  const conv = Math.round((base * 0.4) / 100) * 100;
  switch (kind) {
    case 'TOTAL':
      return { total: [fmt(base), HT], legal: [null, null], conv: [null, null], condition: 'Non' };
    case 'SUM':
      return {
        total: [fmt(legal + conv), HT],
        legal: [fmt(legal), HT],
        conv: [fmt(conv), HT],
        condition: 'Non',
      };
    case 'LEGAL':
      return {
        total: [UNAVAILABLE, null],
        legal: [fmt(base), HT],
        conv: [null, null],
        condition: 'Non',
      };
    case 'CONVENTION':
      return {
        total: [UNAVAILABLE, null],
        legal: [null, null],
        conv: [fmt(base), HT],
        condition: 'Non',
      };
    case 'LEGAL_CONVENTION':
      return {
        total: [UNAVAILABLE, null],
        legal: [fmt(legal), HT],
        conv: [fmt(conv), HT],
        condition: 'Non',
      };
    case 'LEGAL_CONVENTION_PERCENT':
      return {
        total: [fmt(legal + conv), HT],
        legal: [fmt(legal), HT],
        conv: ['0,2', '% de la masse salariale'],
        condition:
          'Budget conventionnel : 0,2 % de la masse salariale annuelle brute, en plus du budget légal',
      };
    case 'ILLIMITED_TOTAL':
      return {
        total: ['Coût réel', null],
        legal: [null, null],
        conv: [null, null],
        condition: 'Non',
      };
    case 'ILLIMITED_LEGAL':
      return {
        total: [UNAVAILABLE, null],
        legal: ['Coût réel', null],
        conv: [null, null],
        condition: 'Non',
      };
    case 'UNKNOWN_EMPTY':
      return {
        total: [UNAVAILABLE, null],
        legal: ['Non', null],
        conv: [null, null],
        condition: 'Non',
      };
    case 'COMMENT':
      return {
        total: ['Voir commentaire', null],
        legal: [null, null],
        conv: [null, null],
        condition: 'Non',
      };
    case 'UNKNOWN_JUNK':
      return {
        total: [`${UNAVAILABLE} pour l'exercice en cours`, null],
        legal: [null, null],
        conv: [null, null],
        condition: 'Non',
      };
  }
}

type Band = [number, number, string];
const B1_10: Band = [1, 10, '1 à 10 salariés'];
const B11_49: Band = [11, 49, '11 à 49 salariés'];
const B1_49: Band = [1, 49, '1 à 49 salariés'];
const B50_299: Band = [50, 299, '50 à 299 salariés'];
const B300: Band = [300, 5000, '300 salariés et plus'];

// IDCC -> [band, kind, base amount][]
const RULES: [string, [Band, Kind, number][]][] = [
  [
    '1486',
    [
      [B1_10, 'TOTAL', 3000],
      [B11_49, 'SUM', 5000],
      [B50_299, 'LEGAL_CONVENTION_PERCENT', 8000],
      [B300, 'UNKNOWN_EMPTY', 0],
    ],
  ],
  [
    '1979',
    [
      [B1_10, 'TOTAL', 2500],
      [B11_49, 'TOTAL', 4000],
      [B50_299, 'LEGAL', 6000],
    ],
  ],
  [
    '1501',
    [
      [B1_10, 'TOTAL', 2200],
      [B11_49, 'SUM', 4500],
      [B50_299, 'COMMENT', 0],
    ],
  ],
  [
    '2216',
    [
      [B1_10, 'TOTAL', 3500],
      [B11_49, 'LEGAL_CONVENTION', 6000],
      [B50_299, 'CONVENTION', 9000],
      [B300, 'UNKNOWN_EMPTY', 0],
    ],
  ],
  [
    '1505',
    [
      [B1_10, 'TOTAL', 2800],
      [B11_49, 'TOTAL', 4200],
    ],
  ],
  [
    '0843',
    [
      [B1_10, 'ILLIMITED_TOTAL', 0],
      [B11_49, 'TOTAL', 5000],
    ],
  ],
  [
    '1597',
    [
      [B1_10, 'TOTAL', 3000],
      [B11_49, 'SUM', 6000],
      [B50_299, 'LEGAL', 12000],
    ],
  ],
  [
    '1596',
    [
      [B1_10, 'ILLIMITED_LEGAL', 0],
      [B11_49, 'TOTAL', 4500],
    ],
  ],
  [
    '1702',
    [
      [B1_10, 'TOTAL', 3200],
      [B11_49, 'SUM', 6500],
      [B50_299, 'LEGAL_CONVENTION', 15000],
    ],
  ],
  [
    '1090',
    [
      [B1_10, 'TOTAL', 2800],
      [B11_49, 'TOTAL', 4800],
      [B50_299, 'CONVENTION', 7000],
    ],
  ],
  [
    '2120',
    [
      [B1_49, 'TOTAL', 4500],
      [B50_299, 'UNKNOWN_JUNK', 0],
    ],
  ],
  [
    '1672',
    [
      [B1_49, 'SUM', 5000],
      [B50_299, 'LEGAL_CONVENTION_PERCENT', 10000],
    ],
  ],
  [
    '1527',
    [
      [B1_10, 'TOTAL', 2500],
      [B11_49, 'TOTAL', 3800],
    ],
  ],
  [
    '2511',
    [
      [B1_10, 'TOTAL', 2000],
      [B11_49, 'COMMENT', 0],
      [B50_299, 'LEGAL', 6000],
    ],
  ],
  [
    '1516',
    [
      [B1_10, 'TOTAL', 3000],
      [B11_49, 'SUM', 5500],
      [B50_299, 'LEGAL_CONVENTION', 9000],
    ],
  ],
  [
    '3032',
    [
      [B1_10, 'TOTAL', 2400],
      [B11_49, 'TOTAL', 3600],
    ],
  ],
  [
    '2596',
    [
      [B1_10, 'ILLIMITED_TOTAL', 0],
      [B11_49, 'TOTAL', 3500],
    ],
  ],
  [
    '1996',
    [
      [B1_10, 'TOTAL', 3000],
      [B11_49, 'SUM', 4500],
    ],
  ],
  [
    '2098',
    [
      [B1_10, 'TOTAL', 2600],
      [B11_49, 'TOTAL', 4000],
      [B50_299, 'UNKNOWN_EMPTY', 0],
    ],
  ],
  [
    '2941',
    [
      [B1_10, 'TOTAL', 2000],
      [B11_49, 'CONVENTION', 4000],
      [B50_299, 'LEGAL_CONVENTION', 8000],
    ],
  ],
  [
    '2264',
    [
      [B1_49, 'TOTAL', 4000],
      [B50_299, 'SUM', 9000],
      [B300, 'COMMENT', 0],
    ],
  ],
  [
    '3043',
    [
      [B1_10, 'TOTAL', 2300],
      [B11_49, 'TOTAL', 3900],
      [B50_299, 'LEGAL', 7500],
    ],
  ],
  [
    '1351',
    [
      [B1_10, 'TOTAL', 2500],
      [B11_49, 'SUM', 4200],
      [B50_299, 'UNKNOWN_JUNK', 0],
    ],
  ],
  [
    '0016',
    [
      [B1_10, 'TOTAL', 3000],
      [B11_49, 'TOTAL', 5000],
      [B50_299, 'LEGAL_CONVENTION_PERCENT', 9000],
    ],
  ],
  [
    '0573',
    [
      [B1_10, 'TOTAL', 2800],
      [B11_49, 'SUM', 5200],
    ],
  ],
  [
    '2121',
    [
      [B1_10, 'TOTAL', 2200],
      [B11_49, 'TOTAL', 3600],
    ],
  ],
  [
    '0044',
    [
      [B1_49, 'SUM', 6000],
      [B50_299, 'LEGAL', 12000],
      [B300, 'UNKNOWN_EMPTY', 0],
    ],
  ],
  [
    '0176',
    [
      [B1_49, 'TOTAL', 5500],
      [B50_299, 'ILLIMITED_LEGAL', 0],
    ],
  ],
  [
    '0787',
    [
      [B1_10, 'TOTAL', 3200],
      [B11_49, 'TOTAL', 4800],
    ],
  ],
  [
    '1483',
    [
      [B1_10, 'TOTAL', 2000],
      [B11_49, 'TOTAL', 3400],
    ],
  ],
  ['2247', [[B1_49, 'TOTAL', 4000]]],
  [
    '0086',
    [
      [B1_10, 'TOTAL', 2500],
      [B11_49, 'SUM', 4500],
    ],
  ],
];

// The budget API's columns: the band, then every budget-info field but the OPCO (which the
// server joins from idcc-opco.csv).
const FIELDS = [
  'idcc',
  'min_employees',
  'max_employees',
  'label',
  ...BUDGET_INFO_FIELDS.filter((field) => field !== 'opco'),
];

function budgetRows() {
  const rows: Record<string, string>[] = [];
  for (const [idcc, bands] of RULES) {
    for (const [[min, max, label], kind, base] of bands) {
      const f = figures(kind, base);
      const small = max <= 49;
      const hourly = pick([40, 45, 50, 55, 60]);
      rows.push({
        idcc,
        min_employees: String(min),
        max_employees: String(max),
        label,
        totalBudget_value: f.total[0] ?? '',
        totalBudget_unity: f.total[1] ?? '',
        legalBudget_value: f.legal[0] ?? '',
        legalBudget_unity: f.legal[1] ?? '',
        conventionalBudget_value: f.conv[0] ?? '',
        conventionalBudget_unity: f.conv[1] ?? '',
        Budget_condition: f.condition,
        rateOfCoverage: small ? '100' : pick(['80', '100']),
        dailyCap_minValue: kind === 'ILLIMITED_TOTAL' ? 'Non' : String(pick([300, 350, 400, 420])),
        dailyCap_unity: kind === 'ILLIMITED_TOTAL' ? '' : '€ HT / jour',
        dailyCap_conditions:
          'Par jour de formation et par stagiaire, coûts pédagogiques uniquement',
        hourlyCap_minValue: String(hourly),
        hourlyCap_unity: '€ HT / heure',
        hourlyCap_conditions: `Coût pédagogique pris en charge dans la limite de ${hourly} € HT par heure et par stagiaire`,
        hourlyVolumeCap_minValue: String(pick([35, 49, 70, 105])),
        hourlyVolumeCap_unity: 'heures / an / salarié',
        hourlyVolumeCap_conditions: 'Non',
        isWagesInBudget: small && rand() < 0.3 ? 'Oui' : 'Non',
        wages_conditions:
          small && rand() < 0.3
            ? 'Forfait de 13 € par heure de formation pour les entreprises de moins de 50 salariés'
            : 'Non',
        additionalCosts_value: rand() < 0.5 ? 'Non' : 'Oui',
        additionalCosts_conditions:
          'Frais de transport, de repas et d\u2019hébergement sur justificatifs, selon le barème de l\u2019OPCO',
        comments:
          kind === 'COMMENT'
            ? `Le budget dépend du projet : prise en charge jusqu\u2019à ${fmt(pick([3000, 4000, 5000]))} € HT par an après étude du dossier par l\u2019OPCO.`
            : kind.startsWith('UNKNOWN')
              ? 'Les conditions de prise en charge pour cette tranche ne sont pas encore publiées.'
              : 'Données d\u2019exemple (environnement local) : montants indicatifs par année civile, dans la limite des fonds disponibles.',
        thematicConditions:
          rand() < 0.4
            ? 'Formations obligatoires (sécurité, habilitations) et numériques prioritaires'
            : 'Non',
        pdcUpdatedAt: `2026-0${int(1, 9)}-${String(int(1, 28)).padStart(2, '0')}`,
      });
    }
  }
  return rows;
}

// --------------------------------------------------------------------------------------------
// Companies (fictitious)
// --------------------------------------------------------------------------------------------
const SURNAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Legrand',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
  'Muller',
  'Henry',
  'Roussel',
  'Nicolas',
  'Perrin',
  'Morin',
  'Mathieu',
  'Clément',
  'Gauthier',
  'Dumont',
  'Lopez',
  'Fontaine',
  'Chevalier',
  'Robin',
  'Masson',
  'Sanchez',
  'Gérard',
  'Nguyen',
  'Boyer',
  'Denis',
  'Lemaire',
  'Duval',
  'Joly',
  'Gautier',
  'Roger',
  'Le Gall',
  'Kerviel',
  'Olivier',
  'Picard',
  'Renaud',
  'Barbier',
  'Arnaud',
  'Marchand',
  'Caron',
  'Brun',
];
const FIRST_NAMES = [
  'Jean',
  'Marie',
  'Pierre',
  'Sophie',
  'Luc',
  'Claire',
  'Nicolas',
  'Julie',
  'Thomas',
  'Camille',
  'Antoine',
  'Élodie',
];
const COINED = [
  'Novalis',
  'Axelis',
  'Kerys',
  'Solvéo',
  'Altéa',
  'Orizon',
  'Lumen',
  'Cobalt',
  'Arcane',
  'Sillage',
  'Hélios',
  'Azur',
  'Alpha',
  'Vivaldi',
  'Horizon',
  'Émeraude',
  'Boréal',
  'Zénith',
  'Iris',
  'Orion',
  'Atlantique',
  'Mistral',
  'Cèdre',
  'Optima',
  'Sirius',
  'Vega',
  'Triskel',
  'Équinoxe',
  'Nova',
  'Ambre',
];
const CITIES: [string, string][] = [
  ['75008', 'Paris'],
  ['75011', 'Paris'],
  ['75015', 'Paris'],
  ['69003', 'Lyon'],
  ['69007', 'Lyon'],
  ['13008', 'Marseille'],
  ['31000', 'Toulouse'],
  ['06000', 'Nice'],
  ['44000', 'Nantes'],
  ['67000', 'Strasbourg'],
  ['34000', 'Montpellier'],
  ['33000', 'Bordeaux'],
  ['59000', 'Lille'],
  ['35000', 'Rennes'],
  ['51100', 'Reims'],
  ['76600', 'Le Havre'],
  ['42000', 'Saint-Étienne'],
  ['83000', 'Toulon'],
  ['38000', 'Grenoble'],
  ['21000', 'Dijon'],
  ['49000', 'Angers'],
  ['30000', 'Nîmes'],
  ['69100', 'Villeurbanne'],
  ['63000', 'Clermont-Ferrand'],
  ['72000', 'Le Mans'],
  ['13100', 'Aix-en-Provence'],
  ['29200', 'Brest'],
  ['37000', 'Tours'],
  ['80000', 'Amiens'],
  ['87000', 'Limoges'],
  ['74000', 'Annecy'],
  ['66000', 'Perpignan'],
  ['57000', 'Metz'],
  ['25000', 'Besançon'],
  ['45000', 'Orléans'],
  ['76000', 'Rouen'],
  ['68100', 'Mulhouse'],
  ['14000', 'Caen'],
  ['54000', 'Nancy'],
  ['86000', 'Poitiers'],
  ['17000', 'La Rochelle'],
  ['64000', 'Pau'],
  ['64100', 'Bayonne'],
  ['29000', 'Quimper'],
  ['56000', 'Vannes'],
  ['73000', 'Chambéry'],
  ['68000', 'Colmar'],
  ['10000', 'Troyes'],
  ['26000', 'Valence'],
  ['84000', 'Avignon'],
  ['20000', 'Ajaccio'],
  ['35400', 'Saint-Malo'],
  ['81000', 'Albi'],
  ['97400', 'Saint-Denis'],
];
const VOIES = [
  'rue',
  'rue',
  'rue',
  'avenue',
  'boulevard',
  'place',
  'chemin',
  'allée',
  'impasse',
  'quai',
  'route',
];
const STREETS = [
  'de la République',
  'Victor Hugo',
  'Jean Jaurès',
  'du Général de Gaulle',
  'Pasteur',
  'de la Gare',
  'des Lilas',
  'Gambetta',
  'Voltaire',
  'du Moulin',
  'de l\u2019Église',
  'Émile Zola',
  'Jules Ferry',
  'des Écoles',
  'Saint-Michel',
  'de Paris',
  'Nationale',
  'du Commerce',
  'des Tilleuls',
  'Carnot',
  'Aristide Briand',
  'de la Liberté',
  'des Acacias',
  'du Port',
  'Anatole France',
  'Paul Bert',
  'de Verdun',
  'des Peupliers',
  'du Château',
  'Louis Pasteur',
];
const LINE2 = [
  'Bâtiment B',
  'ZA des Champs',
  'Parc d\u2019activités du Levant',
  '2e étage',
  'Zone industrielle Nord',
  'Résidence Les Pins',
];
const FORMES = [
  'SAS',
  'SAS',
  'SARL',
  'SARL',
  'SASU',
  'EURL',
  'SA',
  'Entrepreneur individuel',
  'Association déclarée',
];

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
function withLuhn(prefix: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(prefix + d)) return prefix + d;
  throw new Error('unreachable');
}

function companyName(entry: NafEntry, city: string): string {
  const word = pick(entry.words);
  const r = rand();
  if (r < 0.35) return `${word} ${pick(SURNAMES)}`;
  if (r < 0.6) return `${pick(COINED)} ${word}`;
  if (r < 0.75) return `${pick(SURNAMES)} & ${pick(SURNAMES)}`;
  if (r < 0.9) return `${word} ${city}`;
  return `${pick(SURNAMES)} ${word}`;
}

/**
 * (issue 29 item 11) An INSEE headcount band for most sample companies, so that step 2 prefills
 * the headcount as it does for real ones. Derived from the SIREN, not from rand(): the rows
 * generated before this column keep their names and numbers. Mostly small companies, some
 * straddling the 11-employee threshold (11), some of 50 and more; every 9th has none.
 */
const SAMPLE_BANDS = ['01', '01', '02', '02', '03', '03', '11', '12', '12', '21', '22', '00'];
function sampleBand(siren: string, n: number): { band: string; year: string } {
  if (n % 9 === 4) return { band: '', year: '' };
  const sum = [...siren].reduce((acc, d) => acc * 7 + Number(d), 0);
  return { band: SAMPLE_BANDS[sum % SAMPLE_BANDS.length]!, year: '2023' };
}

function companies() {
  const rows: Record<string, string>[] = [];
  const sirens = new Set<string>();
  const names = new Set<string>();
  for (let i = 0; rows.length < 320; i++) {
    // Spread over every NAF code first, then at random.
    const entry = i < NAF.length * 3 ? NAF[i % NAF.length]! : pick(NAF);
    let siren: string;
    do siren = withLuhn(`9${String(int(0, 99_999_999)).padStart(8, '0')}`.slice(0, 8));
    while (sirens.has(siren));
    sirens.add(siren);
    const [cp, ville] = pick(CITIES);
    let name: string;
    do name = companyName(entry, ville);
    while (names.has(name.toUpperCase()));
    names.add(name.toUpperCase());
    const forme =
      entry.naf === '47.73Z' || entry.naf === '69.10Z' ? pick(['SELARL', 'SELAS']) : pick(FORMES);
    const individual = forme === 'Entrepreneur individuel';
    const denomination = individual
      ? `${pick(SURNAMES).toUpperCase()} ${pick(FIRST_NAMES).toUpperCase()}`
      : name.toUpperCase();
    const n = rows.length;
    // Fallbacks exercised by the app: no head-office siret (every 12th), no NAF code (every 19th),
    // no collective agreement (every 15th), no trade name (every 7th: denomination only).
    const noSiret = n % 12 === 5;
    const noNaf = n % 19 === 7;
    const noIdcc = n % 15 === 3;
    const idccs = noIdcc
      ? []
      : entry.idccs
          .filter(([, p]) => p >= 35 || rand() < 0.3)
          .slice(0, 2)
          .map(([c]) => c);
    rows.push({
      siren,
      nom_entreprise: n % 7 === 2 ? '' : individual ? denomination : name.toUpperCase(),
      denomination,
      forme_juridique: forme,
      code_naf: noNaf ? '' : entry.naf,
      siege_siret: noSiret ? '' : withLuhn(`${siren}${String(int(1, 99)).padStart(4, '0')}`),
      adresse_ligne_1: `${int(1, 180)} ${pick(VOIES)} ${pick(STREETS)}`,
      adresse_ligne_2: rand() < 0.15 ? pick(LINE2) : '',
      code_postal: cp,
      ville: ville.toUpperCase(),
      idccs: idccs.join(';'),
      tranche_effectif_salarie: sampleBand(siren, n).band,
      annee_tranche_effectif_salarie: sampleBand(siren, n).year,
    });
  }
  return rows;
}

function write(name: string, rows: Record<string, string>[], columns: readonly string[]) {
  writeFileSync(out(name), `${Papa.unparse(rows, { columns: [...columns], newline: '\n' })}\n`);
  console.log(`${name}: ${rows.length} rows`);
}

const nafRows = NAF.flatMap((e) =>
  e.idccs.map(([idcc, proba]) => ({ naf: e.naf, idcc, proba: String(proba) })),
);
// Every IDCC used must exist in data/idcc.csv.
const known = new Set(
  Papa.parse<{ idcc: string }>(readFileSync(out('idcc.csv'), 'utf8'), { header: true }).data.map(
    (r) => r.idcc,
  ),
);
for (const r of [...nafRows, ...RULES.map(([idcc]) => ({ idcc }))])
  if (!known.has(r.idcc)) throw new Error(`unknown IDCC ${r.idcc}`);

write('naf-idcc.csv', nafRows, ['naf', 'idcc', 'proba']);
write('budget-rules.csv', budgetRows(), FIELDS);
write('companies-sample.csv', companies(), [
  'siren',
  'nom_entreprise',
  'denomination',
  'forme_juridique',
  'code_naf',
  'siege_siret',
  'adresse_ligne_1',
  'adresse_ligne_2',
  'code_postal',
  'ville',
  'idccs',
  'tranche_effectif_salarie',
  'annee_tranche_effectif_salarie',
]);
