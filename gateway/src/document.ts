// The public contract, /api/v1's OpenAPI document, built without a running gateway or any
// service: the web app's generated types and the contract checks read it from here.
import { connectServices, createContext, routeGroups } from './app.ts';
import { parseGatewayConfig } from './config.ts';
import { buildOpenApi, type RouteGroup } from './openapi.ts';

/** The declarations of /api/v1 as a production gateway mounts them. */
export function apiV1Group(): RouteGroup {
  const config = parseGatewayConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  // Declaring routes opens no connection: clients connect on their first call, and none is made.
  const services = connectServices(config);
  try {
    const { context } = createContext(config, { services });
    return routeGroups(config, services, context).v1;
  } finally {
    for (const { service } of services) service.close();
  }
}

/** The document of /api/v1 (no development routes, no probes). */
export function openApiDocument(): ReturnType<typeof buildOpenApi> {
  return buildOpenApi([apiV1Group()]);
}
