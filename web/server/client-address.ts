// Who the client is. The web server trusts `X-Forwarded-For` only from the hops its
// TRUST_PROXY setting names (none by default), so Express's `req.ip` is the client's address,
// and the gateway is told exactly that address: the browser's own X-Forwarded-For (or
// Forwarded, X-Real-IP …) never reaches it, whether through the /api proxy or the server-side
// calls the app makes while rendering.
import type { IncomingHttpHeaders } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Express's `trust proxy` value: nothing, a number of hops, or a list of addresses/ranges. */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false' || trimmed === 'none') return false;
  if (trimmed === 'true') {
    throw new Error(
      '"true" would trust every hop, so any client could choose its address: name the proxies (addresses or CIDR ranges) or a hop count',
    );
  }
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const list = trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // Throws on anything that is not an address, a range or one of the named ranges.
  proxyAddr.compile(list);
  return list;
}

/** Headers through which a client (or a proxy) can claim an address or origin. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
];

export interface ForwardedRequest {
  /** The client's address as worked out from TRUST_PROXY (Express's `req.ip`). */
  clientAddress: string | undefined;
  /** `http` or `https` as the client used it (Express's `req.protocol`). */
  protocol: string;
  /** The Host the client asked for. */
  host: string | undefined;
}

/** The forwarding headers the gateway gets: ours, built from what we worked out. */
export function forwardingHeaders(request: ForwardedRequest): Record<string, string> {
  return {
    ...(request.clientAddress ? { 'x-forwarded-for': request.clientAddress } : {}),
    'x-forwarded-proto': request.protocol,
    ...(request.host ? { 'x-forwarded-host': request.host } : {}),
  };
}

/** Removes every forwarding header the client sent, in place. */
export function dropClientForwardingHeaders(headers: IncomingHttpHeaders): void {
  for (const name of FORWARDING_HEADERS) delete headers[name];
}
