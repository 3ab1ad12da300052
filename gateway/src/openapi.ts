// The OpenAPI 3.1 document, built from the same route declarations and zod schemas the
// gateway validates with.
import { z } from 'zod';
import { EXC_CATALOGUE, type ExcCode } from '@darmankar/platform/errors/catalogue';
import type { RouteDefinition } from './http/route.ts';
import { errorResponse } from './routes/schemas.ts';

export interface RouteGroup {
  /** Where the group's router is mounted: `/api/v1`, `/api/dev`, or `` for the probes. */
  prefix: string;
  routes: RouteDefinition[];
  /** Codes any route of the group can answer with (rate limit, bad JSON, ...). */
  commonErrors: ExcCode[];
}

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

function jsonSchema(schema: z.ZodType): JsonSchema {
  // Input side: what a client sends (before transforms) and what it receives.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
}

function stripDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

function parameters(schema: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const object = stripDialect(jsonSchema(schema));
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return { name, in: location, required: location === 'path' || (object.required ?? []).includes(name), description, schema: propertySchema };
  });
}

function errorResponses(codes: ExcCode[]) {
  const byStatus = new Map<number, ExcCode[]>();
  for (const code of new Set(codes)) {
    const status = EXC_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      String(status),
      {
        description: statusCodes.map((code) => `\`${code}\`: ${EXC_CATALOGUE[code].en}`).join('\n\n'),
        headers: { exc: { $ref: '#/components/headers/exc' } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

function operation(route: RouteDefinition, method: string, commonErrors: ExcCode[]) {
  const responses: Record<string, unknown> = errorResponses([...route.errors, ...commonErrors]);
  for (const response of route.responses) {
    responses[String(response.status)] = {
      description: response.description,
      headers: response.headers && Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])),
      content: response.body && { 'application/json': { schema: stripDialect(jsonSchema(response.body)) } },
    };
  }
  return {
    operationId: `${method}${route.path.replace(/[/:{}-]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    tags: [route.tag],
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    requestBody: route.body && { required: true, content: { 'application/json': { schema: stripDialect(jsonSchema(route.body)) } } },
    responses,
    security: route.session === 'required' ? [{ bearer: [] }, { accessCookie: [] }] : route.session === 'optional' ? [{}, { bearer: [] }, { accessCookie: [] }] : undefined,
  };
}

export function buildOpenApi(groups: RouteGroup[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const group of groups) {
    for (const route of group.routes) {
      const path = `${group.prefix}${route.path}`.replace(/:(\w+)/g, '{$1}');
      for (const method of route.methods) (paths[path] ??= {})[method] = operation(route, method, group.commonErrors);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Darmankar API',
      version: '1.0.0',
      description: 'درمانکار — the REST API of the healthcare job marketplace. Errors carry an `exc` header and `{ exc, message }` body; send `Accept-Cookie` to receive the session as cookies.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: stripDialect(jsonSchema(errorResponse)) },
      headers: { exc: { description: 'The EXC_* codes of the error, comma-joined; the first decides the status.', schema: { type: 'string' } } },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        accessCookie: { type: 'apiKey', in: 'cookie', name: 'at' },
      },
    },
  };
}
