// Sample data for the screenshots and the accessibility suite: one employer with a company, a
// training plan, unlock-budget requests, referrals and a team survey with answers, written on the
// server (the app pulls them at start as it would after a sign-in on a new device).
import { randomUUID } from 'node:crypto';
import { anonClient, createUserWithCompany, serviceClient, type TestUser } from './backend';

export type SampleAccount = { user: TestUser; surveyId: string; closedSurveyId: string };

const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 9, 30)).toISOString();

async function insert(table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  const { error } = await serviceClient().from(table).insert(rows);
  if (error) throw new Error(`${table}: ${error.message}`);
}

export async function seedSampleAccount(): Promise<SampleAccount> {
  const user = await createUserWithCompany(
    { company_siret: '44306184100047', opco_name: 'Atlas' },
    { contact_name: 'Camille Martin', contact_phone: '06 12 34 56 78' },
  );
  const company = {
    company_id: user.id,
    company_name: 'Altéa Conseil',
    company_siret: '44306184100047',
    idcc: '1486',
    user_name: 'Camille Martin',
    user_email: user.email,
  };
  const employee = randomUUID();
  await insert('training_employees', [
    { id: employee, company_id: user.id, first_name: 'À', last_name: 'définir' },
  ]);
  const plan: Array<[string, string, string, number, number, number, string]> = [
    ['Excel avancé : tableaux croisés', 'remote', 'high', 14, 1550, 100, 'to_organize'],
    ['Management d’équipe hybride', 'in_person', 'high', 21, 2900, 80, 'pending_funding'],
    ['Prospection commerciale sur LinkedIn', 'remote', 'medium', 7, 890, 100, 'in_progress'],
    // (issue 29) a request whose stake nobody chose: « Non renseigné »
    ['Anglais professionnel', 'e_learning', '', 20, 1200, 100, 'to_organize'],
    ['Sauveteur secouriste du travail', 'in_person', 'low', 14, 420, 100, 'completed'],
  ];
  await insert(
    'training_requests',
    plan.map(([topic, format, impact, duration, cost, rate, status], i) => ({
      id: randomUUID(),
      ...company,
      employee_id: employee,
      topic,
      pedagogical_objectives: `Objectifs pédagogiques de la formation «\u00a0${topic}\u00a0».`,
      business_impact: impact || null,
      format,
      training_organization: 'Budget Formation',
      duration,
      cost,
      coverage_rate: rate,
      remaining_cost: Math.round((cost * (100 - rate)) / 100),
      status,
      created_at: day(i * 3),
    })),
  );
  await insert('survey_responses', [
    {
      id: randomUUID(),
      profile_id: user.id,
      company_siret: company.company_siret,
      company_name: company.company_name,
      objective: 'Développer les compétences de mon équipe',
      target: 'Managers',
      topics: ['Management', 'Communication'],
      rhythm: 'Mensuel',
      start_date: '2027-01-15',
      status: 'pending',
      created_at: day(4),
    },
    {
      id: randomUUID(),
      profile_id: user.id,
      company_siret: company.company_siret,
      company_name: company.company_name,
      objective: 'Accompagner une transformation',
      target: 'Toute l’entreprise',
      topics: ['Digital', 'Bureautique'],
      rhythm: 'Toutes les 2 semaines',
      status: 'approved',
      created_at: day(1),
    },
  ]);
  await insert(
    'referrals',
    [
      ['Boulangerie Petit', 'registered', null, false],
      ['Garage des Lilas', 'survey_pending', null, false],
      ['Forge Noire', 'training_completed', 480, true],
    ].map(([name, status, amount, paid], i) => ({
      id: randomUUID(),
      referrer_id: user.id,
      referred_company_name: name,
      status,
      commission_amount: amount,
      commission_paid: paid,
      created_at: day(10 - i),
    })),
  );
  const surveyId = randomUUID();
  const closedSurveyId = randomUUID();
  await insert('team_surveys', [
    {
      id: surveyId,
      company_id: user.id,
      name: 'Besoins en formation 2027',
      company_name: 'Altéa Conseil',
      created_at: day(5),
    },
    {
      id: closedSurveyId,
      company_id: user.id,
      name: 'Bilan des formations 2026',
      status: 'closed',
      created_at: day(0),
    },
  ]);
  const answers: Array<[string, string, string, string, Record<string, unknown>, string]> = [
    ['commercial', 'Léa', 'Moreau', 'partially', commercial(0), 'Un CRM plus simple à utiliser'],
    // Sent without a name (issue 29): « Réponse sans nom » on the results page.
    ['commercial', '', '', 'yes', commercial(1), 'Plus de temps pour se former'],
    ['marketing', 'Chloé', 'Dubois', 'no', marketing, 'Des formations courtes, à distance'],
    ['hr', 'Nadia', 'Lefèvre', 'partially', hr, 'Mieux préparer les entretiens annuels'],
    ['tech', 'Julien', 'Roux', 'yes', tech, ''],
  ];
  const anon = anonClient();
  for (const [department, first, last, tools, responses, suggestion] of answers) {
    const { error } = await anon.rpc('submit_survey_response', {
      p_response: {
        id: randomUUID(),
        survey_id: surveyId,
        department,
        first_name: first,
        last_name: last,
        responses,
        tools_satisfaction: tools,
        improvement_suggestion: suggestion,
      },
    });
    if (error) throw new Error(`submit_survey_response: ${error.message}`);
  }
  return { user, surveyId, closedSurveyId };
}

function commercial(variant: number): Record<string, unknown> {
  return {
    skills: variant
      ? ['Négociation et closing', 'Social selling (LinkedIn)']
      : ['Négociation et closing', 'Gestion de la relation client (CRM)'],
    challenges: ['Trouver de nouveaux clients'],
    priorities: variant ? "Augmenter le chiffre d'affaires" : 'Conquérir un nouveau marché',
  };
}

const marketing = {
  skills: ['Marketing digital et SEO', 'Intelligence artificielle appliquée au marketing'],
  challenges: ['Mesurer le retour sur investissement'],
  priorities: 'Acquisition de clients',
};

const hr = {
  skills: ['Entretiens professionnels et annuels'],
  challenges: ['Fidéliser les talents', 'Accompagner le changement'],
  priorities: 'Montée en compétences des équipes',
};

const tech = {
  skills: ['Cybersécurité', 'Données et intelligence artificielle'],
  challenges: ["Sécuriser le système d'information"],
  priorities: 'Sécurité',
};
