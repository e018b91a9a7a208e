export const sync = {} as const;
