// generate-training (02 §2.14, §7.4): formData {objective, teamSize, priority, searchTerm} and
// additionalContext → { recommendations, engine }. Local catalogue engine by default; the
// configured OpenAI-compatible model when OPENAI_API_KEY is set, falling back to the local engine
// on any failure. Bad input: 400 with a French message.
import { errorResult, jsonResult, type FunctionHandler } from '../_shared/function-handler.ts';
import { llmConfigFromEnv } from '../_shared/llm.ts';
import { parseGenerateTrainingInput } from '../_shared/training-input.ts';
import { localRecommendations, recommendWithLlm } from '../_shared/training-recommend.ts';

export const handle: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST')
    return errorResult(405, 'method_not_allowed', 'Méthode non autorisée : utilisez POST');
  const input = parseGenerateTrainingInput(req.body);
  if (!input.ok) return errorResult(400, 'invalid_input', input.message);
  const llm = llmConfigFromEnv(ctx.env);
  if (llm) {
    const recommendations = await recommendWithLlm(llm, input.value);
    if (recommendations) return jsonResult(200, { recommendations, engine: 'llm' });
  }
  return jsonResult(200, { recommendations: localRecommendations(input.value), engine: 'local' });
};
