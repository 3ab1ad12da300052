// The OpenAPI 3.1 document, built from the same route declarations and zod schemas the
// gateway validates with. gateway/test/openapi.test.ts holds it to the OpenAPI 3.1 schema
// and Redocly's recommended rules (docs/adr/009).
import { z } from 'zod';
import { EXC_CATALOGUE, type ExcCode } from '@darmankar/platform/errors/catalogue';
import type { RouteDefinition } from './http/route.ts';
import { errorResponse } from './routes/schemas.ts';

export interface RouteGroup {
  /** Where the group's router is mounted: `/api/v1`, `/api/dev`, or `` for the probes. */
  prefix: string;
  routes: RouteDefinition[];
  /** Codes any route of the group can answer with (rate limit, bad JSON, ...). */
  commonErrors: readonly ExcCode[];
}

/**
 * What each tag of the route declarations groups. A tag missing here is declared without a
 * description, which the document's lint reports (tag-description).
 */
const TAG_DESCRIPTIONS: Record<string, string> = {
  authentication:
    'Login by cellphone one-time code, logout, the logged-in user’s cellphone and email, email verification.',
  sessions: 'Refreshing the session, and the gateway’s own ping.',
  files:
    'Uploads checked against their category’s types and size, public images by id and width, private files by signed link.',
  resumes:
    'Applicants’ resumes: the builder’s calls (personal information, picture, custom resume file, six sections) and the public resume by slug.',
  employers:
    'Employers: organisations and self-employed clinicians, their profiles and public pages, the listing, agents and their permissions, hiring templates and steps.',
  products:
    'Plans on sale, and what an employer bought: purchased plans, the active and reserved plan with what is left of each resource. Amounts are integer rials.',
  orders:
    'An employer’s cart (one pending order), discount codes, paying by the payment provider or the wallet, and the purchase history.',
  finance: 'The payment provider’s callback, the employer’s wallet, and the sandbox provider’s page in test mode.',
  suggestions:
    'The items of the forms’ pickers (provinces and cities, universities, fields of study, job titles …): whole categories, or the best matches of a typed text.',
  recruitments:
    'Job postings (recruitments): the search listing and its limited form for visitors, a posting by slug, the employer’s side (create, edit, publish, archive, feature, its postings and counts), bookmarks, saved filters, and the postings of a resume. Salaries are integer rials; a hidden salary is never in a public answer.',
  hiring:
    'Applications to postings: applying with a resume, your applications with their timelines and cancelling, and the employer’s pipeline of a posting (its template’s steps with counts, lists per step, one application with the resume as applied, read, moves, rejections with a reason, the custom resume’s signed link, analytics).',
  notifications:
    'The caller’s notifications (in-app list, unread count, read marks), notification preferences per category and channel, and the links SMS and emails carry (the engagement link that records a click, a payment receipt’s link).',
  seo: 'The site’s pages for search engines and readers: page metadata (title, description, canonical path, robots, Open Graph, JSON-LD) in fa and en, the sitemaps, public profile links, the blog (posts, categories, RSS, images) and the contact form.',
  development: 'Development helpers such as the outbox of one-time codes and emails; never served in production.',
  probes: 'Kubernetes liveness and readiness, outside /api.',
};

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
    return {
      name,
      in: location,
      required: location === 'path' || (object.required ?? []).includes(name),
      description,
      schema: propertySchema,
    };
  });
}

/**
 * One response per HTTP status the route's codes map to. Each code is named in the
 * description and given as an example body, so a client (and the contract test) can read
 * exactly which `exc` codes a status carries.
 */
function errorResponses(codes: readonly ExcCode[]) {
  const byStatus = new Map<number, ExcCode[]>();
  for (const code of new Set(codes)) {
    const status = EXC_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: statusCodes.map((code) => `\`${code}\`: ${EXC_CATALOGUE[code].en}`).join('\n\n'),
          headers: { exc: { $ref: '#/components/headers/exc' } },
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Error' },
              examples: Object.fromEntries(
                statusCodes.map((code) => [
                  code,
                  { summary: EXC_CATALOGUE[code].en, value: { exc: [code], message: EXC_CATALOGUE[code].fa } },
                ]),
              ),
            },
          },
        },
      ]),
  );
}

/** No session: an explicit empty requirement. Optional: anonymous, bearer or cookie. */
function security(session: RouteDefinition['session']) {
  if (session === 'required') return [{ bearer: [] }, { accessCookie: [] }];
  if (session === 'optional') return [{}, { bearer: [] }, { accessCookie: [] }];
  return [];
}

/** A JSON body under application/json; another media type with its schema, or alone. */
function responseContent(response: RouteDefinition['responses'][number]) {
  const schema = response.body && { schema: stripDialect(jsonSchema(response.body)) };
  if (response.mediaType) return { [response.mediaType]: schema ?? {} };
  return schema && { 'application/json': schema };
}

function operation(route: RouteDefinition, method: string, commonErrors: readonly ExcCode[]) {
  const responses: Record<string, unknown> = errorResponses([...route.errors, ...commonErrors]);
  for (const response of route.responses) {
    responses[String(response.status)] = {
      description: response.description,
      headers:
        response.headers &&
        Object.fromEntries(
          Object.entries(response.headers).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        ),
      content: responseContent(response),
    };
  }
  return {
    operationId: `${method}${route.path.replace(/[/:{}-]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    tags: [route.tag],
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    requestBody: route.body && {
      required: true,
      content: { 'application/json': { schema: stripDialect(jsonSchema(route.body)) } },
    },
    responses,
    security: security(route.session),
  };
}

export function buildOpenApi(groups: RouteGroup[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const group of groups) {
    for (const route of group.routes) {
      const path = `${group.prefix}${route.path}`.replace(/:(\w+)/g, '{$1}');
      tags.add(route.tag);
      for (const method of route.methods) (paths[path] ??= {})[method] = operation(route, method, group.commonErrors);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Darmankar API',
      version: '1.0.0',
      description:
        'درمانکار — the REST API of the healthcare job marketplace. Errors carry an `exc` header and `{ exc, message }` body; send `Accept-Cookie` to receive the session as cookies.',
      // Not open source: the API and its document are the product's own.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags: [...tags].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      schemas: { Error: stripDialect(jsonSchema(errorResponse)) },
      headers: {
        exc: {
          description: 'The EXC_* codes of the error, comma-joined; the first decides the status.',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The access token of an API client (`Authorization: Bearer`), from the session in a verify or refresh answer without Accept-Cookie.',
        },
        accessCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'at',
          description:
            'The browser session: the httpOnly `at` cookie set with Accept-Cookie (with `rt`, the refresh token).',
        },
      },
    },
  };
}
