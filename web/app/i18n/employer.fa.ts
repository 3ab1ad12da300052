// Persian text of the employer screens; merged into the one catalogue in fa.ts.
export const employerFa = {
} as const;
