// Structured logs (pino). Secrets and one-time codes never reach a log line: the
// redaction list below covers the field names they travel under.
import { pino, type Logger } from 'pino';
import { trace } from '@opentelemetry/api';

export type { Logger };

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    // Ties each line to the trace it was written in, so a trace viewer can show its logs.
    mixin: traceFields,
    redact: {
      paths: ['code', '*.code', 'token', '*.token', 'accessToken', 'refreshToken', '*.accessToken', '*.refreshToken', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}

/** The active span's ids under the field names OpenTelemetry's log conventions use. */
function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
}
