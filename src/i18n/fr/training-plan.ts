export const trainingPlan = {} as const;
