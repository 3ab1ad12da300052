// The hiring service's messages as the JSON of the REST contract: applications for their
// applicant (MyApply) and for the employer (ApplyCard), steps, timelines, pages and analytics.
// Enums become lower-case words, absent optionals null, every key present. A value the contract
// does not name (a new enum member, an unknown step kind) throws: the route answers 500 and the
// log says what, rather than a client reading a shape it was never told about.
import type { PageInfo } from '@darmankar/proto/common/v1/common_pb';
import {
  ApplicationChange,
  ApplicationState,
  type Analytics,
  type ApplicationCard,
  type MyApplication,
  type Step,
  type TimelineEntry,
} from '@darmankar/proto/hiring/v1/hiring_pb';
import type { z } from 'zod';
import {
  APPLY_STATES,
  REJECTION_REASONS,
  STEP_KINDS,
  type analyticsResponse,
  type applyCardSchema,
  type myApplySchema,
  type stepSchema,
  type timelineEntrySchema,
} from './schemas.ts';

export type StepJson = z.input<typeof stepSchema>;
export type TimelineEntryJson = z.input<typeof timelineEntrySchema>;
export type MyApplyJson = z.input<typeof myApplySchema>;
export type ApplyCardJson = z.input<typeof applyCardSchema>;
export type AnalyticsJson = z.input<typeof analyticsResponse>['recruitment'];
export type PageInfoJson = { page: number; pageSize: number; total: number };
export type ApplyState = (typeof APPLY_STATES)[number];

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

function known<T extends string>(words: readonly T[], value: string, what: string): T {
  if (!(words as readonly string[]).includes(value))
    throw new RangeError(
      `the hiring service answered ${what} ${JSON.stringify(value)}, which the contract does not name`,
    );
  return value as T;
}

const STATE_WORDS: Record<ApplicationState, ApplyState | undefined> = {
  [ApplicationState.UNSPECIFIED]: undefined,
  [ApplicationState.IN_PROGRESS]: 'in_progress',
  [ApplicationState.ACCEPTED]: 'accepted',
  [ApplicationState.REJECTED]: 'rejected',
  [ApplicationState.CANCELLED]: 'cancelled',
};

const CHANGE_WORDS: Record<ApplicationChange, TimelineEntryJson['change'] | undefined> = {
  [ApplicationChange.UNSPECIFIED]: undefined,
  [ApplicationChange.APPLIED]: 'applied',
  [ApplicationChange.READ]: 'read',
  [ApplicationChange.UNREAD]: 'unread',
  [ApplicationChange.MOVED]: 'moved',
  [ApplicationChange.REJECTED]: 'rejected',
  [ApplicationChange.CANCELLED]: 'cancelled',
};

function word<E extends number, W>(words: Record<E, W | undefined>, value: E, what: string): W {
  const found = words[value];
  if (found === undefined)
    throw new RangeError(`the hiring service answered ${what} ${value}, which the contract does not name`);
  return found;
}

/** A state word of a query as the contract's enum (absent: every state). */
export function stateOf(state: ApplyState | undefined): ApplicationState {
  if (state === undefined) return ApplicationState.UNSPECIFIED;
  return Number(Object.entries(STATE_WORDS).find(([, each]) => each === state)![0]) as ApplicationState;
}

export function stepJson(step: Step | undefined): StepJson {
  return {
    id: step?.id ?? '',
    name: step?.name ?? '',
    kind: known(STEP_KINDS, step?.kind ?? '', 'step kind'),
  };
}

export function timelineJson(entry: TimelineEntry): TimelineEntryJson {
  return { change: word(CHANGE_WORDS, entry.change, 'timeline change'), step: stepJson(entry.step), at: entry.at };
}

const reasonOrNull = (reason: string | undefined) =>
  reason === undefined || reason === '' ? null : known(REJECTION_REASONS, reason, 'rejection reason');

export function myApplyJson(application: MyApplication): MyApplyJson {
  return {
    id: application.id,
    recruitmentId: application.postingId,
    resumeId: application.resumeId,
    state: word(STATE_WORDS, application.state, 'application state'),
    step: stepJson(application.step),
    read: application.read,
    appliedAt: application.appliedAt,
    updatedAt: application.updatedAt,
    cancellable: application.cancellable,
    rejectionReason: reasonOrNull(application.rejectionReason),
    recruitment: {
      title: application.postingTitle,
      slug: application.postingSlug,
      jobCategory: application.jobCategory,
      employer: {
        id: application.employerId,
        brand: application.employerBrand,
        slug: application.employerSlug,
        logoFileId: orNull(application.employerLogoFileId),
      },
    },
    timeline: application.timeline.map(timelineJson),
  };
}

export function applyCardJson(card: ApplicationCard): ApplyCardJson {
  const applicant = card.applicant;
  return {
    id: card.id,
    recruitmentId: card.postingId,
    resumeId: card.resumeId,
    step: stepJson(card.step),
    read: card.read,
    version: Number(card.version),
    appliedAt: card.appliedAt,
    updatedAt: card.updatedAt,
    rejectionReason: reasonOrNull(card.rejectionReason),
    rejectionDescription: orNull(card.rejectionDescription),
    applicant: {
      firstName: applicant?.firstName ?? '',
      lastName: applicant?.lastName ?? '',
      pictureFileId: orNull(applicant?.pictureFileId),
      latestJobTitle: applicant?.latestJobTitle ?? '',
      province: applicant?.province ?? '',
      city: applicant?.city ?? '',
      duplicateHint: applicant?.duplicateHint ?? false,
    },
  };
}

export const pageInfoJson = (page: PageInfo | undefined): PageInfoJson => ({
  page: page?.page ?? 1,
  pageSize: page?.pageSize ?? 0,
  total: Number(page?.total ?? 0n),
});

export function analyticsJson(analytics: Analytics | undefined): AnalyticsJson {
  return {
    total: analytics?.total ?? 0,
    applicationsPerDay: (analytics?.applicationsPerDay ?? []).map(({ date, count }) => ({ date, count })),
    steps: (analytics?.steps ?? []).map((each) => ({
      step: stepJson(each.step),
      left: each.left,
      averageHours: each.averageHours,
      medianHours: each.medianHours,
      current: each.current,
    })),
  };
}
