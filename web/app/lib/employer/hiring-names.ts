// The default hiring template and its steps are created with Persian names (see
// @darmankar/platform/hiring-defaults); shown, they read in the page's language. A name the
// employer typed is theirs and shows as typed. Forms keep the stored name.
import { DEFAULT_TEMPLATE_NAME, isDefaultStepName, type DefaultStepKind } from '@darmankar/platform/hiring-defaults';
import type { MessageKey, Translate } from '../../i18n/index.ts';

const DEFAULT_STEP_KEYS: Record<DefaultStepKind, MessageKey> = {
  in_review: 'employer.defaultStep.in_review',
  interview: 'employer.defaultStep.interview',
  offer: 'employer.defaultStep.offer',
  accepted: 'employer.defaultStep.accepted',
  rejected: 'employer.defaultStep.rejected',
};

export function stepLabel(step: { name: string; kind: string }, t: Translate): string {
  return isDefaultStepName(step.name, step.kind) ? t(DEFAULT_STEP_KEYS[step.kind as DefaultStepKind]) : step.name;
}

export function templateLabel(template: { name: string }, t: Translate): string {
  return template.name === DEFAULT_TEMPLATE_NAME ? t('employer.defaultTemplate') : template.name;
}
