export const booking = {} as const;
