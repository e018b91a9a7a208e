export const experts = {} as const;
