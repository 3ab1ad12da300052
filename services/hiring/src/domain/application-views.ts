// An application as each side sees it: the employer's card (with the step as the template now
// names it) and the applicant's view with its timeline.
import type { ApplicationRow, HistoryRow } from '../db/client.ts';
import { isCancellable, type ApplicationChange, type ApplicationState } from './application-rules.ts';
import type { StepKind, StepRef, TemplateRef } from './ports.ts';

export interface ApplicantCardView {
  firstName: string;
  lastName: string;
  pictureFileId: string | null;
  latestJobTitle: string;
  province: string;
  city: string;
  duplicateHint: boolean;
}

export interface ApplicationCardView {
  id: string;
  postingId: string;
  resumeId: string;
  step: StepRef;
  read: boolean;
  applicant: ApplicantCardView;
  appliedAt: Date;
  updatedAt: Date;
  version: bigint;
  rejectionReason: string | null;
  rejectionDescription: string | null;
}

export interface TimelineEntryView {
  change: ApplicationChange;
  step: StepRef;
  at: Date;
}

export interface MyApplicationView {
  id: string;
  postingId: string;
  resumeId: string;
  state: ApplicationState;
  step: StepRef;
  read: boolean;
  appliedAt: Date;
  updatedAt: Date;
  timeline: TimelineEntryView[];
  postingTitle: string;
  postingSlug: string;
  jobCategory: string;
  employerId: string;
  employerBrand: string;
  employerSlug: string;
  employerLogoFileId: string | null;
  cancellable: boolean;
  rejectionReason: string | null;
}

const storedStep = (row: { stepId: string; stepName: string; stepKind: string }): StepRef => ({
  id: row.stepId,
  name: row.stepName,
  kind: row.stepKind as StepKind,
});

/** The step as the template names it now, or as stored when it is no longer in the template. */
export function currentStep(row: ApplicationRow, template: TemplateRef | null): StepRef {
  return template?.steps.find((step) => step.id === row.stepId) ?? storedStep(row);
}

export function cardView(
  row: ApplicationRow,
  template: TemplateRef | null,
  duplicates: Set<string>,
): ApplicationCardView {
  return {
    id: row.id,
    postingId: row.postingId,
    resumeId: row.resumeId,
    step: currentStep(row, template),
    read: row.read,
    applicant: {
      firstName: row.firstName,
      lastName: row.lastName,
      pictureFileId: row.pictureFileId,
      latestJobTitle: row.latestJobTitle,
      province: row.province,
      city: row.city,
      duplicateHint: duplicates.has(row.id),
    },
    appliedAt: row.appliedAt,
    updatedAt: row.updatedAt,
    version: row.version,
    rejectionReason: row.rejectionReason,
    rejectionDescription: row.rejectionDescription,
  };
}

export function timelineView(history: HistoryRow[]): TimelineEntryView[] {
  return history.map((entry) => ({ change: entry.change as ApplicationChange, step: storedStep(entry), at: entry.at }));
}

/**
 * The applicant's timeline: the first opening stands for "read"; later reads, and the
 * employer marking it unread again, are the employer's own bookkeeping.
 */
function applicantTimeline(history: HistoryRow[]): TimelineEntryView[] {
  let opened = false;
  return timelineView(
    history.filter((entry) => {
      if (entry.change === 'unread') return false;
      if (entry.change !== 'read') return true;
      if (opened) return false;
      opened = true;
      return true;
    }),
  );
}

export function myView(row: ApplicationRow, history: HistoryRow[]): MyApplicationView {
  const state = row.state as ApplicationState;
  return {
    id: row.id,
    postingId: row.postingId,
    resumeId: row.resumeId,
    state,
    step: storedStep(row),
    read: row.firstReadAt !== null,
    appliedAt: row.appliedAt,
    updatedAt: row.updatedAt,
    timeline: applicantTimeline(history),
    postingTitle: row.postingTitle,
    postingSlug: row.postingSlug,
    jobCategory: row.jobCategory,
    employerId: row.employerId,
    employerBrand: row.employerBrand,
    employerSlug: row.employerSlug,
    employerLogoFileId: row.employerLogoFileId,
    cancellable: isCancellable(state),
    rejectionReason: row.rejectionReason,
  };
}
