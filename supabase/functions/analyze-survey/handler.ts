// analyze-survey (02 §2.19, §7.4): surveyData {departments, toolsSatisfaction, responses} →
// { recommendations, engine }. The local rules engine by default (survey-analysis.ts); the
// configured OpenAI-compatible model when OPENAI_API_KEY is set, falling back to the local engine
// on any failure. Bad input: 400 with a French message.
import { errorResult, jsonResult, type FunctionHandler } from '../_shared/function-handler.ts';
import { llmConfigFromEnv } from '../_shared/llm.ts';
import { localSurveyRecommendations, surveyInsights } from '../_shared/survey-analysis.ts';
import { parseAnalyzeSurveyInput } from '../_shared/survey-input.ts';
import { analyzeSurveyWithLlm } from '../_shared/survey-llm.ts';

export const handle: FunctionHandler = async (req, ctx) => {
  if (req.method !== 'POST')
    return errorResult(405, 'method_not_allowed', 'Méthode non autorisée : utilisez POST');
  const input = parseAnalyzeSurveyInput(req.body);
  if (!input.ok) return errorResult(400, 'invalid_input', input.message);
  if (input.value.responses.length === 0)
    return jsonResult(200, { recommendations: [], engine: 'local' });
  const llm = llmConfigFromEnv(ctx.env);
  if (llm) {
    const recommendations = await analyzeSurveyWithLlm(
      llm,
      input.value,
      surveyInsights(input.value),
    );
    if (recommendations) return jsonResult(200, { recommendations, engine: 'llm' });
  }
  return jsonResult(200, {
    recommendations: localSurveyRecommendations(input.value),
    engine: 'local',
  });
};
