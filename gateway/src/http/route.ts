// A route is declared once: its path, schemas, responses and error codes. The same
// declaration mounts the Express handler (validating with the schemas) and feeds the
// OpenAPI document, so the documentation cannot drift from what is enforced.
import express, { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { isDomainError } from '@darmankar/platform/errors/domain-error';
import type { CallMeta } from '../adapters/auth.ts';
import { parseBodyOrThrow, parseOrThrow } from './validate.ts';

type Method = 'get' | 'post' | 'put' | 'delete';
type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface RouteResponse {
  status: number;
  description: string;
  body?: z.ZodType;
  /** Response headers worth documenting (Set-Cookie, Location). */
  headers?: Record<string, string>;
}

export interface HandlerInput<P extends AnyObject, Q extends AnyObject, B extends AnyObject> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  req: Request;
  res: Response;
  /** Request id (and, once asked for, the caller) for the gRPC metadata. */
  meta: CallMeta;
  /** The verified caller; throws EXC_AUTHENTICATION_REQUIRED (401) when there is none. */
  userId(): Promise<string>;
}

export interface RouteDefinition<P extends AnyObject = AnyObject, Q extends AnyObject = AnyObject, B extends AnyObject = AnyObject> {
  methods: Method[];
  /** Express path relative to where the router is mounted, e.g. `/authentication/cellphone/:cellphone`. */
  path: string;
  summary: string;
  tag: string;
  /** Documented as needing a session; the handler calls `userId()` where it needs one. */
  session: 'required' | 'optional' | 'none';
  params?: P;
  query?: Q;
  body?: B;
  responses: RouteResponse[];
  errors: ExcCode[];
  /** The JSON answered with 200; `undefined` answers 204 unless the handler already responded. */
  handle(input: HandlerInput<P, Q, B>): Promise<unknown>;
  /** Answers a domain error its own way (a redirect for browsers); false leaves it to the JSON error answer. */
  onError?(codes: readonly ExcCode[], req: Request, res: Response): boolean;
}

/** Keeps each route's schema types flowing into its handler. */
export function defineRoute<P extends AnyObject, Q extends AnyObject, B extends AnyObject>(route: RouteDefinition<P, Q, B>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export type UserIdResolver = (req: Request, res: Response) => Promise<string>;

const JSON_BODY_LIMIT = '100kb';
// Only routes that take a body parse one: the others skip the parser's per-request checks.
const jsonBody = express.json({ limit: JSON_BODY_LIMIT });

export function mountRoutes(routes: RouteDefinition[], resolveUserId: UserIdResolver): Router {
  const router = Router();
  for (const route of routes) {
    const parsers = route.body ? [jsonBody] : [];
    for (const method of route.methods) {
      router[method](route.path, ...parsers, async (req, res) => {
        try {
          await run(route, req, res, resolveUserId);
        } catch (error) {
          if (isDomainError(error) && route.onError?.(error.codes, req, res)) return;
          throw error;
        }
      });
    }
  }
  return router;
}

async function run(route: RouteDefinition, req: Request, res: Response, resolveUserId: UserIdResolver): Promise<void> {
  const meta: CallMeta = { requestId: String(req.id) };
  const input = {
    params: route.params ? parseOrThrow(route.params, req.params) : {},
    query: route.query ? parseOrThrow(route.query, req.query) : {},
    body: route.body ? parseBodyOrThrow(route.body, req.body) : undefined,
    req,
    res,
    meta,
    async userId() {
      meta.userId ??= await resolveUserId(req, res);
      return meta.userId;
    },
  };
  const result = await route.handle(input as HandlerInput<AnyObject, AnyObject, AnyObject>);
  if (res.headersSent) return;
  if (result === undefined) res.status(204).end();
  else res.status(200).json(result);
}
