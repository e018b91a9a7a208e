// analyze-survey (02 §2.19, §7.4): through the shared embedded backend (HTTP, a real user token,
// the functions router) with the local engine; the rules of the engine; and the model path against
// a tiny fake OpenAI-compatible server started here (every failure falls back to the local engine).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import { analyzeSurveyResponseSchema, type AnalyzeSurveyRequest } from '../../src/domain/contracts';
import {
  buildAnalyzeSurveyPayload,
  type TeamSurveyResponse,
} from '../../src/domain/survey-results';
import { parseCoverageText, parseDurationText, parsePriceText } from '../../src/domain/training';
import { handle } from '../../supabase/functions/analyze-survey/handler';
import {
  localSurveyRecommendations,
  MAX_SURVEY_RECOMMENDATIONS,
  recurringWords,
  surveyInsights,
} from '../../supabase/functions/_shared/survey-analysis';
import {
  parseAnalyzeSurveyInput,
  SURVEY_INPUT_MESSAGES,
} from '../../supabase/functions/_shared/survey-input';
import { TRAINING_CATALOGUE } from '../../supabase/functions/_shared/training-catalogue';
import { backend } from './helpers';

let user: ConfirmedUser;

const response = (over: Partial<TeamSurveyResponse>): TeamSurveyResponse => ({
  department: 'commercial',
  first_name: 'Léa',
  last_name: 'Martin',
  responses: {},
  tools_satisfaction: 'yes',
  improvement_suggestion: null,
  created_at: '2026-11-22T10:00:00Z',
  ...over,
});

/** A team: three sales people who want negotiation, unhappy with their tools, asking for a CRM. */
const TEAM: TeamSurveyResponse[] = [
  response({
    responses: {
      skills: ['Négociation et closing', 'Prospection et génération de leads'],
      priorities: 'Augmenter le chiffre d’affaires',
    },
    tools_satisfaction: 'no',
    improvement_suggestion: 'Un vrai CRM pour suivre nos clients',
  }),
  response({
    responses: { skills: ['Négociation et closing'] },
    tools_satisfaction: 'partially',
    improvement_suggestion: 'Le CRM actuel est trop lent',
  }),
  response({
    responses: { skills: ['Négociation et closing'], contact: 'Oui' },
    tools_satisfaction: 'no',
  }),
  response({
    department: 'tech',
    responses: { skills: ['Cybersécurité'] },
    tools_satisfaction: 'yes',
  }),
  response({
    department: 'other',
    responses: { role: 'Magasinier', challenges: 'Gestion des stocks' },
    tools_satisfaction: 'unknown',
  }),
];
const TEAM_PAYLOAD: AnalyzeSurveyRequest = buildAnalyzeSurveyPayload(TEAM);

beforeAll(async () => {
  user = await createConfirmedUser(backend);
});

