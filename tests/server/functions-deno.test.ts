// Issue 31 item 6: the edge functions proven where they run. Hosted Supabase serves
// supabase/functions/<name>/index.ts with Deno; the embedded backend runs the same handlers in Node
// (/functions/v1/<name>, /registry/v2). Here each function's own index.ts runs in Deno (the `deno`
// npm package, the version CI type-checks with: `npm run check:functions`) against the shared
// embedded backend, and a subset of the Node contract tests is asked of both runtimes, which must
// give the same answers:
//   generate-training  recommendations in the contract shape; a blank challenge (400); no user (401)
//   estimate-training  an estimate in the contract shape; a missing topic (400)
//   analyze-survey     recommendations from a team's answers; a body that is not JSON (400)
//   registry           a name search from the registry table; a missing query (400)
// Each index.ts calls Deno.serve() as Supabase's documentation writes it; `deno serve` would need
// an `export default { fetch }` entry instead, so the entries are run with `deno run` and
// DENO_SERVE_ADDRESS (Deno's own override of Deno.serve's address).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../../server/testing/backend';
import {
  analyzeSurveyResponseSchema,
  estimateTrainingResponseSchema,
  generateTrainingResponseSchema,
} from '../../src/domain/contracts';
import {
  buildAnalyzeSurveyPayload,
  type TeamSurveyResponse,
} from '../../src/domain/survey-results';
import { backend } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DENO = `${ROOT}node_modules/.bin/deno`;
const FUNCTIONS = ['generate-training', 'estimate-training', 'analyze-survey', 'registry'] as const;
type FunctionName = (typeof FUNCTIONS)[number];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts supabase/functions/<name>/index.ts in Deno; resolves with its address once it listens. */
async function startInDeno(name: FunctionName): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    DENO,
    [
      'run',
      '--no-prompt',
      '--no-lock',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--config',
      'supabase/functions/deno.json',
      `supabase/functions/${name}/index.ts`,
    ],
    {
      cwd: ROOT,
      // A clean environment: what a hosted project gives its functions, no OPENAI_* of the machine.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...(process.env.DENO_DIR ? { DENO_DIR: process.env.DENO_DIR } : {}),
        NO_COLOR: '1',
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        SUPABASE_URL: backend.url,
        SUPABASE_ANON_KEY: backend.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: backend.serviceKey,
        REGISTRY_SOURCE: 'sample',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Listening on/i.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`deno ${name} exited (${code}):\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

const deno = new Map<FunctionName, { url: string; child: ChildProcess }>();
let user: ConfirmedUser;

beforeAll(async () => {
  user = await createConfirmedUser(backend);
  // One at a time: the first start fills Deno's module cache for the others.
  for (const name of FUNCTIONS) deno.set(name, await startInDeno(name));
}, 180_000);

afterAll(() => {
  for (const { child } of deno.values()) child.kill('SIGTERM');
});

type Answer = { status: number; body: unknown };

async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** POST a function on both runtimes: the embedded backend's router and the function in Deno. */
async function post(name: FunctionName, body: unknown, token: string | null = user.accessToken) {
  const init = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: backend.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
  const [node, inDeno] = await Promise.all([
    fetch(`${backend.url}/functions/v1/${name}`, init).then(read),
    fetch(deno.get(name)!.url, init).then(read),
  ]);
  return { node, deno: inDeno };
}

describe('the edge functions in Deno answer as the embedded backend does', () => {
  it('generate-training: recommendations in the contract shape, the same as in Node', async () => {
    const { node, deno: d } = await post('generate-training', {
      formData: {
        objective: '',
        teamSize: '',
        priority: '',
        searchTerm: 'Mes commerciaux ont du mal à conclure les ventes en visioconférence',
      },
      additionalContext: '',
    });
    expect(d.status).toBe(200);
    const parsed = generateTrainingResponseSchema.parse(d.body);
    expect(parsed.engine).toBe('local');
    expect(parsed.recommendations[0]!.title).toBe('Vendre à distance et en visioconférence');
    expect(d).toEqual(node);
  });

  it('generate-training: a blank challenge is a 400 with the French message; no user is a 401', async () => {
    const blank = await post('generate-training', {
      formData: { objective: '', teamSize: '', priority: '', searchTerm: '  ' },
      additionalContext: '',
    });
    expect(blank.deno.status).toBe(400);
    expect(blank.deno).toEqual(blank.node);
    const anonymous = await post('generate-training', { formData: {} }, null);
    expect(anonymous.deno.status).toBe(401);
    expect(anonymous.node.status).toBe(401);
  });

  it('estimate-training: an estimate in the contract shape; a missing topic is a 400', async () => {
    const ok = await post('estimate-training', {
      trainingData: {
        topic: 'Excel avancé',
        description: 'Tableaux croisés dynamiques et macros pour le service comptable',
        format: 'remote',
      },
    });
    expect(ok.deno.status).toBe(200);
    estimateTrainingResponseSchema.parse(ok.deno.body);
    expect(ok.deno).toEqual(ok.node);
    const missing = await post('estimate-training', { trainingData: { description: 'x' } });
    expect(missing.deno.status).toBe(400);
    expect(missing.deno).toEqual(missing.node);
  });

  it('analyze-survey: recommendations from the answers; a body that is not JSON is a 400', async () => {
    const answer = (over: Partial<TeamSurveyResponse>): TeamSurveyResponse => ({
      department: 'commercial',
      first_name: '',
      last_name: '',
      responses: { skills: ['Négociation et closing'] },
      tools_satisfaction: 'no',
      improvement_suggestion: null,
      created_at: '2026-11-22T10:00:00Z',
      ...over,
    });
    const payload = buildAnalyzeSurveyPayload([
      answer({ improvement_suggestion: 'Un vrai CRM pour suivre nos clients' }),
      answer({ tools_satisfaction: 'partially', improvement_suggestion: 'Le CRM est trop lent' }),
      answer({ department: 'tech', responses: { skills: ['Cybersécurité'] } }),
    ]);
    const ok = await post('analyze-survey', payload);
    expect(ok.node.status).toBe(200);
    expect(ok.deno.status).toBe(200);
    analyzeSurveyResponseSchema.parse(ok.deno.body);
    expect(ok.deno).toEqual(ok.node);
    const bad = await post('analyze-survey', '{pas du json');
    expect(bad.deno.status).toBe(400);
    expect(bad.node.status).toBe(400);
  });

  it('registry: a name search from the registry table; a missing query is a 400', async () => {
    const get = async (query: string) => {
      const [node, inDeno] = await Promise.all([
        fetch(`${backend.url}/registry/v2?${query}`).then(read),
        fetch(`${deno.get('registry')!.url}/?${query}`).then(read),
      ]);
      return { node, deno: inDeno };
    };
    const found = await get('q=boulangerie');
    expect(found.deno.status).toBe(200);
    expect(
      (found.deno.body as { resultats_nom_entreprise?: unknown[] }).resultats_nom_entreprise
        ?.length,
    ).toBeGreaterThan(0);
    expect(found.deno.body).toEqual(found.node.body);
    const short = await get('q=');
    expect(short.deno.status).toBe(400);
    expect(short.deno).toEqual(short.node);
  });
});
