// Tracing across the real processes: with OTEL_EXPORTER_OTLP_ENDPOINT set, one request through
// the web app's proxy produces one trace spanning web → gateway → gRPC → auth → Postgres,
// exported over OTLP/HTTP to a local receiver.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@darmankar/platform/testing';
import { startStack, type RunningStack } from '../stack.ts';

let receiver: OtlpReceiver;
let stack: RunningStack;

before(async () => {
  receiver = await startOtlpReceiver();
  stack = await startStack({
    name: 'tracing',
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' },
  });
});

after(async () => {
  await stack?.stop();
  await receiver?.close();
});

test('one request is one trace across web, gateway, auth and Postgres', async () => {
  const cellphone = `0935${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const response = await fetch(`${stack.webUrl}/api/v1/authentication/cellphone/${cellphone}`, { method: 'POST' });
  assert.equal(response.status, 200);

  const SERVER = 2;
  const CLIENT = 3;
  const spans = receiver.spans;
  let trace: ReceivedSpan[] = [];
  for (
    let i = 0;
    i < 50 && !trace.some((s) => s.service === 'darmankar-auth' && /SELECT|INSERT|pg\./i.test(s.name));
    i++
  ) {
    await sleep(200);
    const gatewayServer = spans.find(
      (s) => s.service === 'darmankar-gateway' && s.kind === SERVER && s.name.startsWith('POST'),
    );
    trace = gatewayServer ? spans.filter((s) => s.traceId === gatewayServer.traceId) : [];
  }
  const services = new Set(trace.map((s) => s.service));
  for (const service of ['darmankar-web', 'darmankar-gateway', 'darmankar-auth'])
    assert.ok(services.has(service), `${service} is in the trace (has: ${[...services].join(', ')})`);

  const grpcClient = trace.find(
    (s) => s.service === 'darmankar-gateway' && s.kind === CLIENT && s.name.includes('AuthService/SendCellphoneCode'),
  );
  const grpcServer = trace.find(
    (s) => s.service === 'darmankar-auth' && s.kind === SERVER && s.name.includes('AuthService/SendCellphoneCode'),
  );
  assert.ok(grpcClient && grpcServer, 'the gRPC call has a client span in the gateway and a server span in auth');
  assert.equal(
    grpcServer.parentSpanId,
    grpcClient.spanId,
    "auth's server span is the child of the gateway's client span",
  );
  assert.ok(
    trace.some((s) => s.service === 'darmankar-auth' && s.kind === CLIENT && /SELECT|INSERT|pg\./i.test(s.name)),
    'auth queries Postgres inside the trace',
  );
});
