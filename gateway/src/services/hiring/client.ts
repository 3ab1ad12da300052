// The one adapter between the gateway and the hiring service: REST-shaped calls in, gRPC calls
// out, protobuf messages turned into the contract's JSON (./apply-json.ts). The resume of an
// application is answered exactly as the resume module answers one resume (its resumeJson).
import type { MessageInitShape } from '@bufbuild/protobuf';
import { createClient, createHealthChecker, type CallOptions, type ClientOptions } from '@darmankar/platform/grpc';
import { HiringService, type ApplicationFilterSchema } from '@darmankar/proto/hiring/v1/hiring_pb';
import type { z } from 'zod';
import type { CallMeta } from '../../http/route.ts';
import { resumeJson } from '../resume/client.ts';
import {
  analyticsJson,
  applyCardJson,
  myApplyJson,
  pageInfoJson,
  stateOf,
  stepJson,
  timelineJson,
  type ApplyCardJson,
  type MyApplyJson,
  type PageInfoJson,
} from './apply-json.ts';
import type {
  analyticsResponse,
  applyDetailResponse,
  FilterQuery,
  flowResponse,
  listQuery,
  myAppliesQuery,
  mySummaryResponse,
  neighboursResponse,
  fileLinkResponse,
} from './schemas.ts';

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});

/** The REST order words as the service's (`applied_at`, `-applied_at`); absent leaves its default. */
const ORDERS = { appliedAt: 'applied_at', '-appliedAt': '-applied_at' } as const;

function filterOf(query: FilterQuery): MessageInitShape<typeof ApplicationFilterSchema> {
  return {
    stepId: query.stepId ?? '',
    read: query.read,
    text: query.text,
    appliedFrom: query.appliedFrom,
    appliedTo: query.appliedTo,
  };
}

const orderOf = (query: FilterQuery) => (query.order === undefined ? '' : ORDERS[query.order]);

export interface Page<T> {
  items: T[];
  page: PageInfoJson;
}

export interface HiringAdapter {
  // The applicant's side
  apply(postingId: string, resumeId: string, meta: CallMeta): Promise<MyApplyJson>;
  mine(postingId: string, meta: CallMeta): Promise<MyApplyJson | null>;
  myApplies(resumeId: string, query: z.output<typeof myAppliesQuery>, meta: CallMeta): Promise<Page<MyApplyJson>>;
  mySummary(resumeId: string, meta: CallMeta): Promise<z.input<typeof mySummaryResponse>>;
  cancel(resumeId: string, applyId: string, meta: CallMeta): Promise<MyApplyJson>;

