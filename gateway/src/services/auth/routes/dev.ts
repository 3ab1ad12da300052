// Development only (never mounted when NODE_ENV=production): the messages the development
// SMS and email outbox "sent", so a person can log in without a real SMS provider. Auth's own
// (codes) and those of the services that add theirs (notifications), merged newest first.
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import type { ModuleContext } from '../../module.ts';
import type { AuthAdapter } from '../client.ts';
import { devOutboxSources } from '../dev-outbox-sources.ts';
import { outboxQuery, outboxResponse } from '../schemas.ts';

export function devRoutes(auth: AuthAdapter, context: ModuleContext): RouteDefinition[] {
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
        const own = await auth.devOutbox(query.to, meta);
        // Another service's outbox that cannot answer leaves auth's codes readable.
        const others = await Promise.all(
          devOutboxSources(context).map((source) =>
            source(query.to, meta).catch((error: unknown) => {
              context.log.warn({ err: error }, 'a development outbox did not answer');
              return [];
            }),
          ),
        );
        const messages = [...own, ...others.flat()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        return { messages };
      },
    }),
  ];
}
