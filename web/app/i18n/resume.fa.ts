// Persian text of the resume screens; merged into the one catalogue in fa.ts.
export const resumeFa = {
} as const;
