// Synthetic training plan rows for the benchmarks (deterministic: seeded generator).
import type { BudgetFigure } from '@/domain/budget-figure';
import type { PlanEmployee } from '@/domain/training-plan-rules';

const TOPICS = [
  'Excel avancé',
  'Management à distance',
  'Négociation commerciale',
  '=HYPERLINK("x")',
  'Prise de parole',
  'RGPD : mise en conformité',
  'Anglais "business"',
];
const STATUSES = [
  'to_organize',
  'pending_funding',
  'in_progress',
  'completed',
  'cancelled',
] as const;
const FORMATS = ['remote', 'in_person', 'e_learning'] as const;
const IMPACTS = ['high', 'medium', 'low'] as const;
const DEPARTMENTS = [
  'commercial',
  'marketing',
  'hr',
  'management',
  'support',
  'admin',
  'tech',
  'other',
] as const;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export type BenchRequest = {
  id: string;
  company_id: string;
  employee_id: string | null;
  topic: string;
  pedagogical_objectives: string;
  business_impact: (typeof IMPACTS)[number];
  format: (typeof FORMATS)[number];
  training_organization: string | null;
  duration: number;
  cost: number;
  funding_type: string;
  coverage_rate: number;
  remaining_cost: number;
  status: (typeof STATUSES)[number];
  user_name: string | null;
  user_email: string | null;
  user_phone: string | null;
  company_name: string | null;
  company_siret: string | null;
  idcc: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  sync_version: number;
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function benchEmployees(count = 50): (PlanEmployee & { department: string })[] {
  return Array.from({ length: count }, (_, i) => ({
    id: uuid(1_000_000 + i),
    first_name: ['Camille', 'Louis', 'Inès', 'Hugo', 'Léa'][i % 5]!,
    last_name: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert'][Math.floor(i / 5) % 5]!,
    department: DEPARTMENTS[i % DEPARTMENTS.length]!,
  }));
}

export function benchRequests(
  count: number,
  employees = benchEmployees(),
  seed = 42,
): BenchRequest[] {
  const r = rng(seed);
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const cost = 1550 + Math.floor(r() * 6650);
    const coverage = r() < 0.8 ? 100 : 80;
    const created = new Date(start + Math.floor(r() * 330 * 86_400_000)).toISOString();
    return {
      id: uuid(i),
      company_id: uuid(9_999_999),
      employee_id: employees[i % employees.length]!.id,
      topic: `${TOPICS[i % TOPICS.length]} ${i}`,
      pedagogical_objectives: `Objectifs ; ligne 1\n- bénéfice "clé" ${i}`,
      business_impact: IMPACTS[i % 3]!,
      format: FORMATS[i % 3]!,
      training_organization: i % 2 ? 'Budget Formation' : null,
      duration: 7 + (i % 30),
      cost,
      funding_type: 'OPCO',
      coverage_rate: coverage,
      remaining_cost: Math.round(cost * (1 - coverage / 100)),
      status: STATUSES[i % 5]!,
      user_name: 'Camille Martin',
      user_email: 'camille@exemple.fr',
      user_phone: '06 12 34 56 78',
      company_name: 'Boulangerie Martin',
      company_siret: '12345678900012',
      idcc: '0843',
      created_at: created,
      updated_at: created,
      deleted_at: null,
      sync_version: 0,
    };
  });
}

/**
 * (issue 30) The bench company's OPCO criteria: a yearly cap and an hourly cap (HT), one source,
 * so that the export's funding columns hold every kind of line (paid whole, hourly cap, what is
 * left of the cap, cap reached, cancelled).
 */
export function benchFigure(): BudgetFigure {
  const source = {
    line: 1,
    opco: 'OPCO EP',
    branch: 'Boulangerie-pâtisserie artisanale',
    reach: 'idcc' as const,
    url: 'https://www.opcoep.fr/criteres-de-financement',
    reliability: 'official' as const,
    label: null,
    publishedOn: '2026-01-08',
    retrievedOn: null,
    year: 2026,
    status: 'current' as const,
    evidence: null,
    basis: 'HT' as const,
    figures: {
      yearlyCapEur: 400_000,
      hourlyCapEur: 50,
      perActionCapEur: null,
      coverageRatePct: null,
      salary: 'no' as const,
    },
  };
  return {
    kind: 'published',
    opco: 'OPCO EP',
    band: { min: 11, max: 49 },
    parts: [
      {
        fund: 'total',
        yearlyCap: { min: 400_000, max: 400_000 },
        hourlyCap: { min: 50, max: 50 },
        perActionCap: null,
        perTraineePerFileCap: null,
        coverageRatePct: null,
        minHours: null,
        salary: 'no',
        basis: 'HT',
        year: 2026,
        reliability: 'official',
        status: 'current',
        sources: [source],
      },
    ],
    sum: null,
    year: 2026,
    reliability: 'official',
    status: 'current',
    criteriaDate: '2026-01-08',
    from50: false,
    criteriaUrl: source.url,
    notes: [],
  };
}
