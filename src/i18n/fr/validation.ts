export const validation = {} as const;
