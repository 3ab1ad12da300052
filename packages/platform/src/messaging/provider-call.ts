// One HTTP call to an SMS provider, bounded in time: a provider that does not answer within
// the timeout is a retryable DeliveryError, never a hang. The caller's own signal (its
// deadline) still wins: when it fires, its reason is thrown as it is.
import { DeliveryError } from './types.ts';

export interface ProviderAnswer {
  httpStatus: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

/** Server-side trouble worth another try later: 5xx, 408 (timeout), 429 (slow down). */
export function retryableHttpStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export async function callProvider(
  provider: string,
  url: URL,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ProviderAnswer> {
  signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const response = await fetch(url, { ...init, signal: combined });
    const raw = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    return { httpStatus: response.status, body };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) throw new DeliveryError(`${provider} did not answer within ${timeoutMs} ms`, true);
    throw new DeliveryError(`${provider} unreachable: ${(error as Error).message}`, true);
  }
}
