// A route is declared once: its path, schemas, responses, session and error codes. The same
// declaration mounts the Express handler (validating with the schemas, resolving the caller,
// checking that every error it answers was declared) and feeds the OpenAPI document, so the
// documentation cannot drift from what is enforced.
import express, { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import { parseBodyOrThrow, parseOrThrow, parseParamsOrThrow } from './validate.ts';

type Method = 'get' | 'post' | 'put' | 'delete';
type AnyObject = z.ZodObject<z.ZodRawShape>;
export type SessionMode = 'required' | 'optional' | 'none';

/** Who is calling and which request this is; travels to the services as gRPC metadata. */
export interface CallMeta {
  requestId: string;
  /** The verified caller the call acts for (the gateway vouches for it with a caller assertion). */
  userId?: string;
  /** The end client's address as worked out under TRUST_PROXY (per-client budgets in services). */
  clientAddress?: string;
}

export interface RouteResponse {
  status: number;
  description: string;
  body?: z.ZodType;
  /**
   * The body's media type when it is not JSON (XML, an image); the handler sends such a body
   * itself and answers `undefined`. Without a `body` the document gives the media type alone.
   */
  mediaType?: string;
  /** Response headers worth documenting (Set-Cookie, Location). */
  headers?: Record<string, string>;
}

/** The JSON a handler may answer: one of its declared JSON bodies, as a client receives it. */
type BodyOf<R extends readonly RouteResponse[]> = R[number] extends infer Each
  ? Each extends { body: infer B extends z.ZodType; mediaType?: undefined }
    ? z.input<B>
    : never
  : never;

/** What the caller is, by the route's session mode. */
type CallerOf<S extends SessionMode> = S extends 'required'
  ? { /** The verified caller, resolved before the handler runs. */ userId: string }
  : S extends 'optional'
    ? {
        /** The verified caller; throws EXC_AUTHENTICATION_REQUIRED (401) when there is none. */ userId(): Promise<string>;
      }
    : object;

export type HandlerInput<P extends AnyObject, Q extends AnyObject, B extends AnyObject, S extends SessionMode> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  req: Request;
  res: Response;
  /** Request id, client address and (once known) the caller, for the gRPC metadata. */
  meta: CallMeta;
} & CallerOf<S>;

export interface RouteDeclaration<
  P extends AnyObject,
  Q extends AnyObject,
  B extends AnyObject,
  S extends SessionMode,
  R extends readonly RouteResponse[],
> {
  methods: Method[];
  /** Express path relative to where the router is mounted, e.g. `/authentication/cellphone/:cellphone`. */
  path: string;
  summary: string;
  tag: string;
  /** `required`: the caller is resolved (or 401) before the handler runs. */
  session: S;
  params?: P;
  query?: Q;
  body?: B;
  responses: R;
  /**
   * The codes the route itself can answer. The route layer adds what it causes (session codes
   * for `required`, EXC_BAD_REQUEST for params and bodies) and the service module adds its
   * transport codes; an answer with any other code is a defect (see `mountRoutes`).
   */
  errors: ExcCode[];
  /** The JSON answered with 200; `undefined` answers 204 unless the handler already responded. */
  handle(input: HandlerInput<P, Q, B, S>): Promise<BodyOf<R> | undefined>;
  /** Answers a domain error its own way (a redirect for browsers); false leaves it to the JSON error answer. */
  onError?(codes: readonly ExcCode[], req: Request, res: Response): boolean;
}

/** A declared route with its types erased, as the router and the OpenAPI builder see it. */
export interface RouteDefinition {
  methods: Method[];
  path: string;
  summary: string;
  tag: string;
  session: SessionMode;
  params?: AnyObject;
  query?: AnyObject;
  body?: AnyObject;
  responses: readonly RouteResponse[];
  /** Every code the route can answer, what the route layer and its module add included. */
  errors: ExcCode[];
  handle(input: HandlerInput<AnyObject, AnyObject, AnyObject, SessionMode>): Promise<unknown>;
  onError?(codes: readonly ExcCode[], req: Request, res: Response): boolean;
}

export const SESSION_ERRORS: readonly ExcCode[] = [
  'EXC_AUTHENTICATION_REQUIRED',
  'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY',
  'EXC_SESSIONS_ACCESS_TOKEN_INVALID',
];

/** The codes the route layer itself answers for a route of this shape. */
function impliedErrors(route: { session: SessionMode; params?: unknown; query?: unknown; body?: unknown }): ExcCode[] {
  return [
    ...(route.session === 'required' ? SESSION_ERRORS : []),
    ...(route.params || route.query || route.body ? (['EXC_BAD_REQUEST'] as const) : []),
  ];
}

