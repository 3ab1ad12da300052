// Development only (never mounted when NODE_ENV=production): the messages the services'
// development outboxes "sent" (auth's codes, the notification service's messages), merged newest
// first, so a person can log in and read notifications without a real SMS provider or mailbox.
import type { Logger } from 'pino';
import { z } from 'zod';
import { defineRoute, type CallMeta, type RouteDefinition } from '../http/route.ts';

export interface DevOutboxMessage {
  channel: string;
  to: string;
  subject: string;
  text: string;
  code: string;
  createdAt: string;
}

/** A service's development outbox: its messages to a cellphone or email address. */
export type DevOutboxReader = (to: string, meta: CallMeta) => Promise<DevOutboxMessage[]>;

const outboxQuery = z.object({
  to: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .meta({ description: 'A cellphone (any accepted spelling) or an email address.' }),
});

const outboxResponse = z.object({
  messages: z.array(
    z.object({
      channel: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      code: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
});

export function devOutboxRoutes(readers: readonly DevOutboxReader[], log: Logger): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/outbox',
      summary: 'Development outbox: messages sent to a cellphone or email (codes and notifications), newest first',
      tag: 'development',
      session: 'none',
      query: outboxQuery,
      responses: [{ status: 200, description: 'Messages, newest first', body: outboxResponse }],
      errors: ['EXC_API_NOT_FOUND'],
      async handle({ query, meta }) {
        const answers = await Promise.allSettled(readers.map((read) => read(query.to, meta)));
        const read = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
        // One outbox that cannot answer leaves the others readable (a login code while the
        // notification service is down); none answering is the failure of the first.
        const failed = answers.find((answer) => answer.status === 'rejected');
        if (read.length === 0 && failed) throw failed.reason;
        if (failed) log.warn({ err: failed.reason }, 'a development outbox did not answer');
        const messages = read.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        return { messages };
      },
    }),
  ];
}
