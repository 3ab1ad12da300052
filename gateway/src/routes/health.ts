// Probes for Kubernetes, outside /api: liveness is the process answering; readiness is
// the auth service's gRPC health check answering SERVING within a short deadline.
import { z } from 'zod';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { defineRoute, type RouteDefinition } from '../http/route.ts';
import type { RouteDeps } from './deps.ts';

const READINESS_DEADLINE_MS = 1_000;

export function healthRoutes({ auth }: Pick<RouteDeps, 'auth'>): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/healthz',
      summary: 'Liveness: the gateway process is up',
      tag: 'probes',
      session: 'none',
      responses: [{ status: 200, description: 'Alive', body: z.object({ status: z.literal('ok') }) }],
      errors: [],
      handle: async () => ({ status: 'ok' }),
    }),
    defineRoute({
      methods: ['get'],
      path: '/readyz',
      summary: 'Readiness: the auth service answers its gRPC health check',
      tag: 'probes',
      session: 'none',
      responses: [{ status: 200, description: 'Ready', body: z.object({ status: z.literal('ready') }) }],
      errors: ['EXC_SERVICE_UNAVAILABLE'],
      async handle() {
        if (!(await auth.isServing(READINESS_DEADLINE_MS))) throw new DomainError('EXC_SERVICE_UNAVAILABLE');
        return { status: 'ready' };
      },
    }),
  ];
}
