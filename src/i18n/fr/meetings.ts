export const meetings = {} as const;
