// Structured logs (pino). Secrets and one-time codes never reach a log line: the
// redaction list below covers the field names they travel under.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: {
      paths: ['code', '*.code', 'token', '*.token', 'accessToken', 'refreshToken', '*.accessToken', '*.refreshToken', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}
