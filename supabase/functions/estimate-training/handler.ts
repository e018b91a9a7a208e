// estimate-training (02 §2.16, §7.4): trainingData {topic, description, format} →
// { duration, cost, explanation, engine }. Local catalogue engine by default (nearest trainings);
// the configured OpenAI-compatible model when OPENAI_API_KEY is set, falling back to the local
// engine on any failure. Bad input: 400 with a French message.
import { errorResult, jsonResult, type FunctionHandler } from '../_shared/function-handler.ts';
import { llmConfigFromEnv } from '../_shared/llm.ts';
import { parseEstimateTrainingInput } from '../_shared/training-input.ts';
import { estimateFromCatalogue, estimateWithLlm } from '../_shared/training-estimate.ts';

export const handle: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST')
    return errorResult(405, 'method_not_allowed', 'Méthode non autorisée : utilisez POST');
  const input = parseEstimateTrainingInput(req.body);
  if (!input.ok) return errorResult(400, 'invalid_input', input.message);
  const local = estimateFromCatalogue(input.value);
  const llm = llmConfigFromEnv(ctx.env);
  if (llm) {
    const estimate = await estimateWithLlm(llm, input.value, local.references);
    if (estimate) return jsonResult(200, { ...estimate, engine: 'llm' });
  }
  return jsonResult(200, {
    duration: local.duration,
    cost: local.cost,
    explanation: local.explanation,
    engine: 'local',
  });
};
