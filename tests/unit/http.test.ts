import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeForStatus, fetchJson } from '@/lib/http';
import { registrySearchUrl } from '@/lib/api/registry';

const schema = z.object({ a: z.number() });
const respond = (body: string, status = 200) =>
  (async () => new Response(body, { status })) as typeof fetch;

describe('fetchJson', () => {
  it('returns parsed data', async () => {
    const r = await fetchJson('http://x/', schema, { fetchImpl: respond('{"a":1}') });
    expect(r).toMatchObject({ ok: true, data: { a: 1 }, status: 200 });
  });
  it('rejects a body that does not match the contract', async () => {
    const r = await fetchJson('http://x/', schema, { fetchImpl: respond('{"a":"1"}') });
    expect(r).toMatchObject({ ok: false, code: 'invalid_response' });
  });
  it('rejects malformed JSON without throwing', async () => {
    const r = await fetchJson('http://x/', schema, { fetchImpl: respond('<html>') });
    expect(r).toMatchObject({ ok: false, code: 'invalid_response' });
  });
  it('maps HTTP errors to codes and keeps the server message', async () => {
    const r = await fetchJson('http://x/', schema, {
      fetchImpl: respond('{"error":"bad","message":"IDCC inconnu"}', 404),
    });
    expect(r).toEqual({ ok: false, code: 'not_found', status: 404, message: 'IDCC inconnu' });
  });
  it('reports a network failure as offline', async () => {
    const r = await fetchJson('http://x/', schema, {
      fetchImpl: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    expect(r).toEqual({ ok: false, code: 'offline' });
  });
  it('times out', async () => {
    const hang = ((_u: string, init?: RequestInit) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('abort'))),
      )) as typeof fetch;
    const r = await fetchJson('http://x/', schema, { fetchImpl: hang, timeoutMs: 5 });
    expect(r).toEqual({ ok: false, code: 'timeout' });
  });
  it('reports a caller cancellation as aborted', async () => {
    const controller = new AbortController();
    const hang = ((_u: string, init?: RequestInit) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('abort'))),
      )) as typeof fetch;
    const pending = fetchJson('http://x/', schema, { fetchImpl: hang, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, code: 'aborted' });
  });
  it.each([
    [401, 'unauthorized'],
    [404, 'not_found'],
    [408, 'timeout'],
    [413, 'bad_request'],
    [429, 'rate_limited'],
    [503, 'server'],
  ])('status %i → %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });
});

describe('registrySearchUrl', () => {
  it('adds cibles=siret for digit searches only', () => {
    expect(registrySearchUrl('12345678900012', true, 'http://h/registry/v2')).toBe(
      'http://h/registry/v2?q=12345678900012&cibles=siret',
    );
    expect(registrySearchUrl('boulangerie & fils', false, 'http://h/registry/v2')).toBe(
      'http://h/registry/v2?q=boulangerie+%26+fils',
    );
  });
});
