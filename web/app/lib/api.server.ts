// Server side of the API client: each request to the web app gets a client that forwards
// the browser's cookies and the client's address to the gateway and hands the gateway's
// Set-Cookie headers back to the browser on whatever response the route produces. The address
// is the one the web server worked out under its TRUST_PROXY setting (server/client-address.ts),
// never the X-Forwarded-For the browser sent: otherwise every server-side call would either
// look like one client (the web server) or like whoever the browser claimed to be.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { createApiClient, type ApiClient, type ApiClientOptions } from './api.ts';
import { CookieJar } from './cookie-jar.ts';
import { clientAddressOf } from './request-context.ts';

const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export interface ServerApi {
  api: ApiClient;
  jar: CookieJar;
}

const serverApiContext = createContext<ServerApi>();

/** `clientAddress`: the client as the web server worked it out; none sends no X-Forwarded-For. */
export function createServerApi(
  request: Request,
  gatewayUrl = GATEWAY_URL,
  clientAddress?: string,
  clientOptions: Pick<ApiClientOptions, 'sleep'> = {},
): ServerApi {
  const jar = new CookieJar(request.headers.get('cookie'));
  const forwardedFor = clientAddress;
  // The gateway tells search-engine crawlers from visitors by it (the logged-out quota).
  const userAgent = request.headers.get('user-agent');
  const api = createApiClient({
    ...clientOptions,
    baseUrl: `${gatewayUrl}/api/v1`,
    // A server render cannot wait forever for a refresh: a few seconds, then the error page.
    maxRefreshAttempts: 5,
    hooks: {
      headers: () => ({
        ...(jar.header() ? { cookie: jar.header() } : {}),
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        ...(userAgent ? { 'user-agent': userAgent } : {}),
      }),
      onResponse: (response) => jar.absorb(response.headers.getSetCookie()),
    },
  });
  return { api, jar };
}

/** Hands loaders and actions of one render their gateway client (route tests give their own). */
export function provideServerApi(context: Readonly<RouterContextProvider>, serverApi: ServerApi): void {
  context.set(serverApiContext, serverApi);
}

export const apiMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const serverApi = createServerApi(request, GATEWAY_URL, clientAddressOf(context));
  provideServerApi(context, serverApi);
  const response = await next();
  if (serverApi.jar.setCookies.length === 0) return response;
  // Copy the response so its headers are mutable whatever produced it.
  const withCookies = new Response(response.body, response);
  for (const cookie of serverApi.jar.setCookies) withCookies.headers.append('Set-Cookie', cookie);
  return withCookies;
};

export function getServerApi(context: Readonly<RouterContextProvider>): ServerApi {
  return context.get(serverApiContext);
}
