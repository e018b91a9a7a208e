export const trainingExplainer = {} as const;
