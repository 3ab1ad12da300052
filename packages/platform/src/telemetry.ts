// OpenTelemetry tracing for every process: HTTP, gRPC, pg, Express and Kafka spans,
// exported over OTLP/HTTP to the collector named by OTEL_EXPORTER_OTLP_ENDPOINT.
// When that variable is unset nothing is loaded or patched, so tracing costs nothing.
//
// Instrumentation patches modules as they are loaded, so this must run before the
// application imports them: start processes with
//   node --import tsx --import @darmankar/platform/telemetry-register src/main.ts
import { createRequire } from 'node:module';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface Telemetry {
  /** True when spans are being exported. */
  readonly enabled: boolean;
  /** Flushes the spans still buffered and stops exporting; call during graceful shutdown. */
  shutdown(): Promise<void>;
}

const OFF: Telemetry = { enabled: false, shutdown: async () => {} };

let running: Telemetry | undefined;

/**
 * Starts tracing for `serviceName` when OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter
 * posts to `<endpoint>/v1/traces`); otherwise returns a handle that does nothing.
 * Calling it twice returns the first handle.
 */
export function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): Telemetry {
  if (running) return running;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_SDK_DISABLED === 'true') return OFF;

  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    traceExporter: new OTLPTraceExporter(),
    // Traces only: metrics and logs would otherwise default to OTLP exporters of their own.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation(),
      new GrpcInstrumentation(),
      // requireParentSpan: a query outside any request (the outbox relay's polling) is noise.
      new PgInstrumentation({ requireParentSpan: true }),
      new ExpressInstrumentation(),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
  running = { enabled: true, shutdown: () => sdk.shutdown() };
  return running;
}

/** The handle started in this process, if any (for graceful shutdown in main.ts). */
export function currentTelemetry(): Telemetry {
  return running ?? OFF;
}

/** The CommonJS packages the instrumentations patch. */
const INSTRUMENTED_PACKAGES = ['@grpc/grpc-js', 'pg', 'express', 'kafkajs'];

/**
 * Loads the instrumented packages once through `require`, so the require hook patches them
 * before any ES module imports them. An ES module importing a CommonJS package bypasses
 * the require hook, and the import hook alternative (import-in-the-middle) only sees
 * instrumentations built on its own copy, which npm does not dedupe here. A package
 * this process does not have is skipped.
 */
export function preloadInstrumentedModules(): void {
  const require = createRequire(import.meta.url);
  for (const name of INSTRUMENTED_PACKAGES) {
    try {
      require(name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    }
  }
}
