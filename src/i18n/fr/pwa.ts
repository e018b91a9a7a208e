export const pwa = {} as const;
