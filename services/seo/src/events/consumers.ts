// What this service learns from other services' events: published postings and employers
// (the sitemaps) and resume slugs (profile links). Each event is handled once (handleOnce, in
// the transaction that writes its effects): a redelivery writes nothing.
import {
  decodeBusMessage,
  handleOnce,
  inPgTransaction,
  pgExecutor,
  type BusMessage,
  type Consumer,
  type EventBus,
} from '@darmankar/platform/events/index';
import { EmployerCreatedSchema, EmployerUpdatedSchema } from '@darmankar/proto/employer/v1/events_pb';
import { PostingChangedSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import { ResumeCreatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import type pg from 'pg';
import type { Listings } from '../domain/listings.ts';
import type { Sql } from '../domain/sql.ts';

export const GROUP = 'seo';

export const TOPICS = ['recruitment.posting.v1', 'employer.employer.v1', 'resume.resume.v1'] as const;

type Handler = (sql: Sql, message: BusMessage) => Promise<void>;

function handlers(listings: Listings): Record<string, Handler> {
  return {
    [PostingChangedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(PostingChangedSchema, m);
      return listings.postingChanged(sql, {
        postingId: e.postingId,
        version: e.version,
        status: e.status,
        slug: e.slug,
        jobCategory: e.jobCategory,
        at: m.occurredAt,
      });
    },
    [EmployerCreatedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(EmployerCreatedSchema, m);
      return listings.employerChanged(sql, e.employerId, e.slug, m.occurredAt);
    },
    [EmployerUpdatedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(EmployerUpdatedSchema, m);
      return listings.employerChanged(sql, e.employerId, e.slug, m.occurredAt);
    },
    [ResumeCreatedSchema.typeName]: (sql, m) => {
      const e = decodeBusMessage(ResumeCreatedSchema, m);
      return listings.resumeCreated(sql, e.resumeId, e.slug);
    },
  };
}

export function consumeEvents(bus: EventBus, pool: pg.Pool, listings: Listings): Promise<Consumer> {
  const byType = handlers(listings);
  return bus.subscribe({
    group: GROUP,
    topics: [...TOPICS],
    handler: async (message) => {
      const handle = byType[message.type];
      if (!handle) return;
      await inPgTransaction(pool, (client) =>
        handleOnce(pgExecutor(client), GROUP, message, () => handle(client as unknown as Sql, message)),
      );
    },
  });
}
