// A closed-loop load generator for one unary gRPC call: `inFlight` callers each send the
// next call as soon as the previous answer arrives, for `durationMs`. Every call's latency
// is recorded, so percentiles are exact rather than bucketed.
export interface LoadResult {
  calls: number;
  errors: number;
  durationMs: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function closedLoop(call: () => Promise<unknown>, inFlight: number, durationMs: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const stopAt = started + durationMs;
  async function caller(): Promise<void> {
    while (performance.now() < stopAt) {
      const t0 = performance.now();
      try {
        await call();
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: inFlight }, caller));
  const elapsed = performance.now() - started;
  const sorted = Float64Array.from(latencies).sort();
  return {
    calls: latencies.length,
    errors,
    durationMs: elapsed,
    perSecond: (latencies.length / elapsed) * 1000,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}
