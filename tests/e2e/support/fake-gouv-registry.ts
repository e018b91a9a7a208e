// A local stand-in for the government company search ("API Recherche d'entreprises"), for the
// end-to-end tests: no internet here nor in CI. It answers GET /search as the API does, on the
// fixtures of tests/fixtures/gouv-registry.ts (the API's real shapes, `minimal` and `include`
// honoured, the same 400s). The e2e backend points REGISTRY_GOUV_URL at it (playwright.config.ts);
// a test starts it and stops it, so the other tests see the registry down. Every request is kept
// with its User-Agent, so a test can count the upstream calls.
import { createServer, type Server } from 'node:http';
import { FAKE_GOUV_PORT } from '../../../playwright.config';
import { gouvSearch } from '../../fixtures/gouv-registry';

export type FakeGouvRequest = { url: URL; userAgent: string | undefined };
export type FakeGouv = { requests: FakeGouvRequest[]; stop(): Promise<void> };

export async function startFakeGouv(port = FAKE_GOUV_PORT): Promise<FakeGouv> {
  const requests: FakeGouvRequest[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    requests.push({ url, userAgent: req.headers['user-agent'] });
    const reply =
      url.pathname === '/search' ? gouvSearch(url) : { status: 404, body: { erreur: 'Not found' } };
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
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
