export const companies = {} as const;
