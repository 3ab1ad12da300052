// Loaded with `node --import tsx --import @darmankar/platform/telemetry-register`, before
// the application's modules, so the instrumentations can patch them as they load.
// The service name comes from OTEL_SERVICE_NAME. Nothing happens when
// OTEL_EXPORTER_OTLP_ENDPOINT is unset.
import { startTelemetry, preloadInstrumentedModules } from './telemetry.ts';

if (startTelemetry(process.env.OTEL_SERVICE_NAME ?? 'unknown_service').enabled) preloadInstrumentedModules();