  // The employer's side
  flow(postingId: string, meta: CallMeta): Promise<z.input<typeof flowResponse>>;
  list(postingId: string, query: z.output<typeof listQuery>, meta: CallMeta): Promise<Page<ApplyCardJson>>;
  open(
    postingId: string,
    applyId: string,
    stepId: string,
    meta: CallMeta,
  ): Promise<z.input<typeof applyDetailResponse>>;
  markRead(postingId: string, applyId: string, read: boolean, meta: CallMeta): Promise<ApplyCardJson>;
  neighbours(
    postingId: string,
    applyId: string,
    query: FilterQuery,
    meta: CallMeta,
  ): Promise<z.input<typeof neighboursResponse>>;
  move(
    postingId: string,
    applyIds: string[],
    stepId: string,
    expectedVersion: number | undefined,
    meta: CallMeta,
  ): Promise<ApplyCardJson[]>;
  reject(
    postingId: string,
    applyIds: string[],
    rejection: { reason: string; description: string; version?: number },
    meta: CallMeta,
  ): Promise<ApplyCardJson[]>;
  fileLink(postingId: string, applyId: string, meta: CallMeta): Promise<z.input<typeof fileLinkResponse>>;
  analytics(postingId: string, days: number, meta: CallMeta): Promise<z.input<typeof analyticsResponse>>;

  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

const version = (value: number | undefined) => (value === undefined ? undefined : BigInt(value));

export function createHiringAdapter(address: string, defaults: ClientOptions): HiringAdapter {
  const client = createClient(HiringService, address, defaults);
  const health = createHealthChecker(address);
  return {
    async apply(postingId, resumeId, meta) {
      return myApplyJson((await client.apply({ postingId, resumeId }, options(meta))).application!);
    },
    async mine(postingId, meta) {
      const { application } = await client.getMyApplicationForPosting({ postingId }, options(meta));
      return application ? myApplyJson(application) : null;
    },
    async myApplies(resumeId, query, meta) {
      const answer = await client.listMyApplications(
        { resumeId, state: stateOf(query.state), page: { page: query.page, pageSize: query.pageSize } },
        options(meta),
      );
      return { items: answer.items.map(myApplyJson), page: pageInfoJson(answer.page) };
    },
    async mySummary(resumeId, meta) {
      const { total, inProgress, accepted, rejected, cancelled, read } = await client.getMyApplicationSummary(
        { resumeId },
        options(meta),
      );
      return { total, inProgress, accepted, rejected, cancelled, read };
    },
    async cancel(resumeId, applyId, meta) {
      const { application } = await client.cancelApplication({ resumeId, applicationId: applyId }, options(meta));
      return myApplyJson(application!);
    },

    async flow(postingId, meta) {
      const answer = await client.getFlow({ postingId }, options(meta));
      return {
        recruitmentId: answer.postingId,
        templateId: answer.templateId,
        templateName: answer.templateName,
        steps: answer.steps.map(({ step, total, unread }) => ({ step: stepJson(step), total, unread })),
        elsewhere: answer.elsewhere,
      };
    },
    async list(postingId, query, meta) {
      const answer = await client.listApplications(
        {
          postingId,
          filter: filterOf(query),
          page: { page: query.page, pageSize: query.pageSize, order: orderOf(query) },
        },
        options(meta),
      );
      return { items: answer.items.map(applyCardJson), page: pageInfoJson(answer.page) };
    },
    async open(postingId, applyId, stepId, meta) {
      const answer = await client.getApplication({ postingId, applicationId: applyId, stepId }, options(meta));
      return {
        apply: applyCardJson(answer.application!),
        resume: resumeJson(answer.resume!),
        timeline: answer.timeline.map(timelineJson),
        viewers: answer.viewers.map(({ userId, viewedAt }) => ({ userId, viewedAt })),
      };
    },
    async markRead(postingId, applyId, read, meta) {
      const { application } = await client.markRead({ postingId, applicationId: applyId, read }, options(meta));
      return applyCardJson(application!);
    },
    async neighbours(postingId, applyId, query, meta) {
      const answer = await client.getNeighbours(
        { postingId, applicationId: applyId, filter: filterOf(query), order: orderOf(query) },
        options(meta),
      );
      return {
        previousId: answer.previousId ?? null,
        nextId: answer.nextId ?? null,
        position: answer.position,
        total: answer.total,
      };
    },
    async move(postingId, applyIds, stepId, expectedVersion, meta) {
      const { items } = await client.moveApplications(
        { postingId, applicationIds: applyIds, stepId, expectedVersion: version(expectedVersion) },
        options(meta),
      );
      return items.map(applyCardJson);
    },
    async reject(postingId, applyIds, rejection, meta) {
      const { items } = await client.rejectApplications(
        {
          postingId,
          applicationIds: applyIds,
          reason: rejection.reason,
          description: rejection.description,
          expectedVersion: version(rejection.version),
        },
        options(meta),
      );
      return items.map(applyCardJson);
    },
    async fileLink(postingId, applyId, meta) {
      const link = await client.issueApplicationFileLink({ postingId, applicationId: applyId }, options(meta));
      return {
        path: link.path,
        expiresAt: new Date(Number(link.expiresAtSeconds) * 1000).toISOString(),
        fileName: link.fileName,
      };
    },
    async analytics(postingId, days, meta) {
      const answer = await client.getAnalytics({ postingId, days }, options(meta));
      return {
        recruitment: analyticsJson(answer.posting),
        template: analyticsJson(answer.template),
        templateName: answer.templateName,
      };
    },

    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
