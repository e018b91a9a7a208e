export const teamSurveys = {} as const;
