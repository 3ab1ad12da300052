// ping: answered by the gateway alone, no service behind it (the floor of the benchmark).
import { defineRoute, type RouteDefinition } from '../http/route.ts';
import { pongResponse } from './schemas.ts';

const PONG = { pong: true } as const;

export function pingRoutes(): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/ping',
      summary: 'Is the gateway answering?',
      tag: 'sessions',
      session: 'none',
      responses: [{ status: 200, description: 'Pong', body: pongResponse }],
      errors: [],
      handle: async () => PONG,
    }),
  ];
}
