// The hiring template every employer starts with: the employer service creates it with these
// names, and the web app recognises them to show them in the page's language (a step renamed
// by the employer is theirs and shows as typed). Browser-safe: no Node imports.

/** in_review, interview, offer, accepted or rejected. */
export type DefaultStepKind = 'in_review' | 'interview' | 'offer' | 'accepted' | 'rejected';

export const DEFAULT_TEMPLATE_NAME = 'فرایند استخدام پیش‌فرض';

export const DEFAULT_STEPS: readonly { name: string; kind: DefaultStepKind }[] = [
  { name: 'در حال بررسی', kind: 'in_review' },
  { name: 'مصاحبه', kind: 'interview' },
  { name: 'پیشنهاد همکاری', kind: 'offer' },
  { name: 'پذیرفته شده', kind: 'accepted' },
  { name: 'رد شده', kind: 'rejected' },
];

/** Whether `name` is the default name of a step of `kind` (as created, not renamed). */
export function isDefaultStepName(name: string, kind: string): boolean {
  return DEFAULT_STEPS.some((step) => step.kind === kind && step.name === name);
}
