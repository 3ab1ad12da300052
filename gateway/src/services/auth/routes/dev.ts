// Development only (never mounted when NODE_ENV=production): the messages the development
// SMS and email outbox "sent", so a person can log in without a real SMS provider.
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { AuthAdapter } from '../client.ts';
import { outboxQuery, outboxResponse } from '../schemas.ts';

export function devRoutes(auth: AuthAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/outbox',
      summary: 'Development outbox: messages sent to a cellphone or email, newest first',
      tag: 'development',
      session: 'none',
      query: outboxQuery,
      responses: [{ status: 200, description: 'Messages, newest first', body: outboxResponse }],
      errors: ['EXC_API_NOT_FOUND'],
      async handle({ query, meta }) {
        return { messages: await auth.devOutbox(query.to, meta) };
      },
    }),
  ];
}
