// The domain's views as the contract's messages.
import { fromJson, type MessageInitShape } from '@bufbuild/protobuf';
import type {
  AnalyticsSchema,
  ApplicationCardSchema,
  MyApplicationSchema,
  TimelineEntrySchema,
} from '@darmankar/proto/hiring/v1/hiring_pb';
import { ResumeSchema, type Resume } from '@darmankar/proto/resume/v1/resume_pb';
import type { ApplicationCardView, MyApplicationView, TimelineEntryView } from '../domain/application-views.ts';
import type { AnalyticsView } from '../domain/pipeline.ts';
import { changeValue, stateValue } from './enums.ts';

export function cardMessage(view: ApplicationCardView): MessageInitShape<typeof ApplicationCardSchema> {
  return {
    id: view.id,
    postingId: view.postingId,
    resumeId: view.resumeId,
    step: view.step,
    read: view.read,
    applicant: {
      firstName: view.applicant.firstName,
      lastName: view.applicant.lastName,
      pictureFileId: view.applicant.pictureFileId ?? undefined,
      latestJobTitle: view.applicant.latestJobTitle,
      province: view.applicant.province,
      city: view.applicant.city,
      duplicateHint: view.applicant.duplicateHint,
    },
    appliedAt: view.appliedAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    version: view.version,
    rejectionReason: view.rejectionReason ?? undefined,
    rejectionDescription: view.rejectionDescription ?? undefined,
  };
}

export function timelineMessage(entry: TimelineEntryView): MessageInitShape<typeof TimelineEntrySchema> {
  return { change: changeValue(entry.change), step: entry.step, at: entry.at.toISOString() };
}

export function myApplicationMessage(view: MyApplicationView): MessageInitShape<typeof MyApplicationSchema> {
  return {
    id: view.id,
    postingId: view.postingId,
    resumeId: view.resumeId,
    state: stateValue(view.state),
    step: view.step,
    read: view.read,
    appliedAt: view.appliedAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    timeline: view.timeline.map(timelineMessage),
    postingTitle: view.postingTitle,
    postingSlug: view.postingSlug,
    jobCategory: view.jobCategory,
    employerId: view.employerId,
    employerBrand: view.employerBrand,
    employerSlug: view.employerSlug,
    employerLogoFileId: view.employerLogoFileId ?? undefined,
    cancellable: view.cancellable,
    rejectionReason: view.rejectionReason ?? undefined,
  };
}

/** The resume as applied, from its JSON copy (fields a later contract dropped are ignored). */
export function resumeMessage(snapshot: unknown): Resume {
  return fromJson(ResumeSchema, snapshot as Parameters<typeof fromJson>[1], { ignoreUnknownFields: true });
}

export function analyticsMessage(view: AnalyticsView): MessageInitShape<typeof AnalyticsSchema> {
  return { total: view.total, applicationsPerDay: view.applicationsPerDay, steps: view.steps };
}
