// Input check of analyze-survey (02 §7.4): surveyData {departments [{name, count}],
// toolsSatisfaction [{status, count}], responses [{department, responses, improvement}]}, the
// contract of src/domain/contracts.ts. A bad body is a 400 with { error: 'invalid_input', message }
// and a French message naming what is wrong.
import {
  analyzeSurveyRequestSchema,
  DEPARTMENTS,
  TOOLS_SATISFACTION,
  type Department,
  type ToolsSatisfaction,
} from '../../../src/domain/contracts.ts';
import { messages } from '../../../src/domain/messages.ts';

export type SurveyAnswer = string | string[];

export type SurveyAnalysisInput = {
  departments: { name: Department; count: number }[];
  toolsSatisfaction: { status: ToolsSatisfaction; count: number }[];
  responses: {
    department: Department;
    responses: Record<string, SurveyAnswer>;
    improvement: string;
  }[];
};

export type SurveyInputResult =
  { ok: true; value: SurveyAnalysisInput } | { ok: false; message: string };

/** French messages of the 400 answers (ours: the documents do not word them). */
export const SURVEY_INPUT_MESSAGES = {
  body: messages.invalidForm,
  surveyData: 'Les données du sondage sont manquantes (surveyData)',
  departments: 'La liste des services du sondage est invalide',
  toolsSatisfaction: 'La satisfaction vis-à-vis des outils est invalide',
  responses: 'Les réponses du sondage sont invalides',
} as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const asDepartment = (name: string): Department =>
  (DEPARTMENTS as readonly string[]).includes(name) ? (name as Department) : 'other';

export function parseAnalyzeSurveyInput(body: unknown): SurveyInputResult {
  if (!isObject(body)) return { ok: false, message: SURVEY_INPUT_MESSAGES.body };
  if (!isObject(body.surveyData)) return { ok: false, message: SURVEY_INPUT_MESSAGES.surveyData };
  const parsed = analyzeSurveyRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[1];
    if (
      issue?.code === 'too_big' &&
      typeof issue.maximum === 'number' &&
      issue.origin === 'string'
    ) {
      return { ok: false, message: messages.tooLong(issue.maximum) };
    }
    const key =
      field === 'departments' || field === 'toolsSatisfaction' || field === 'responses'
        ? field
        : 'surveyData';
    return { ok: false, message: SURVEY_INPUT_MESSAGES[key] };
  }
  const data = parsed.data.surveyData;
  // Departments outside the eight count as 'other'; unknown tools answers are left out.
  const departments = new Map<Department, number>();
  for (const d of data.departments) {
    const code = asDepartment(d.name);
    departments.set(code, (departments.get(code) ?? 0) + d.count);
  }
  const tools = new Map<ToolsSatisfaction, number>();
  for (const t of data.toolsSatisfaction) {
    if ((TOOLS_SATISFACTION as readonly string[]).includes(t.status)) {
      const status = t.status as ToolsSatisfaction;
      tools.set(status, (tools.get(status) ?? 0) + t.count);
    }
  }
  return {
    ok: true,
    value: {
      departments: [...departments].map(([name, count]) => ({ name, count })),
      toolsSatisfaction: [...tools].map(([status, count]) => ({ status, count })),
      responses: data.responses.map((r) => ({
        department: asDepartment(r.department),
        responses: r.responses,
        improvement: (r.improvement ?? '').trim(),
      })),
    },
  };
}
