export const referral = {} as const;
