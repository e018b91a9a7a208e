// Contract tests of the government registry adapter (issue 15, issue 27 item 6) against a local
// fake server that answers as the API does (tests/fixtures/gouv-registry.ts: the API's own shapes,
// `minimal`/`include` honoured): the mapping onto the registry contract, SIRET and SIREN lookups,
// 429 with Retry-After, 5xx, timeouts, the circuit breaker and the sample fallback, always
// labelled, never "no result" for a failure. Non-diffusible companies, closed establishments,
// legal forms and IDCC lists: tests/unit/registry-gouv-shapes.test.ts; the rate limit:
// tests/unit/registry-gouv-rate.test.ts.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registryResponseSchema } from '@/domain/contracts';
import { pickRegistryResults } from '@/domain/registry';
import {
  createRegistryHandler,
  DEFAULT_USER_AGENT,
  registrySettingsFromEnv,
  type RegistrySettings,
} from '../../supabase/functions/_shared/registry/handler';
import type { SampleRow, SampleStore } from '../../supabase/functions/_shared/registry/sample';
import { GOUV_SME, gouvSearch } from '../fixtures/gouv-registry';

type Reply = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
let reply: (url: URL) => Reply;
let requests: { url: URL; headers: IncomingMessage['headers'] }[] = [];
let server: Server;
let base = '';

const defaultReply = (url: URL): Reply => gouvSearch(url);

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ url, headers: req.headers });
    const r = reply(url);
    const send = () => {
      res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
      res.end(r.body === undefined ? '' : JSON.stringify(r.body));
    };
    if (r.delayMs) setTimeout(send, r.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  requests = [];
  reply = defaultReply;
});

const SAMPLE_ROW: SampleRow = {
  siren: '978961233',
  nom_entreprise: null,
  denomination: 'ALTÉA SYSTÈMES',
  forme_juridique: 'SARL',
  code_naf: '62.02A',
  libelle_code_naf: null,
  siege_siret: '97896123300951',
  adresse_ligne_1: '65 avenue de la République',
  adresse_ligne_2: null,
  code_postal: '73000',
  ville: 'CHAMBÉRY',
  conventions: [{ idcc: '1486', nom: 'Syntec' }],
  source: 'sample',
};
const sampleStore: SampleStore = {
  byName: async () => [SAMPLE_ROW],
  byNumber: async () => [SAMPLE_ROW],
};

function setup(over: Partial<RegistrySettings> = {}, opts: { timeoutMs?: number } = {}) {
  let now = 1_000_000;
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  const registry = createRegistryHandler({
    settings: {
      source: 'auto',
      gouvUrl: base,
      gouvTimeoutMs: opts.timeoutMs ?? 2000,
      gouvCooldownMs: 30_000,
      userAgent: 'BudgetFormation/0.1 (tests; +https://example.test)',
      contact: null,
      ...over,
    },
    sample: sampleStore,
    gouv: {
      now: clock.now,
      sleep: async (ms: number) => clock.advance(ms),
      labels: async (idccs, nafs) => ({
        idcc: Object.fromEntries(idccs.map((c) => [c, `Convention ${c}`])),
        naf: Object.fromEntries(nafs.map((n) => [n, `Activité ${n}`])),
      }),
    },
  });
  const get = (query: string) => registry.handle(new URL(`http://x/registry/v2?${query}`), 'GET');
  return { registry, clock, get };
}

