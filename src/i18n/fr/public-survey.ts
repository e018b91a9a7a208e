export const publicSurvey = {} as const;
