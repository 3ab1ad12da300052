import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { logFormat, loggerOptions, prettyDestination } from '../src/log.ts';

describe('logFormat', () => {
  it('is JSON in tests and production, whatever the terminal', () => {
    assert.equal(logFormat({ NODE_ENV: 'test' }, true), 'json');
    assert.equal(logFormat({ NODE_ENV: 'production' }, true), 'json');
  });

  it('is pretty in development on a terminal, JSON through a pipe', () => {
    assert.equal(logFormat({ NODE_ENV: 'development' }, true), 'pretty');
    assert.equal(logFormat({}, true), 'pretty', 'NODE_ENV defaults to development');
    assert.equal(logFormat({ NODE_ENV: 'development' }, false), 'json');
  });

  it('follows LOG_FORMAT when it is set (make dev sets pretty, test stacks json)', () => {
    assert.equal(logFormat({ NODE_ENV: 'development', LOG_FORMAT: 'pretty' }, false), 'pretty');
    assert.equal(logFormat({ NODE_ENV: 'development', LOG_FORMAT: 'json' }, true), 'json');
  });
});

describe('pretty logs', () => {
  /** A logger made as createLogger makes it in the pretty format, its lines captured. */
  function prettyLogger(service: string) {
    const lines: string[] = [];
    const log = pino(
      loggerOptions(service, 'info'),
      prettyDestination((text) => lines.push(text), false),
    );
    return { log, lines };
  }

  it('prints one line per entry: time, level, message and fields, without pid, host or service', () => {
    const { log, lines } = prettyLogger('auth');
    log.info({ port: 50051 }, 'gRPC server listening');
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: gRPC server listening \{"port":50051\}\n$/);
    assert.doesNotMatch(lines[0]!, /"level"|"service"|"pid"|"hostname"|"auth"/);
  });

  it('still redacts secrets', () => {
    const { log, lines } = prettyLogger('auth');
    log.warn({ code: '123456', session: { token: 'abc' } }, 'code sent');
    assert.match(lines[0]!, /WARN: code sent/);
    assert.doesNotMatch(lines[0]!, /123456|abc/);
    assert.match(lines[0]!, /\[redacted\]/);
  });

  it("shows the gateway's access line as method, path, status and time", () => {
    const { log, lines } = prettyLogger('gateway');
    log.info(
      {
        reqId: 'r1',
        req: { id: 'r1', method: 'GET', path: '/api/v1/ping', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: 1.234,
      },
      'request completed',
    );
    log.warn(
      {
        reqId: 'r2',
        req: { id: 'r2', method: 'POST', path: '/api/v1/resumes', remoteAddress: '127.0.0.1' },
        res: { statusCode: 503, exc: 'EXC_SERVICE_UNAVAILABLE' },
        responseTime: 12,
      },
      'request failed',
    );
    assert.match(lines[0]!, /INFO: GET \/api\/v1\/ping 200 1\.2 ms\n$/);
    assert.match(lines[1]!, /WARN: POST \/api\/v1\/resumes 503 EXC_SERVICE_UNAVAILABLE 12\.0 ms\n$/);
  });

  it('passes a line that is not JSON through as it is', () => {
    const lines: string[] = [];
    prettyDestination((text) => lines.push(text), false).write('not json\n');
    assert.deepEqual(lines, ['not json\n']);
  });
});
