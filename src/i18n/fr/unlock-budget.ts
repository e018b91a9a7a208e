export const unlockBudget = {} as const;