async function call(body: unknown, token: string | null = user.accessToken) {
  const res = await fetch(`${backend.url}/functions/v1/analyze-survey`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: backend.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('analyze-survey through the backend (local engine)', () => {
  it('turns the answers into catalogue trainings, in the contract shape, the app can add to the plan', async () => {
    const res = await call(TEAM_PAYLOAD);
    expect(res.status).toBe(200);
    const body = analyzeSurveyResponseSchema.parse(res.body);
    expect(body.engine).toBe('local');
    expect(body.recommendations.length).toBeGreaterThanOrEqual(3);
    expect(body.recommendations.length).toBeLessThanOrEqual(MAX_SURVEY_RECOMMENDATIONS);
    const titles = body.recommendations.map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
    const catalogueTitles = new Set(TRAINING_CATALOGUE.map((t) => t.title));
    for (const rec of body.recommendations) {
      expect(catalogueTitles.has(rec.title)).toBe(true);
      expect(parsePriceText(rec.price)).toBeGreaterThanOrEqual(1550);
      expect(parseDurationText(rec.duration)).toBeGreaterThan(0);
      expect(parseCoverageText(rec.coverage)).toBeGreaterThan(0);
      expect(rec.rationale).toBeTruthy();
    }
    // top need of the sales team
    const negotiation = body.recommendations.find((r) => /gociation/i.test(r.title));
    expect(negotiation).toMatchObject({ department: 'commercial', priority: 'high' });
    expect(negotiation?.rationale).toContain('3 répondants sur 3 du service Commercial (100 %)');
    // 3 of 5 are unhappy with their tools
    expect(
      body.recommendations.some((r) => r.rationale?.includes('60 % des répondants (3 sur 5)')),
    ).toBe(true);
    // 'CRM' in two suggestions
    expect(
      body.recommendations.some((r) =>
        r.rationale?.includes('« CRM » revient dans 2 réponses libres'),
      ),
    ).toBe(true);
  });

  it('no responses: no recommendation', async () => {
    const res = await call({
      surveyData: { departments: [], toolsSatisfaction: [], responses: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recommendations: [], engine: 'local' });
  });

  it.each([
    ['not an object', [1, 2], SURVEY_INPUT_MESSAGES.body],
    ['no surveyData', { data: {} }, SURVEY_INPUT_MESSAGES.surveyData],
    [
      'departments not a list',
      { surveyData: { departments: 'x', toolsSatisfaction: [], responses: [] } },
      SURVEY_INPUT_MESSAGES.departments,
    ],
    [
      'negative count',
      {
        surveyData: {
          departments: [{ name: 'hr', count: -1 }],
          toolsSatisfaction: [],
          responses: [],
        },
      },
      SURVEY_INPUT_MESSAGES.departments,
    ],
    [
      'bad tools entry',
      { surveyData: { departments: [], toolsSatisfaction: [{ status: 'yes' }], responses: [] } },
      SURVEY_INPUT_MESSAGES.toolsSatisfaction,
    ],
    [
      'answer of the wrong type',
      {
        surveyData: {
          departments: [],
          toolsSatisfaction: [],
          responses: [{ department: 'hr', responses: { skills: 3 } }],
        },
      },
      SURVEY_INPUT_MESSAGES.responses,
    ],
    [
      'too long suggestion',
      {
        surveyData: {
          departments: [],
          toolsSatisfaction: [],
          responses: [{ department: 'hr', responses: {}, improvement: 'x'.repeat(5001) }],
        },
      },
      'Ce champ ne peut pas dépasser 5000 caractères',
    ],
  ])('400 with a French message: %s', async (_name, body, message) => {
    const res = await call(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_input', message });
  });

  it('400 on a body that is not JSON, 401 without a user token', async () => {
    expect((await call('{pas du json')).status).toBe(400);
    const anonymous = await call(TEAM_PAYLOAD, null);
    expect(anonymous.status).toBe(401);
    expect((await call(TEAM_PAYLOAD, backend.anonKey)).status).toBe(401);
  });
});

describe('the local rules', () => {
  const input = () => {
    const parsed = parseAnalyzeSurveyInput(TEAM_PAYLOAD);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  };

  it('top needs per department, weighted by question; contact answers ignored', () => {
    const insights = surveyInsights(input());
    expect(insights.total).toBe(5);
    const sales = insights.departments.find((d) => d.department === 'commercial')!;
    expect(sales.count).toBe(3);
    expect(sales.needs[0]).toMatchObject({ option: 'Négociation et closing', count: 3, share: 1 });
    expect(sales.needs).toHaveLength(2);
    expect(insights.departments.flatMap((d) => d.needs.map((n) => n.option))).not.toContain('Oui');
    expect(insights.tools).toEqual({ answered: 5, unsatisfied: 3, share: 0.6 });
  });

  it('low tools satisfaction only from 40 %', () => {
    const happy = buildAnalyzeSurveyPayload([
      response({ tools_satisfaction: 'no' }),
      response({ tools_satisfaction: 'yes' }),
      response({ tools_satisfaction: 'yes' }),
    ]);
    const parsed = parseAnalyzeSurveyInput(happy);
    if (!parsed.ok) throw new Error(parsed.message);
    const recs = localSurveyRecommendations(parsed.value);
    expect(recs.some((r) => r.rationale?.includes('outils nécessaires'))).toBe(false);
    const unhappy = parseAnalyzeSurveyInput(
      buildAnalyzeSurveyPayload([
        response({ tools_satisfaction: 'no' }),
        response({ tools_satisfaction: 'partially' }),
        response({}),
      ]),
    );
    if (!unhappy.ok) throw new Error(unhappy.message);
    expect(
      localSurveyRecommendations(unhappy.value).some((r) =>
        r.rationale?.includes('outils nécessaires'),
      ),
    ).toBe(true);
  });

  it('recurring words need two respondents; stop words and one-off words do not count', () => {
    const parsed = parseAnalyzeSurveyInput(
      buildAnalyzeSurveyPayload([
        response({ improvement_suggestion: 'Plus de formations Excel pour toute l’équipe' }),
        response({ improvement_suggestion: 'Excel, encore Excel, et des tableaux croisés' }),
        response({ improvement_suggestion: 'Des pauses plus longues pour l’équipe' }),
      ]),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const words = recurringWords(parsed.value);
    expect(words).toEqual([{ word: 'Excel', count: 2 }]);
  });

  it('a department without precise needs still gets its usual training; unknown departments count as other', () => {
    const parsed = parseAnalyzeSurveyInput({
      surveyData: {
        departments: [{ name: 'finance', count: 1 }],
        toolsSatisfaction: [{ status: 'maybe', count: 1 }],
        responses: [{ department: 'finance', responses: {}, improvement: null }],
      },
    });
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.departments).toEqual([{ name: 'other', count: 1 }]);
    expect(parsed.value.toolsSatisfaction).toEqual([]);
    const recs = localSurveyRecommendations(parsed.value);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ department: 'other', priority: 'low' });
  });

  it('at most 6 recommendations, one per training, for a large varied survey', () => {
    const options = [
      'Négociation et closing',
      'Cybersécurité',
      'Excel avancé et outils bureautiques',
      'Leadership et posture managériale',
      'Marketing digital et SEO',
      'Recrutement et marque employeur',
      'Gestion des réclamations',
    ];
    const departments = [
      'commercial',
      'tech',
      'admin',
      'management',
      'marketing',
      'hr',
      'support',
    ] as const;
    const many = Array.from({ length: 400 }, (_, i) =>
      response({
        department: departments[i % 7]!,
        responses: { skills: [options[i % 7]!, options[(i + 3) % 7]!] },
        tools_satisfaction: i % 2 ? 'no' : 'yes',
        improvement_suggestion: i % 3 ? 'Un logiciel de planning partagé' : null,
      }),
    );
    const parsed = parseAnalyzeSurveyInput(buildAnalyzeSurveyPayload(many));
    if (!parsed.ok) throw new Error(parsed.message);
    const recs = localSurveyRecommendations(parsed.value);
    expect(recs).toHaveLength(MAX_SURVEY_RECOMMENDATIONS);
    expect(new Set(recs.map((r) => r.title)).size).toBe(recs.length);
    expect(analyzeSurveyResponseSchema.safeParse({ recommendations: recs }).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The model path: a fake OpenAI-compatible server
// ---------------------------------------------------------------------------------------------
type Mode = 'ok' | 'malformed' | 'bad-shape' | 'http-500' | 'not-completion';
let mode: Mode = 'ok';
let received: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
let fake: Server;
let fakeUrl = '';
const API_KEY = 'sk-test-analyze-survey-secret';

const LLM_RECS = {
  recommendations: [
    {
      title: 'Négocier et conclure en rendez-vous vidéo',
      category: 'Commercial',
      description: 'Un parcours sur mesure pour l’équipe commerciale, d’après le sondage.',
      duration: '14 heures',
      format: 'Distanciel',
      price: '2 300 € HT',
      coverage: '100%',
      benefits: ['Conclure plus vite', 'Défendre ses prix'],
      department: 'commercial',
      priority: 'high',
      rationale: 'Les 3 commerciaux citent la négociation.',
    },
  ],
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
  });
}

const completion = (content: string) =>
  JSON.stringify({
    id: 'cmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content } }],
  });

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const raw = await readBody(req);
    received.push({
      path: req.url ?? '',
      auth: req.headers.authorization,
      body: JSON.parse(raw) as Record<string, unknown>,
    });
    res.setHeader('content-type', 'application/json');
    if (mode === 'ok') return res.end(completion(JSON.stringify(LLM_RECS)));
    if (mode === 'malformed')
      return res.end(completion('{"recommendations": [ {"title": "tronqué"'));
    if (mode === 'bad-shape') {
      return res.end(
        completion(
          JSON.stringify({
            recommendations: [
              { ...LLM_RECS.recommendations[0], price: 'sur devis', priority: 'urgent' },
            ],
          }),
        ),
      );
    }
    if (mode === 'not-completion') return res.end('<html>proxy error</html>');
    res.statusCode = 500;
    return res.end('{"error":"boom"}');
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  mode = 'ok';
});

const env: Record<string, string> = {};
const ctx = () => ({
  userId: user.id,
  accessToken: user.accessToken,
  supabaseUrl: backend.url,
  env: (n: string) => env[n],
});
const analyze = (body: unknown) => handle({ method: 'POST', body, headers: new Headers() }, ctx());

describe('analyze-survey with a model configured', () => {
  beforeEach(() => {
    env.OPENAI_API_KEY = API_KEY;
    env.OPENAI_BASE_URL = fakeUrl;
    env.OPENAI_MODEL = 'modele-test';
  });

  it("uses the model's validated answer, grounded on the aggregated answers and the catalogue, with no names", async () => {
    const res = await analyze(TEAM_PAYLOAD);
    expect(res.status).toBe(200);
    const body = analyzeSurveyResponseSchema.parse(res.body);
    expect(body).toEqual({ ...LLM_RECS, engine: 'llm' });
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.path).toBe('/v1/chat/completions');
    expect(req!.auth).toBe(`Bearer ${API_KEY}`);
    expect(req!.body.model).toBe('modele-test');
    expect((req!.body.response_format as { json_schema: { name: string } }).json_schema.name).toBe(
      'survey_recommendations',
    );
    const prompt = JSON.stringify(req!.body.messages);
    expect(prompt).toContain('Négociation et closing');
    expect(prompt).toContain('Un vrai CRM pour suivre nos clients');
    expect(prompt).not.toContain('Léa');
    expect(prompt).not.toContain('Martin');
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);
  });

  it.each<Mode>(['malformed', 'bad-shape', 'http-500', 'not-completion'])(
    'falls back to the local engine: %s',
    async (m) => {
      mode = m;
      const res = await analyze(TEAM_PAYLOAD);
      expect(res.status).toBe(200);
      const body = analyzeSurveyResponseSchema.parse(res.body);
      expect(body.engine).toBe('local');
      expect(body.recommendations.length).toBeGreaterThan(0);
      expect(received).toHaveLength(1);
    },
  );

  it('an unreachable model falls back too; bad input is refused before any call', async () => {
    env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
    const res = await analyze(TEAM_PAYLOAD);
    expect(analyzeSurveyResponseSchema.parse(res.body).engine).toBe('local');
    const bad = await analyze({ surveyData: { departments: 'x' } });
    expect(bad.status).toBe(400);
    expect(received).toHaveLength(0);
  });
});
