// The product's budget API (01 §7): public GET endpoints with a fixed static API key header and
// no-cache headers; the bearer token is added only on the budget call when a session exists.
import {
  agreementDetailsSchema,
  budgetLookupResponseSchema,
  idccSearchResponseSchema,
  idccSuggestionsResponseSchema,
  infoPdcResponseSchema,
  type AgreementDetails,
  type BudgetLookupResponse,
  type IdccSearchItem,
} from '@/domain/contracts';
import { config } from '@/lib/config';
import { fetchJson, type HttpResult } from '@/lib/http';

export const BUDGET_API_KEY_HEADER = 'x-api-key';

function headers(accessToken?: string | null): Record<string, string> {
  return {
    [BUDGET_API_KEY_HEADER]: config.budgetApiKey,
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
  };
}

const url = (path: string) => `${config.budgetApiUrl}${path}`;
const seg = (value: string | number) => encodeURIComponent(String(value));

export function budgetLookupPath(idcc: string, min: number, max: number): string {
  return `/public/pdc/infoPdc/${seg(idcc)}/min/${seg(min)}/max/${seg(max)}`;
}

/** Raw suggestions; parse them with the domain's IDCC-suggestion rules. */
export function fetchIdccFromNaf(
  naf: string,
  signal?: AbortSignal,
): Promise<HttpResult<unknown[]>> {
  return fetchJson(
    url(`/public/idcc/getIdccFromNAF/?naf=${seg(naf)}`),
    idccSuggestionsResponseSchema,
    {
      headers: headers(),
      signal,
    },
  );
}

export function fetchAgreement(
  idcc: string,
  signal?: AbortSignal,
): Promise<HttpResult<AgreementDetails>> {
  return fetchJson(url(`/public/pdc/${seg(idcc)}`), agreementDetailsSchema, {
    headers: headers(),
    signal,
  });
}

/** Raw headcount entries; turn them into bands with the domain's headcount rules. */
export function fetchHeadcountEntries(
  idcc: string,
  signal?: AbortSignal,
): Promise<HttpResult<unknown[]>> {
  return fetchJson(url(`/public/pdc/infoPdc/${seg(idcc)}`), infoPdcResponseSchema, {
    headers: headers(),
    signal,
  });
}

export function searchIdcc(
  prefix: string,
  signal?: AbortSignal,
): Promise<HttpResult<IdccSearchItem[]>> {
  return fetchJson(url(`/public/idcc/search/?q=${seg(prefix)}`), idccSearchResponseSchema, {
    headers: headers(),
    signal,
  });
}

export function fetchBudget(
  idcc: string,
  min: number,
  max: number,
  options: { accessToken?: string | null; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<HttpResult<BudgetLookupResponse>> {
  return fetchJson(url(budgetLookupPath(idcc, min, max)), budgetLookupResponseSchema, {
    headers: headers(options.accessToken),
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? 8_000,
  });
}
