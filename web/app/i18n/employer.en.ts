import type { employerFa } from './employer.fa.ts';

// English text of the employer screens: the same keys as employer.fa.ts.
export const employerEn: Record<keyof typeof employerFa, string> = {
};
