import type { resumeFa } from './resume.fa.ts';

// English text of the resume screens: the same keys as resume.fa.ts.
export const resumeEn: Record<keyof typeof resumeFa, string> = {
};
