// Company registry, "v2 suggestions" contract (01 §7): GET {registryUrl}?q=...[&cibles=siret].
// Public, no authentication, cancellable.
import { registryResponseSchema, type RegistryResponse } from '@/domain/registry-contract';
import { config } from '@/lib/config';
import { fetchJson, type HttpResult } from '@/lib/http';

export function registrySearchUrl(
  q: string,
  siretTarget: boolean,
  base = config.registryUrl,
): string {
  const url = new URL(base);
  url.searchParams.set('q', q);
  if (siretTarget) url.searchParams.set('cibles', 'siret');
  return url.toString();
}

export function searchRegistry(
  q: string,
  siretTarget: boolean,
  signal?: AbortSignal,
): Promise<HttpResult<RegistryResponse>> {
  return fetchJson(registrySearchUrl(q, siretTarget), registryResponseSchema, {
    signal,
    timeoutMs: 10_000,
  });
}
