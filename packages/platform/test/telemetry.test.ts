// Tracing end to end: an instrumented process (Express → gRPC → Postgres, started with the
// register file) exports its spans over OTLP/HTTP to a real local receiver.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startTelemetry } from '../src/telemetry.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../src/testing.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const APP = fileURLToPath(new URL('./fixtures/traced-app.ts', import.meta.url));

const logLines: Array<Record<string, unknown>> = [];
let receiver: OtlpReceiver;
let spans: ReceivedSpan[];
let app: ChildProcess;
let appUrl: string;

before(async () => {
  receiver = await startOtlpReceiver();
  spans = receiver.spans;
  app = spawn(process.execPath, ['--import', 'tsx', '--import', '@darmankar/platform/telemetry-register', APP], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_SERVICE_NAME: 'traced-app',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  appUrl = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    app.stdout!.setEncoding('utf8');
    app.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const port = /^listening (\d+)$/.exec(line)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
        else if (line.startsWith('{')) logLines.push(JSON.parse(line));
      }
    });
    app.once('exit', (code) => reject(new Error(`traced app exited early with ${code}`)));
  });

  const response = await fetch(`${appUrl}/cellphone`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { cellphone: '09121234567' });
  // /stop flushes the exporter before the process exits.
  const exited = once(app, 'exit');
  await fetch(`${appUrl}/stop`, { method: 'POST' });
  await exited;
});

after(() => {
  app?.kill();
  void receiver?.close();
});

function only(predicate: (span: ReceivedSpan) => boolean, what: string): ReceivedSpan {
  const found = spans.filter(predicate);
  assert.equal(
    found.length,
    1,
    `expected one ${what} span, got ${found.length}: ${spans.map((s) => s.name).join(', ')}`,
  );
  return found[0]!;
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

test('every span carries the service name from OTEL_SERVICE_NAME', () => {
  assert.ok(spans.length >= 5, `expected the request's spans, got ${spans.length}`);
  assert.deepEqual([...new Set(spans.map((s) => s.service))], ['traced-app']);
});

test('one trace links HTTP → Express → gRPC client → gRPC server → pg query', () => {
  const http = only((s) => s.scope.endsWith('instrumentation-http') && s.name === 'GET /cellphone', 'incoming HTTP');
  assert.equal(http.parentSpanId, undefined, 'the incoming request starts the trace');
  assert.equal(http.kind, SPAN_KIND_SERVER);

  const express = only((s) => s.scope.endsWith('instrumentation-express'), 'Express');
  assert.equal(express.parentSpanId, http.spanId);

  const rpcName = 'grpc.darmankar.auth.v1.AuthService/GetCellphone';
  const grpcClient = only((s) => s.name === rpcName && s.kind === SPAN_KIND_CLIENT, 'gRPC client');
  const grpcServer = only((s) => s.name === rpcName && s.kind === SPAN_KIND_SERVER, 'gRPC server');
  assert.equal(grpcClient.parentSpanId, express.spanId);
  assert.equal(grpcServer.parentSpanId, grpcClient.spanId, 'the trace context crosses the gRPC hop in metadata');

  const query = only((s) => s.scope.endsWith('instrumentation-pg') && s.name.startsWith('pg.query'), 'pg query');
  assert.equal(query.parentSpanId, grpcServer.spanId);

  for (const span of [express, grpcClient, grpcServer, query]) assert.equal(span.traceId, http.traceId);
});

test('log lines written inside a span carry its trace and span ids', () => {
  const traceId = only((s) => s.name === 'GET /cellphone', 'incoming HTTP').traceId;
  const handlerLine = logLines.find((l) => l.msg === 'handling /cellphone');
  const rpcLine = logLines.find((l) => l.msg === 'cellphone read');
  assert.equal(handlerLine?.trace_id, traceId);
  assert.equal(rpcLine?.trace_id, traceId);
  const grpcServer = only((s) => s.name.endsWith('/GetCellphone') && s.kind === SPAN_KIND_SERVER, 'gRPC server');
  assert.equal(rpcLine?.span_id, grpcServer.spanId);
  // Outside any request there is no trace to name.
  const startLine = logLines.find((l) => l.msg === 'gRPC server listening');
  assert.ok(startLine);
  assert.equal(startLine.trace_id, undefined);
});

test('without OTEL_EXPORTER_OTLP_ENDPOINT telemetry stays off', async () => {
  const telemetry = startTelemetry('off-service', {});
  assert.equal(telemetry.enabled, false);
  await telemetry.shutdown();
});
