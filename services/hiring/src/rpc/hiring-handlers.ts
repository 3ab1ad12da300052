// gRPC handlers: parse the request, call the domain, shape the answer.
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import { ApplicationState, type ApplicationFilter, type HiringService } from '@darmankar/proto/hiring/v1/hiring_pb';
import type { FilterInput } from '../domain/application-rules.ts';
import type { Applications } from '../domain/applications.ts';
import type { Pipeline } from '../domain/pipeline.ts';
import { stateWordOf } from './enums.ts';
import { analyticsMessage, cardMessage, myApplicationMessage, resumeMessage, timelineMessage } from './messages.ts';

const filterOf = (filter: ApplicationFilter | undefined): FilterInput => ({
  stepId: filter?.stepId ?? '',
  read: filter?.read,
  text: filter?.text ?? '',
  appliedFrom: filter?.appliedFrom ?? '',
  appliedTo: filter?.appliedTo ?? '',
});

const pageInfo = (listed: { page: number; pageSize: number; total: number }) => ({
  page: listed.page,
  pageSize: listed.pageSize,
  total: BigInt(listed.total),
});

export function hiringHandlers(domain: {
  applications: Applications;
  pipeline: Pipeline;
}): ServiceHandlers<typeof HiringService> {
  const { applications, pipeline } = domain;
  return {
    async apply(request, context) {
      return {
        application: myApplicationMessage(
          await applications.apply(context.userId, request.postingId, request.resumeId),
        ),
      };
    },
    async listMyApplications(request, context) {
      const state = request.state === ApplicationState.UNSPECIFIED ? undefined : stateWordOf(request.state);
      const listed = await applications.listMine(context.userId, request.resumeId, state, {
        page: request.page?.page,
        pageSize: request.page?.pageSize,
      });
      return { items: listed.items.map(myApplicationMessage), page: pageInfo(listed) };
    },
    async getMyApplicationSummary(request, context) {
      return applications.summary(context.userId, request.resumeId);
    },
    async getMyApplicationForPosting(request, context) {
      const found = await applications.forPosting(context.userId, request.postingId);
      return found ? { application: myApplicationMessage(found) } : {};
    },
    async cancelApplication(request, context) {
      return {
        application: myApplicationMessage(
          await applications.cancel(context.userId, request.resumeId, request.applicationId),
        ),
      };
    },

    async getFlow(request, context) {
      return pipeline.flow(context.userId, request.postingId);
    },
    async listApplications(request, context) {
      const listed = await pipeline.list(context.userId, request.postingId, filterOf(request.filter), {
        page: request.page?.page,
        pageSize: request.page?.pageSize,
        order: request.page?.order,
      });
      return { items: listed.items.map(cardMessage), page: pageInfo(listed) };
    },
    async getApplication(request, context) {
      const found = await pipeline.get(context.userId, request.postingId, request.applicationId, request.stepId);
      return {
        application: cardMessage(found.card),
        resume: resumeMessage(found.resume),
        timeline: found.timeline.map(timelineMessage),
        viewers: found.viewers.map((viewer) => ({ userId: viewer.userId, viewedAt: viewer.viewedAt.toISOString() })),
      };
    },
    async markRead(request, context) {
      return {
        application: cardMessage(
          await pipeline.markRead(context.userId, request.postingId, request.applicationId, request.read),
        ),
      };
    },
    async getNeighbours(request, context) {
      const found = await pipeline.neighbours(
        context.userId,
        request.postingId,
        request.applicationId,
        filterOf(request.filter),
        request.order,
      );
      return {
        previousId: found.previousId ?? undefined,
        nextId: found.nextId ?? undefined,
        position: found.position,
        total: found.total,
      };
    },
    async moveApplications(request, context) {
      const items = await pipeline.move(
        context.userId,
        request.postingId,
        request.applicationIds,
        request.stepId,
        request.expectedVersion,
      );
      return { items: items.map(cardMessage) };
    },
    async rejectApplications(request, context) {
      const items = await pipeline.reject(
        context.userId,
        request.postingId,
        request.applicationIds,
        request.reason,
        request.description,
        request.expectedVersion,
      );
      return { items: items.map(cardMessage) };
    },
    async issueApplicationFileLink(request, context) {
      const link = await pipeline.fileLink(context.userId, request.postingId, request.applicationId);
      return { path: link.path, expiresAtSeconds: BigInt(link.expiresAtSeconds), fileName: link.fileName };
    },
    async getAnalytics(request, context) {
      const found = await pipeline.analytics(context.userId, request.postingId, request.days);
      return {
        posting: analyticsMessage(found.posting),
        template: analyticsMessage(found.template),
        templateName: found.templateName,
      };
    },
  };
}
