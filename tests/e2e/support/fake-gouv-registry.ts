// A local stand-in for the government company search ("API Recherche d'entreprises"), for the
// end-to-end tests: no internet here nor in CI. It answers GET /search like the real API, with the
// examples of shared/data/research/recherche-entreprises.md (tests/fixtures/gouv-registry.ts); any
// other query has no result. The e2e backend points REGISTRY_GOUV_URL at it (playwright.config.ts);
// a test starts it and stops it, so the other tests see the registry down.
import { createServer, type Server } from 'node:http';
import { FAKE_GOUV_PORT } from '../../../playwright.config';
import { GOUV_LA_POSTE, GOUV_SME } from '../../fixtures/gouv-registry';

export type FakeGouv = { requests: URL[]; stop(): Promise<void> };

function answer(url: URL): unknown[] {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  if (q === GOUV_SME.siren || q === GOUV_SME.siege.siret || /poil|gratter|willy/.test(q))
    return [GOUV_SME];
  if (q === GOUV_LA_POSTE.siren || /poste/.test(q)) return [GOUV_LA_POSTE];
  return [];
}

export async function startFakeGouv(port = FAKE_GOUV_PORT): Promise<FakeGouv> {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    requests.push(url);
    if (url.pathname !== '/search') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ erreur: 'Not found' }));
      return;
    }
    const results = answer(url);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        results,
        total_results: results.length,
        page: 1,
        per_page: 10,
        total_pages: 1,
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
