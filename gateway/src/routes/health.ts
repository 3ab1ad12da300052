// Probes for Kubernetes, outside /api. Both stay local to this process: an outage of one
// service must not take every gateway pod out of service (its routes answer 503 on their own,
// quickly), so readiness only reports each service's health, it does not depend on it.
import { z } from 'zod';
import { defineRoute, type RouteDefinition } from '../http/route.ts';

const HEALTH_DEADLINE_MS = 500;

export interface ServiceHealth {
  name: string;
  isServing(timeoutMs: number): Promise<boolean>;
}

const serviceStates = z
  .record(z.string(), z.enum(['serving', 'unavailable']))
  .meta({ description: 'Each service’s gRPC health, for operators; it does not decide readiness.' });

export function healthRoutes(services: readonly ServiceHealth[]): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'],
      path: '/healthz',
      summary: 'Liveness: the gateway process is up',
      tag: 'probes',
      session: 'none',
      responses: [{ status: 200, description: 'Alive', body: z.object({ status: z.literal('ok') }) }],
      errors: [],
      handle: async () => ({ status: 'ok' as const }),
    }),
    defineRoute({
      methods: ['get'],
      path: '/readyz',
      summary: 'Readiness: the gateway takes traffic; each service’s health is reported beside it',
      tag: 'probes',
      session: 'none',
      responses: [
        { status: 200, description: 'Ready', body: z.object({ status: z.literal('ready'), services: serviceStates }) },
      ],
      errors: [],
      async handle() {
        const states = await Promise.all(
          services.map(
            async (service) =>
              [service.name, (await service.isServing(HEALTH_DEADLINE_MS)) ? 'serving' : 'unavailable'] as const,
          ),
        );
        return { status: 'ready' as const, services: Object.fromEntries(states) };
      },
    }),
  ];
}
