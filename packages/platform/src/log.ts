// Structured logs (pino). Secrets and one-time codes never reach a log line: the
// redaction list below covers the field names they travel under.
//
// Lines are JSON (one object per line, what log collectors and the tests read) except in
// development read by a person: LOG_FORMAT=pretty, or NODE_ENV=development on a terminal, prints
// them through pino-pretty as `12:04:05.123 INFO  gRPC server listening {"port":50051}`.
// `make dev` sets LOG_FORMAT=pretty for every part (its output reaches the terminal through a
// pipe that prefixes each line with the part's name); test stacks run with NODE_ENV=test and
// keep JSON.
import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { trace } from '@opentelemetry/api';

export type { Logger };

export type LogFormat = 'json' | 'pretty';

/** The format a process logs in: LOG_FORMAT when set, else pretty only in development on a terminal. */
export function logFormat(
  env: Record<string, string | undefined> = process.env,
  terminal = Boolean(process.stdout.isTTY),
): LogFormat {
  if (env.LOG_FORMAT === 'pretty' || env.LOG_FORMAT === 'json') return env.LOG_FORMAT;
  return (env.NODE_ENV ?? 'development') === 'development' && terminal ? 'pretty' : 'json';
}

export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  format: LogFormat = logFormat(),
): Logger {
  // A silent logger writes nothing, so it never needs the pretty printer.
  return format === 'pretty' && level !== 'silent'
    ? pino(loggerOptions(service, level), prettyDestination())
    : pino(loggerOptions(service, level));
}

/** What every logger is made with, whichever its format. */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    name: service,
    level,
    base: { service },
    // Ties each line to the trace it was written in, so a trace viewer can show its logs.
    mixin: traceFields,
    redact: {
      paths: [
        'code',
        '*.code',
        'token',
        '*.token',
        'accessToken',
        'refreshToken',
        '*.accessToken',
        '*.refreshToken',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}

type Prettify = (line: Record<string, unknown>) => string;

/**
 * pino-pretty in this process (its prettyFactory) rather than as a pino transport: a transport
 * runs in a worker thread of its own, some 10 MB more per process for every part of `make dev`.
 * Redaction has already happened when a line reaches it.
 */
export function prettyDestination(
  write: (text: string) => void = (text) => void process.stdout.write(text),
  colour = !process.env.NO_COLOR,
): DestinationStream {
  // Loaded only when asked for, so JSON-logging processes never load it.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as {
    prettyFactory(options: object): Prettify;
  };
  const prettify = prettyFactory({
    colorize: colour,
    translateTime: 'SYS:HH:MM:ss.l',
    // `make dev` prefixes every line with the part's name already.
    ignore: 'pid,hostname,service,name',
    singleLine: true,
  });
  return {
    write(line: string) {
      try {
        write(prettify(compactAccessLine(JSON.parse(line) as Record<string, unknown>)));
      } catch {
        write(line);
      }
    },
  };
}

/** The gateway's access line (gateway/src/http/request-log.ts) as `GET /path 200 3 ms`. */
function compactAccessLine(line: Record<string, unknown>): Record<string, unknown> {
  const {
    req,
    res,
    responseTime,
    reqId: _,
    ...rest
  } = line as {
    req?: { method?: string; path?: string };
    res?: { statusCode?: number; exc?: string };
    responseTime?: number;
    reqId?: string;
  };
  if (!req?.method || !res || typeof responseTime !== 'number') return line;
  const exc = res.exc ? ` ${res.exc}` : '';
  return { ...rest, msg: `${req.method} ${req.path} ${res.statusCode}${exc} ${responseTime.toFixed(1)} ms` };
}

/** The active span's ids under the field names OpenTelemetry's log conventions use. */
function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
}
