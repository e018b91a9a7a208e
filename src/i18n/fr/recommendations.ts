export const recommendations = {} as const;
