// The LLM path of generate-training and estimate-training, through the backend's functions router
// (server/apis/functions.ts: JWT check, dispatch, JSON parsing) mounted in this worker so that its
// environment (OPENAI_*) points at a tiny fake OpenAI-compatible server started here: the real
// third party is unreachable from tests. Every failure of the model must fall back to the local
// engine, and the key must never reach the caller.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { functionsArea, loadFunctionHandlers } from '../../server/apis/functions';
import { areaApp, type BackendEnv } from '../../server/http/route-table';
import { createConfirmedUser } from '../../server/testing/backend';
import {
  estimateTrainingResponseSchema,
  generateTrainingResponseSchema,
} from '../../src/domain/contracts';
import { backend } from './helpers';

const API_KEY = 'sk-test-secret-key-never-returned';
type Mode = 'ok' | 'malformed' | 'bad-shape' | 'http-500' | 'slow' | 'refusal' | 'not-completion';

let mode: Mode = 'ok';
let received: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
let fake: Server;
let router: Hono<BackendEnv>;
let token: string;
const savedEnv: Record<string, string | undefined> = {};

const LLM_RECS = {
  recommendations: [
    {
      title: 'Closing en visioconférence pour commerciaux',
      category: 'Commercial',
      description: 'Un parcours sur mesure pour conclure davantage en rendez-vous vidéo.',
      duration: '14 heures',
      format: 'Distanciel',
      price: '2 300 € HT',
      coverage: '100%',
      benefits: ['Conclure plus vite', 'Mieux traiter les objections à distance'],
    },
  ],
};
const LLM_ESTIMATE = {
  duration: 18,
  cost: 2750,
  explanation: 'Estimation du modèle : deux jours et demi de formation.',
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
  });
}

function completion(content: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: 'cmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content, ...extra } }],
  });
}

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const raw = await readBody(req);
    const body = JSON.parse(raw) as Record<string, unknown>;
    received.push({ path: req.url ?? '', auth: req.headers.authorization, body });
    const schemaName =
      (body.response_format as { json_schema?: { name?: string } })?.json_schema?.name ?? '';
    const good = schemaName === 'training_estimate' ? LLM_ESTIMATE : LLM_RECS;
    res.setHeader('content-type', 'application/json');
    switch (mode) {
      case 'ok':
        return res.end(completion(JSON.stringify(good)));
      case 'malformed':
        return res.end(completion('{"recommendations": [ {"title": "tronqué"'));
      case 'bad-shape':
        return res.end(
          completion(
            JSON.stringify(
              schemaName === 'training_estimate'
                ? { duration: 0, cost: -5, explanation: '' }
                : {
                    recommendations: [
                      { ...LLM_RECS.recommendations[0], price: 'sur devis', coverage: 'total' },
                    ],
                  },
            ),
          ),
        );
      case 'refusal':
        return res.end(completion('', { refusal: 'Je ne peux pas répondre.' }));
      case 'not-completion':
        return res.end('<html>proxy error</html>');
      case 'http-500':
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: { message: 'boom' } }));
      case 'slow':
        setTimeout(() => res.end(completion(JSON.stringify(good))), 3000);
        return;
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  for (const k of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODEL', 'OPENAI_TIMEOUT_MS'])
    savedEnv[k] = process.env[k];
  process.env.OPENAI_BASE_URL = `http://127.0.0.1:${port}/v1/`;
  process.env.OPENAI_API_KEY = API_KEY;
  process.env.OPENAI_MODEL = 'modele-test';
  process.env.OPENAI_TIMEOUT_MS = '500';
  router = areaApp(
    functionsArea({
      jwtSecret: backend.jwtSecret,
      handlers: await loadFunctionHandlers(join(process.cwd(), 'supabase/functions')),
      apiUrl: backend.url,
    }),
  );
  token = (await createConfirmedUser(backend)).accessToken;
});

afterAll(async () => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fake.closeAllConnections();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

beforeEach(() => {
  mode = 'ok';
  received = [];
});

async function call(name: string, body: unknown) {
  const res = await router.request(`/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(text).not.toContain(API_KEY);
  return { status: res.status, body: JSON.parse(text) as unknown };
}

const generate = () =>
  call('generate-training', {
    formData: {
      objective: 'Vendre plus',
      teamSize: '5',
      priority: 'haute',
      searchTerm: 'Mes commerciaux ont du mal à conclure en visioconférence',
    },
    additionalContext: 'Entreprise : Boulangerie Test',
  });
const estimate = () =>
  call('estimate-training', {
    trainingData: {
      topic: 'Excel avancé',
      description: 'Tableaux croisés dynamiques',
      format: 'remote',
    },
  });

describe('generate-training with a configured model', () => {
  it('asks the model with a strict JSON schema, grounded on the catalogue, and returns its validated answer', async () => {
    const res = await generate();
    expect(res.status).toBe(200);
    const parsed = generateTrainingResponseSchema.parse(res.body);
    expect(parsed.engine).toBe('llm');
    expect(parsed.recommendations).toEqual(LLM_RECS.recommendations);
    expect(received).toHaveLength(1);
    const call0 = received[0]!;
    expect(call0.path).toBe('/v1/chat/completions');
    expect(call0.auth).toBe(`Bearer ${API_KEY}`);
    expect(call0.body.model).toBe('modele-test');
    expect(call0.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'training_recommendations', strict: true },
    });
    const userMessage = (call0.body.messages as { role: string; content: string }[]).find(
      (m) => m.role === 'user',
    )!.content;
    expect(userMessage).toContain('Mes commerciaux ont du mal à conclure en visioconférence');
    expect(userMessage).toContain('Boulangerie Test');
    expect(userMessage).toContain('Vendre à distance et en visioconférence');
  });

  it.each<Mode>(['malformed', 'bad-shape', 'http-500', 'slow', 'refusal', 'not-completion'])(
    'falls back to the local engine when the model answer is %s',
    async (m) => {
      mode = m;
      const res = await generate();
      expect(res.status).toBe(200);
      const parsed = generateTrainingResponseSchema.parse(res.body);
      expect(parsed.engine).toBe('local');
      expect(parsed.recommendations[0]?.title).toBe('Vendre à distance et en visioconférence');
      expect(received).toHaveLength(1);
    },
  );

  it('does not call the model for bad input', async () => {
    const res = await call('generate-training', { formData: { searchTerm: '  ' } });
    expect(res.status).toBe(400);
    expect(received).toHaveLength(0);
  });
});

describe('estimate-training with a configured model', () => {
  it('returns the model estimate, with the catalogue references in the prompt', async () => {
    const res = await estimate();
    expect(res.status).toBe(200);
    expect(estimateTrainingResponseSchema.parse(res.body)).toEqual({
      ...LLM_ESTIMATE,
      engine: 'llm',
    });
    const userMessage = (received[0]!.body.messages as { role: string; content: string }[]).find(
      (m) => m.role === 'user',
    )!.content;
    expect(userMessage).toContain('Excel avancé : tableaux croisés et tableaux de bord');
    expect(received[0]!.body.response_format).toMatchObject({
      json_schema: { name: 'training_estimate', strict: true },
    });
  });

  it.each<Mode>(['malformed', 'bad-shape', 'http-500', 'slow'])(
    'falls back to the catalogue estimate when the answer is %s',
    async (m) => {
      mode = m;
      const res = await estimate();
      expect(res.status).toBe(200);
      const parsed = estimateTrainingResponseSchema.parse(res.body);
      expect(parsed.engine).toBe('local');
      expect(parsed.explanation).toContain('Excel avancé : tableaux croisés et tableaux de bord');
    },
  );
});