describe('mapping onto the registry contract', () => {
  it('a name search: name, SIRET, address, NAF, INSEE band and year, declared IDCCs, labelled gouv', async () => {
    const { get } = setup();
    const res = await get('q=poil%20a%20gratter');
    expect(res.status).toBe(200);
    expect(res.headers['x-data-source']).toBe('gouv');
    expect(res.headers['access-control-expose-headers']).toMatch(/X-Data-Source/);
    const body = registryResponseSchema.parse(res.body);
    expect(body.resultats_nom_entreprise[0]).toMatchObject({
      siren: '447654385',
      nom_entreprise: 'SACRÉ WILLY (POIL A GRATTER)',
      denomination: 'POIL A GRATTER',
      forme_juridique: 'SAS',
      code_naf: '46.33Z',
      libelle_code_naf: 'Activité 46.33Z',
      siege: {
        siret: '44765438500049',
        adresse_ligne_1: 'ZAE EST 5 RUE CHARLES NUNGESSER',
        code_postal: '05130',
        ville: 'TALLARD',
      },
      conventions_collectives: [
        { idcc: 573, nom: 'Convention 0573', confirmee: true, niveau: 'etablissement' },
        { idcc: 573, nom: 'Convention 0573', confirmee: true, niveau: 'entreprise' },
      ],
      tranche_effectif_salarie: '12',
      non_diffusible: false,
      annee_tranche_effectif_salarie: '2023',
    });
    const [company] = pickRegistryResults(res.body, false, 'gouv');
    expect(company).toMatchObject({
      siret: '44765438500049',
      companyName: 'SACRÉ WILLY (POIL A GRATTER)',
      companyAddress: 'ZAE EST 5 RUE CHARLES NUNGESSER 05130 TALLARD',
      codeNaf: '46.33Z',
      declaredAgreements: [{ idcc: '0573', name: 'Convention 0573' }],
      inseeBand: { code: '12', year: '2023' },
      dataSource: 'gouv',
    });
    // Head office and company declare the same agreement: nothing else to choose.
    expect(company?.otherAgreements).toBeUndefined();
    // The documented call: active companies, minimal payload with the head office and complements.
    const sent = requests[0]!.url;
    expect(sent.pathname).toBe('/search');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      q: 'poil a gratter',
      etat_administratif: 'A',
      minimal: 'true',
      include: 'siege,complements',
      per_page: '10',
    });
    // A descriptive User-Agent.
    expect(requests[0]!.headers['user-agent']).toMatch(/^BudgetFormation\/0\.1 \(.+\)$/);
  });

  it('14 digits: a SIRET lookup, the establishment with its own IDCC list and address', async () => {
    const { get } = setup();
    const res = await get('q=356%20000%20000%2053210&cibles=siret');
    const body = registryResponseSchema.parse(res.body);
    expect(body.resultats_nom_entreprise).toEqual([]);
    expect(body.resultats_siret[0]).toMatchObject({
      siren: '356000000',
      siege: {
        siret: '35600000053210',
        adresse_ligne_1: '12 RUE DU GENERAL LECLERC',
        code_postal: '02600',
        ville: 'VILLERS-COTTERETS',
      },
      conventions_collectives: [
        { idcc: 9999, confirmee: true, niveau: 'etablissement' },
        { idcc: 5516, confirmee: true, niveau: 'etablissement' },
        { idcc: 9999, confirmee: true, niveau: 'entreprise' },
        { idcc: 5516, confirmee: true, niveau: 'entreprise' },
      ],
      tranche_effectif_salarie: '53',
    });
    expect(requests[0]!.url.searchParams.get('include')).toBe(
      'siege,complements,matching_etablissements',
    );
    // 9999 means no agreement: the app keeps 5516 only.
    expect(pickRegistryResults(res.body, true)[0]?.declaredAgreements).toEqual([
      { idcc: '5516', name: 'Convention 5516' },
    ]);
  });

  it('9 digits: a SIREN lookup, the head office', async () => {
    const { get } = setup();
    const body = registryResponseSchema.parse((await get('q=447654385&cibles=siret')).body);
    expect(body.resultats_siret[0]?.siege?.siret).toBe('44765438500049');
  });

  it('an establishment without its own list: the company-level list, said so', async () => {
    const { get } = setup();
    const body = registryResponseSchema.parse((await get('q=35600000053166&cibles=siret')).body);
    expect(body.resultats_siret[0]?.siege?.ville).toBe('TERGNIER');
    expect(body.resultats_siret[0]?.conventions_collectives).toEqual([
      { idcc: 9999, nom: 'Convention 9999', confirmee: true, niveau: 'entreprise' },
      { idcc: 5516, nom: 'Convention 5516', confirmee: true, niveau: 'entreprise' },
    ]);
  });

  it('a partial SIRET: the API has no prefix search, the registry table answers, labelled', async () => {
    const { get } = setup();
    const res = await get('q=4476543&cibles=siret');
    expect(requests).toHaveLength(0);
    expect(res.headers['x-data-source']).toBe('sample');
    expect(res.headers['x-registry-fallback']).toBe('gouv_unsupported');
  });

  it('ceased companies and malformed results are dropped, the others kept', async () => {
    const { get } = setup();
    reply = () => ({
      status: 200,
      body: {
        results: [
          { ...GOUV_SME.result, etat_administratif: 'C' },
          { siren: 'pas-un-siren' },
          { ...GOUV_SME.result, siren: '123456789' },
        ],
      },
    });
    const body = registryResponseSchema.parse((await get('q=poil')).body);
    expect(body.resultats_nom_entreprise.map((i) => i.siren)).toEqual(['123456789']);
  });

  it('answers are cached: the same search twice is one call', async () => {
    const { get } = setup();
    await get('q=poil');
    await get('q=poil');
    expect(requests).toHaveLength(1);
  });
});

