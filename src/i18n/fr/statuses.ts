export const statuses = {} as const;
