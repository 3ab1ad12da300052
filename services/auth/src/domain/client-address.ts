// The end client's address (from the gateway) as the key of per-client budgets.
import ipaddr from 'ipaddr.js';

/** Calls that carry no address share one budget. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * IPv4 as is (IPv4-mapped IPv6 included); IPv6 by its /64, because one subscriber usually
 * holds a whole /64 and could otherwise take a fresh budget per address.
 */
export function clientKey(address: string | undefined): string {
  const trimmed = address?.trim() ?? '';
  if (!ipaddr.isValid(trimmed)) return UNKNOWN_CLIENT;
  const parsed = ipaddr.process(trimmed);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