describe('failures: the sample fallback in auto, 503 in gouv, never "no result"', () => {
  it('429 with Retry-After: no call until then, the table answers labelled meanwhile', async () => {
    const { get, clock } = setup();
    reply = () => ({ status: 429, headers: { 'retry-after': '2' } });
    const first = await get('q=boulangerie');
    expect(first.status).toBe(200);
    expect(first.headers['x-data-source']).toBe('sample');
    expect(first.headers['x-registry-fallback']).toBe('gouv_rate_limited');
    reply = defaultReply;
    await get('q=poil');
    expect(requests).toHaveLength(1); // honoured: the second search did not call
    clock.advance(2001);
    expect((await get('q=poil')).headers['x-data-source']).toBe('gouv');
    expect(requests).toHaveLength(2);
  });

  it('429 in gouv mode: 503 with Retry-After', async () => {
    const { get } = setup({ source: 'gouv' });
    reply = () => ({ status: 429, headers: { 'retry-after': '7' } });
    const res = await get('q=boulangerie');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.body).toMatchObject({ error: 'registry_unavailable' });
  });

  it('5xx: fallback; after 3 failures the circuit opens (no call); a probe after the cooldown closes it', async () => {
    const { get, clock, registry } = setup();
    reply = () => ({ status: 500, body: { erreur: 'panne' } });
    for (const q of ['aaa', 'bbb', 'ccc']) {
      const res = await get(`q=${q}`);
      expect(res.headers['x-data-source']).toBe('sample');
      expect(res.headers['x-registry-fallback']).toBe('gouv_server');
    }
    expect(requests).toHaveLength(3);
    expect(registry.gouv.state().breaker).toBe('open');
    const open = await get('q=ddd');
    expect(open.headers['x-registry-fallback']).toBe('gouv_circuit_open');
    expect(requests).toHaveLength(3);
    clock.advance(30_000);
    reply = defaultReply;
    expect((await get('q=poil')).headers['x-data-source']).toBe('gouv');
    expect(registry.gouv.state().breaker).toBe('closed');
  });

  it('a 5xx in gouv mode is a 503 JSON error, not an empty list', async () => {
    const { get } = setup({ source: 'gouv' });
    reply = () => ({ status: 502 });
    const res = await get('q=boulangerie');
    expect(res.status).toBe(503);
    expect(res.body).not.toHaveProperty('resultats_nom_entreprise');
  });

  it('a timeout falls back quickly', async () => {
    const { get } = setup({}, { timeoutMs: 100 });
    reply = () => ({ status: 200, body: { results: [] }, delayMs: 1000 });
    const started = Date.now();
    const res = await get('q=boulangerie');
    expect(res.headers['x-registry-fallback']).toBe('gouv_timeout');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('an unreachable server (refused) falls back', async () => {
    const { get } = setup({ gouvUrl: 'http://127.0.0.1:9' });
    const res = await get('q=boulangerie');
    expect(res.headers['x-data-source']).toBe('sample');
    expect(res.headers['x-registry-fallback']).toBe('gouv_network');
  });

  it('a malformed answer counts as a failure', async () => {
    const { get } = setup();
    reply = () => ({ status: 200, body: { resultats: 'nope' } });
    expect((await get('q=boulangerie')).headers['x-registry-fallback']).toBe('gouv_invalid');
  });

  it('a 400 from the API (too short a query) is no result, not an outage', async () => {
    const { get, registry } = setup();
    reply = () => ({ status: 400, body: { erreur: '3 caractères minimum' } });
    const res = await get('q=a%20b');
    expect(res.headers['x-data-source']).toBe('gouv');
    expect(registry.gouv.state().breaker).toBe('closed');
  });
});

describe('settings and bad input', () => {
  it('the settings read from the environment, with the default User-Agent, reach the API', async () => {
    const settings = registrySettingsFromEnv(
      (name) => ({ REGISTRY_GOUV_URL: base, REGISTRY_GOUV_COOLDOWN_MS: '1000' })[name],
    );
    expect(settings).toMatchObject({ source: 'auto', gouvUrl: base, gouvCooldownMs: 1000 });
    const registry = createRegistryHandler({ settings, sample: sampleStore });
    const res = await registry.handle(new URL('http://x/registry/v2?q=poil'), 'GET');
    expect(res.headers['x-data-source']).toBe('gouv');
    expect(requests[0]!.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
  });
  it('REGISTRY_CONTACT puts a contact address in the User-Agent', async () => {
    const settings = registrySettingsFromEnv(
      (name) => ({ REGISTRY_GOUV_URL: base, REGISTRY_CONTACT: 'registre@exemple.fr' })[name],
    );
    expect(settings.userAgent).toBe(
      'BudgetFormation/0.1 (+registre@exemple.fr; proxy de recherche d entreprises pour le budget formation des TPE-PME)',
    );
    const registry = createRegistryHandler({ settings, sample: sampleStore });
    await registry.handle(new URL('http://x/registry/v2?q=poil'), 'GET');
    expect(requests[0]!.headers['user-agent']).toContain('+registre@exemple.fr;');
    const url = registrySettingsFromEnv(
      (name) => ({ REGISTRY_CONTACT: 'https://exemple.fr/contact' })[name],
    );
    expect(url.userAgent).toContain('(+https://exemple.fr/contact;');
    expect(
      registrySettingsFromEnv((name) => ({ REGISTRY_CONTACT: 'mailto:a@b.fr' })[name]).contact,
    ).toBe('a@b.fr');
  });
  it('without a contact, the start says so once (gouv and auto modes)', () => {
    const lines: string[] = [];
    const settings = registrySettingsFromEnv(() => undefined);
    createRegistryHandler({ settings, sample: sampleStore, log: (l) => lines.push(l) });
    expect(lines).toEqual([expect.stringMatching(/REGISTRY_CONTACT n'est pas défini/)]);
    lines.length = 0;
    createRegistryHandler({
      settings: registrySettingsFromEnv((n) => ({ REGISTRY_CONTACT: 'a@b.fr' })[n]),
      sample: sampleStore,
      log: (l) => lines.push(l),
    });
    createRegistryHandler({
      settings: registrySettingsFromEnv((n) => ({ REGISTRY_SOURCE: 'sample' })[n]),
      sample: sampleStore,
      log: (l) => lines.push(l),
    });
    expect(lines).toEqual([]);
  });
  it('refuses bad settings at start, not at the first search', () => {
    const env = (values: Record<string, string>) => (name: string) => values[name];
    expect(() => registrySettingsFromEnv(env({ REGISTRY_SOURCE: 'annuaire' }))).toThrow(
      /REGISTRY_SOURCE/,
    );
    expect(() => registrySettingsFromEnv(env({ REGISTRY_SOURCE: 'pappers' }))).toThrow(
      /REGISTRY_PAPPERS_KEY/,
    );
    expect(() => registrySettingsFromEnv(env({ REGISTRY_USER_AGENT: 'Budget’Formation' }))).toThrow(
      /REGISTRY_USER_AGENT/,
    );
    expect(() => registrySettingsFromEnv(env({ REGISTRY_GOUV_TIMEOUT_MS: '3 s' }))).toThrow(
      /REGISTRY_GOUV_TIMEOUT_MS/,
    );
    for (const contact of ['personne', 'a@b', 'ftp://x.fr', 'é@exemple.fr', 'a@b.fr; evil'])
      expect(() => registrySettingsFromEnv(env({ REGISTRY_CONTACT: contact })), contact).toThrow(
        /REGISTRY_CONTACT/,
      );
  });
  it('sample mode never calls the API', async () => {
    const { get } = setup({ source: 'sample' });
    expect((await get('q=poil')).headers['x-data-source']).toBe('sample');
    expect(requests).toHaveLength(0);
  });
  it('bad parameters are 400 JSON errors, other methods 405', async () => {
    const { get, registry } = setup();
    for (const q of ['', 'q=', `q=${'a'.repeat(201)}`, 'q=abc&cibles=x', 'q=abc&longueur=0'])
      expect((await get(q)).status, q).toBe(400);
    expect((await registry.handle(new URL('http://x/registry/v2?q=abc'), 'POST')).status).toBe(405);
    expect(requests).toHaveLength(0);
  });
});
