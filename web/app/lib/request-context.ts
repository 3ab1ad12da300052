// What the web server (server.ts) hands each server render: the client's address as it worked
// it out and the request's Content-Security-Policy nonce. The server and the built app are
// separate module graphs (the build bundles its own copy of this file), so the context keys
// live on globalThis under a registered symbol: both copies find the same keys.
import { createContext, RouterContextProvider, type RouterContext } from 'react-router';

export interface RequestFacts {
  /** The client's address (Express's `req.ip` under the web server's TRUST_PROXY). */
  clientAddress?: string;
  /** The nonce this response's Content-Security-Policy allows inline scripts with. */
  cspNonce?: string;
}

interface RequestContextKeys {
  clientAddress: RouterContext<string | undefined>;
  cspNonce: RouterContext<string | undefined>;
}

const REGISTRY = Symbol.for('darmankar.web.request-context');
const holder = globalThis as typeof globalThis & { [REGISTRY]?: RequestContextKeys };

export const requestContext: RequestContextKeys = (holder[REGISTRY] ??= {
  clientAddress: createContext<string | undefined>(undefined),
  cspNonce: createContext<string | undefined>(undefined),
});

/** The load context for one request (middleware mode wants a RouterContextProvider). */
export function createRequestContext(facts: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext.clientAddress, facts.clientAddress);
  context.set(requestContext.cspNonce, facts.cspNonce);
  return context;
}

export function clientAddressOf(context: Readonly<RouterContextProvider>): string | undefined {
  return context.get(requestContext.clientAddress);
}

export function cspNonceOf(context: Readonly<RouterContextProvider>): string | undefined {
  return context.get(requestContext.cspNonce);
}
