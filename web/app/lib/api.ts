// The one client for the gateway's REST API (/api/v1), used by loaders and actions on the
// server (through api.server.ts, which adds cookie forwarding) and by the browser (through
// the same-origin /api proxy). Spec §8: Accept-Cookie on every call; an expired access
// token triggers a session refresh, retried every second until it succeeds, then a replay;
// every other `exc` is raised with its codes.
import type { ApiAnswer, ApiErrorBody, ApiMethod, ApiPath, ApiRequest } from '@darmankar/api-types';
import { parseExcHeader } from '@darmankar/platform/errors/catalogue';

export const ACCESS_TOKEN_EXPIRED = 'EXC_SESSIONS_ACCESS_TOKEN_VALIDITY';
/** Refresh answers that mean the session is over: retrying cannot help. */
const SESSION_ENDED = new Set([
  'EXC_SESSIONS_REFRESH_TOKEN_INVALID',
  'EXC_SESSIONS_REFRESH_TOKEN_REUSED',
  'EXC_AUTHENTICATION_REQUIRED',
]);

export class ApiError extends Error {
  constructor(
    readonly codes: string[],
    readonly status: number,
  ) {
    super(codes.join(','));
    this.name = 'ApiError';
  }

  has(code: string): boolean {
    return this.codes.includes(code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiHooks {
  /** Extra headers for every call (the server adds the browser's cookies here). */
  headers?: () => Record<string, string>;
  /** Sees every gateway response (the server collects Set-Cookie here). */
  onResponse?: (response: Response) => void;
  /** Messages that are not EXC_ codes are reported, never shown (spec §8). */
  reportUnexpected?: (message: string) => void;
}

export interface ApiClientOptions {
  /** Absolute or same-origin base, ending before the path: `/api/v1` or `http://gw/api/v1`. */
  baseUrl: string;
  hooks?: ApiHooks;
  /** How many refresh attempts before giving up; the browser keeps trying far longer. */
  maxRefreshAttempts?: number;
  refreshRetryDelayMs?: number;
  fetch?: typeof fetch;
  /** Waits between refresh attempts; tests record the pauses instead of taking them. */
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
}

export type ApiClient = ReturnType<typeof createApiClient>;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads the codes of a failed response: the `exc` header first, then the JSON body. */
export async function excCodesOf(
  response: Response,
  reportUnexpected: (message: string) => void = () => {},
): Promise<string[]> {
  let codes = parseExcHeader(response.headers.get('exc'));
  if (codes.length === 0) {
    // The contract's error body, though a proxy in between may have answered with anything.
    const body = (await response.json().catch(() => null)) as Partial<Record<keyof ApiErrorBody, unknown>> | null;
    if (body && Array.isArray(body.exc)) codes = body.exc.filter((c): c is string => typeof c === 'string');
  }
  const shown = codes.filter((code) => code.startsWith('EXC_'));
  for (const other of codes.filter((code) => !code.startsWith('EXC_'))) reportUnexpected(other);
  return shown.length > 0 ? shown : ['EXC_UNKNOWN'];
}

export function createApiClient(options: ApiClientOptions) {
  const {
    baseUrl,
    hooks = {},
    maxRefreshAttempts = Number.POSITIVE_INFINITY,
    refreshRetryDelayMs = 1000,
    fetch: fetchImpl = globalThis.fetch,
    sleep = pause,
  } = options;
  const report = hooks.reportUnexpected ?? ((message: string) => console.error('unexpected API error', message));
  let refreshing: Promise<void> | null = null;

  async function send(method: string, path: string, request: RequestOptions = {}): Promise<Response> {
    const url = new URL(`${baseUrl}${path}`, 'http://placeholder.invalid');
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const target = baseUrl.startsWith('http') ? url.href : `${url.pathname}${url.search}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-cookie': 'true',
      ...hooks.headers?.(),
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(target, {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(['EXC_SERVICE_UNAVAILABLE'], 503);
    }
    hooks.onResponse?.(response);
    return response;
  }

  /** One refresh at a time: concurrent calls that hit an expired token share it. */
  function refreshSession(): Promise<void> {
    refreshing ??= (async () => {
      for (let attempt = 1; ; attempt++) {
        let failure: ApiError;
        try {
          const response = await send('GET', '/sessions/refresh');
          if (response.ok) return;
          failure = new ApiError(await excCodesOf(response, report), response.status);
          if (failure.codes.some((code) => SESSION_ENDED.has(code))) throw failure;
        } catch (error) {
          if (isApiError(error) && error.codes.some((code) => SESSION_ENDED.has(code))) throw error;
          failure = isApiError(error) ? error : new ApiError(['EXC_UNKNOWN'], 500);
        }
        if (attempt >= maxRefreshAttempts) throw failure;
        await sleep(refreshRetryDelayMs);
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    let response = await send(method, path, options);
    if (response.status === 401 && parseExcHeader(response.headers.get('exc')).includes(ACCESS_TOKEN_EXPIRED)) {
      await refreshSession();
      response = await send(method, path, options);
    }
    if (!response.ok) throw new ApiError(await excCodesOf(response, report), response.status);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * A call by the contract's path template (`/authentication/cellphone/{cellphone}`): the path
   * parameters, query, body and answer are the types generated from the gateway's document, so
   * a contract change breaks the build instead of a page.
   */
  function call<P extends ApiPath, M extends ApiMethod<P>>(
    method: M,
    path: P,
    ...[options]: {} extends ApiRequest<P, M> ? [ApiRequest<P, M>?] : [ApiRequest<P, M>]
  ): Promise<ApiAnswer<P, M>> {
    const params = (options?.params ?? {}) as Record<string, string | number>;
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
    return request<ApiAnswer<P, M>>(method.toUpperCase(), filled, {
      query: options?.query as RequestOptions['query'],
      body: options?.body,
    });
  }

  return {
    request,
    call,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
    put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

/** For data from services that do not exist yet: "not available" reads as empty, never invented. */
export async function orEmpty<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.has('EXC_API_NOT_FOUND')) return null;
    throw error;
  }
}

/** The browser's client: same origin, cookies travel by themselves. */
let browserClient: ApiClient | null = null;
/** Sends an unexpected error message to the web server's first-party /monitoring tunnel. */
function reportToMonitoring(message: string): void {
  const body = JSON.stringify({ message, path: window.location.pathname });
  if (!navigator.sendBeacon?.('/monitoring', new Blob([body], { type: 'application/json' }))) {
    void fetch('/monitoring', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => {});
  }
}

export function browserApi(): ApiClient {
  browserClient ??= createApiClient({ baseUrl: '/api/v1', hooks: { reportUnexpected: reportToMonitoring } });
  return browserClient;
}