/** Keeps each route's schema and response types flowing into its handler; erases them after. */
export function defineRoute<
  P extends AnyObject,
  Q extends AnyObject,
  B extends AnyObject,
  S extends SessionMode,
  const R extends readonly RouteResponse[],
>(route: RouteDeclaration<P, Q, B, S, R>): RouteDefinition {
  const errors = [...new Set([...route.errors, ...impliedErrors(route)])];
  // The handler was checked against its own schemas above; the router calls it only with
  // input parsed by those same schemas.
  return { ...route, errors } as unknown as RouteDefinition;
}

/** Adds codes every route of a group can answer (a service module's transport codes). */
export function withErrors(routes: RouteDefinition[], codes: readonly ExcCode[]): RouteDefinition[] {
  return routes.map((route) => ({ ...route, errors: [...new Set([...route.errors, ...codes])] }));
}

export type UserIdResolver = (req: Request, res: Response) => Promise<string>;

export interface MountOptions {
  resolveUserId: UserIdResolver;
  /** Codes any route of the group answers besides its own (rate limit, bad JSON). */
  commonErrors: readonly ExcCode[];
  /**
   * Outside production an answer with a code the route did not declare is a defect: it is
   * logged and answered as EXC_UNKNOWN, so a test meets it; in production the code goes out.
   */
  strictErrors: boolean;
  onUndeclared(route: RouteDefinition, codes: readonly ExcCode[]): void;
}

const JSON_BODY_LIMIT = '100kb';
// Only routes that take a body parse one: the others skip the parser's per-request checks.
const jsonBody = express.json({ limit: JSON_BODY_LIMIT });

/** A router to mount on, or the app itself. */
export type RouteTarget = Pick<Router, Method>;

/** The routes on a router of their own, to be mounted where the caller likes. */
export function mountRoutes(routes: RouteDefinition[], options: MountOptions): Router {
  const router = Router();
  addRoutes(router, '', routes, options);
  return router;
}

/**
 * Registers the routes on `target` under `prefix`. The gateway registers its groups on the app
 * itself (`/api/v1/...`) rather than on a router mounted at the prefix: a mounted router is one
 * more router walk per request (its own dispatch, the prefix cut from the URL and put back).
 */
export function addRoutes(target: RouteTarget, prefix: string, routes: RouteDefinition[], options: MountOptions): void {
  for (const route of routes) {
    const allowed = new Set<ExcCode>([...route.errors, ...options.commonErrors]);
    const parsers = route.body ? [jsonBody] : [];
    const pattern = prefix + route.path;
    for (const method of route.methods) {
      target[method](pattern, ...parsers, async (req, res) => {
        // For the access log, which must not write the cellphones and emails paths carry.
        req.routePattern = req.baseUrl === '' ? pattern : req.baseUrl + pattern;
        try {
          await run(route, req, res, options.resolveUserId);
        } catch (error) {
          if (!isDomainError(error)) throw error;
          const undeclared = error.codes.filter((code) => !allowed.has(code));
          if (undeclared.length > 0) {
            options.onUndeclared(route, undeclared);
            if (options.strictErrors) throw new DomainError('EXC_UNKNOWN');
          }
          if (route.onError?.(error.codes, req, res)) return;
          throw error;
        }
      });
    }
  }
}

async function run(route: RouteDefinition, req: Request, res: Response, resolveUserId: UserIdResolver): Promise<void> {
  const meta: CallMeta = { requestId: String(req.id), clientAddress: req.clientAddress ?? req.ip };
  const input: Record<string, unknown> = {
    params: route.params ? parseParamsOrThrow(route.params, req.params) : {},
    query: route.query ? parseOrThrow(route.query, req.query) : {},
    body: route.body ? parseBodyOrThrow(route.body, req.body) : undefined,
    req,
    res,
    meta,
  };
  if (route.session === 'required') {
    meta.userId = await resolveUserId(req, res);
    input.userId = meta.userId;
  } else if (route.session === 'optional') {
    input.userId = async () => (meta.userId ??= await resolveUserId(req, res));
  }
  const result = await route.handle(input as HandlerInput<AnyObject, AnyObject, AnyObject, SessionMode>);
  if (res.headersSent) return;
  if (result === undefined) res.status(204).end();
  else sendJson(req, res, result);
}

/**
 * 200 with the JSON, byte for byte what `res.json` answers in an app that computes no ETag (the
 * gateway), without the steps of Express's `send` a JSON object does not need (the content type
 * looked up again and its charset negotiated, the freshness check, the body turned into a Buffer
 * to measure it). An app with ETags on gets `res.json`, ETag included.
 */
function sendJson(req: Request, res: Response, result: unknown): void {
  if (req.app.get('etag fn')) {
    res.status(200).json(result);
    return;
  }
  const body = JSON.stringify(result);
  res.statusCode = 200;
  if (!res.hasHeader('content-type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
