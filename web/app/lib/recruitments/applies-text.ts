// What an application reads as, in the page's language: its state, the kind of step it moved
// to, and each line of its timeline (the rejection with its reason's title from the closed list).
import type { MessageKey, Translate } from '../../i18n/index.ts';
import { listTitle } from '../closed-lists.ts';
import { formatJalaliDate } from '../format.ts';
import type { Locale } from '../locale.ts';
import { APPLY_STATES, STEP_KINDS, type ApplyState, type ApplyTimelineEntry, type MyApply } from './applies-types.ts';

export function stateText(state: ApplyState | string, t: Translate): string {
  return (APPLY_STATES as readonly string[]).includes(state) ? t(`myApplies.state.${state as ApplyState}`) : state;
}

/**
 * A step by its kind (review, interview, offer…): the applicant learns where they stand, not the
 * names the employer gives their steps for themselves.
 */
export function stepKindText(step: { kind: string; name: string }, t: Translate): string {
  return (STEP_KINDS as readonly string[]).includes(step.kind)
    ? t(`myApplies.kind.${step.kind}` as MessageKey)
    : step.name;
}

/** The rejection reason's title in the page's language; null without one. */
export function rejectionReasonText(reason: string | null, locale: Locale): string | null {
  return listTitle('rejectionReasons', reason, locale);
}

export interface TimelineLine {
  key: string;
  text: string;
  date: string;
  at: string;
}

/**
 * The timeline as the applicant reads it, oldest first. Marking unread is the employer's own
 * bookkeeping and is left out; a rejection carries the application's reason.
 */
export function timelineLines(apply: Pick<MyApply, 'timeline' | 'rejectionReason'>, t: Translate, locale: Locale) {
  const lines: TimelineLine[] = [];
  const entries = [...apply.timeline].sort((a, b) => a.at.localeCompare(b.at));
  entries.forEach((entry: ApplyTimelineEntry, index) => {
    const text = entryText(entry, apply.rejectionReason, t, locale);
    if (text === null) return;
    lines.push({
      key: `${entry.change}-${entry.at}-${index}`,
      text,
      date: formatJalaliDate(new Date(entry.at), locale),
      at: entry.at,
    });
  });
  return lines;
}

function entryText(entry: ApplyTimelineEntry, reason: string | null, t: Translate, locale: Locale): string | null {
  switch (entry.change) {
    case 'applied':
      return t('myApplies.change.applied');
    case 'read':
      return t('myApplies.change.read');
    case 'moved':
      return t('myApplies.change.moved', { step: stepKindText(entry.step, t) });
    case 'rejected': {
      const title = rejectionReasonText(reason, locale);
      return title ? t('myApplies.change.rejectedReason', { reason: title }) : t('myApplies.change.rejected');
    }
    case 'cancelled':
      return t('myApplies.change.cancelled');
    default:
      return null;
  }
}
