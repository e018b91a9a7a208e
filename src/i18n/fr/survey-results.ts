export const surveyResults = {} as const;
