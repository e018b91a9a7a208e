// A small client for an OpenAI-compatible chat completions endpoint, shared by the edge functions
// (generate-training, estimate-training, analyze-survey). Generic on purpose: the caller gives the
// prompts, a JSON schema (sent as response_format json_schema, strict) and the zod schema that
// validates the answer. Never throws: every failure is a typed reason, so that callers fall back to
// their local engine. The key is read on the server only (ctx.env) and never logged nor returned.
//
// Configuration (server-side environment):
//   OPENAI_API_KEY   required to enable the LLM path (unset: local engines only)
//   OPENAI_BASE_URL  default https://api.openai.com/v1 (any OpenAI-compatible server)
//   OPENAI_MODEL     default gpt-4o-mini
//   OPENAI_TIMEOUT_MS default 20000 (the app waits 30 s for a function)
import type { z } from 'zod';

export type LlmConfig = {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
};

export const DEFAULT_LLM_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';
export const DEFAULT_LLM_TIMEOUT_MS = 20_000;

/** The LLM configuration from the environment, or null when no key is configured. */
export function llmConfigFromEnv(env: (name: string) => string | undefined): LlmConfig | null {
  const apiKey = env('OPENAI_API_KEY')?.trim();
  if (!apiKey) return null;
  const baseUrl = (env('OPENAI_BASE_URL')?.trim() || DEFAULT_LLM_BASE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(baseUrl)) return null;
  const model = env('OPENAI_MODEL')?.trim() || DEFAULT_LLM_MODEL;
  const timeout = Number(env('OPENAI_TIMEOUT_MS'));
  const timeoutMs =
    Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, 120_000) : DEFAULT_LLM_TIMEOUT_MS;
  return { baseUrl, apiKey, model, timeoutMs };
}

export type LlmFailure =
  'network' | 'timeout' | 'http' | 'refusal' | 'invalid_json' | 'invalid_shape';

export type LlmResult<T> =
  { ok: true; data: T } | { ok: false; reason: LlmFailure; status?: number };

export type ChatJsonRequest<S extends z.ZodType> = {
  system: string;
  user: string;
  /** Name of the JSON schema (letters, digits, _ and -). */
  schemaName: string;
  /** JSON schema of the answer (strict mode: every property required, no additional ones). */
  jsonSchema: Record<string, unknown>;
  /** Validates the parsed answer; its output is what the caller gets. */
  schema: S;
  temperature?: number;
  maxTokens?: number;
};

type ChatCompletion = {
  choices?: { message?: { content?: unknown; refusal?: unknown } }[];
};

/** Asks the model for a JSON answer matching `jsonSchema`, validated by `schema`. */
export async function chatJson<S extends z.ZodType>(
  config: LlmConfig,
  request: ChatJsonRequest<S>,
  options: { fetchImpl?: typeof fetch } = {},
): Promise<LlmResult<z.output<S>>> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  let raw: string;
  try {
    const response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: request.temperature ?? 0.3,
        ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: request.schemaName, strict: true, schema: request.jsonSchema },
        },
      }),
      signal: controller.signal,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'http', status: response.status };
    }
    raw = await response.text();
  } catch {
    return { ok: false, reason: timedOut ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
  let completion: ChatCompletion;
  try {
    completion = JSON.parse(raw) as ChatCompletion;
  } catch {
    return { ok: false, reason: 'invalid_json' };
  }
  const message = Array.isArray(completion?.choices) ? completion.choices[0]?.message : undefined;
  if (message && typeof message.refusal === 'string' && message.refusal)
    return { ok: false, reason: 'refusal' };
  if (!message || typeof message.content !== 'string')
    return { ok: false, reason: 'invalid_shape' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.content);
  } catch {
    return { ok: false, reason: 'invalid_json' };
  }
  const checked = request.schema.safeParse(parsed);
  return checked.success
    ? { ok: true, data: checked.data }
    : { ok: false, reason: 'invalid_shape' };
}
