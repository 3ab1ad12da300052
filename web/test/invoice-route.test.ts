// The invoice's resource route (routes/employer/invoice.ts) against a stand-in gateway: the
// employer is found by slug with the visitor's cookies, the invoice asked under its id, and the
// answer printed to a PDF download named after the order, kept by nobody; every refusal of the
// gateway (no session, no Billing, no such order, an order not paid) passes through as its codes
// in JSON with the exc header, never a PDF; the English path prints the English invoice.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import * as React from 'react';
import { RouterContextProvider } from 'react-router';
import { CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { createServerApi, provideServerApi } from '../app/lib/api.server.ts';
import { closeWarmBrowser } from '../app/lib/pdf.server.ts';
import { loader } from '../app/routes/employer/invoice.ts';
import { invoiceOf } from './invoice-fixture.ts';
import { pdfText } from './resume-pdf-text.ts';
import { startFakeGateway, type FakeGateway } from './routes/support/fake-gateway.ts';

// tsx compiles the app's JSX to the classic React.createElement outside web/ (see routes/support/dom.ts).
(globalThis as { React?: typeof React }).React = React;

assert.ok(existsSync(CHROMIUM_PATH), `${CHROMIUM_PATH} is not installed (apt-get install -y chromium)`);

const ORDER = invoiceOf().orderId;

describe('the invoice route', () => {
  let gateway: FakeGateway;
  before(async () => {
    gateway = await startFakeGateway();
  });
  after(async () => {
    await gateway.close();
    await closeWarmBrowser();
  });

  async function download(path: string, cookie = 'at=token'): Promise<Response> {
    const request = new Request(new URL(path, 'http://localhost:3000'), { headers: { cookie } });
    const context = new RouterContextProvider();
    provideServerApi(context, createServerApi(request, gateway.url));
    const [, locale, employerSlug, orderId] =
      /^\/(?:(en)\/)?employers\/([^/]+)\/orders\/([^/]+)\/invoice$/.exec(path) ?? [];
    const params = { ...(locale ? { locale } : {}), employerSlug: employerSlug!, orderId: orderId! };
    return (await loader({ request, context, params, unstable_pattern: '' } as unknown as Parameters<
      typeof loader
    >[0])) as Response;
  }

  function serve(invoice = invoiceOf()) {
    gateway.routes.clear();
    gateway.requests.length = 0;
    gateway.routes.set('GET /employers/mehr', { body: { id: 'e1', slug: 'mehr', brand: 'درمانگاه مهر' } });
    gateway.routes.set(`GET /orders/e1/invoices/${ORDER}`, { body: invoice });
  }

  test("a paid order's invoice downloads as invoice-<number>.pdf, private and not stored", async () => {
    serve();
    const response = await download(`/employers/mehr/orders/${ORDER}/invoice`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="invoice-1023\.pdf"/);
    assert.equal(response.headers.get('cache-control'), 'private, no-store');
    const pdf = Buffer.from(await response.arrayBuffer());
    assert.equal(Number(response.headers.get('content-length')), pdf.byteLength);
    const { text } = pdfText(pdf);
    assert.ok(text.includes('۱۰۲۳') && text.includes('میلیون'), text);
    assert.deepEqual(
      gateway.requests.map((r) => `${r.method} ${r.path}`),
      ['GET /employers/mehr', `GET /orders/e1/invoices/${ORDER}`],
      'the employer by slug, then its invoice by the employer id',
    );
  });

  test('the English path prints the English invoice', async () => {
    serve();
    const response = await download(`/en/employers/mehr/orders/${ORDER}/invoice`);
    assert.equal(response.status, 200);
    const { text } = pdfText(Buffer.from(await response.arrayBuffer()));
    assert.ok(text.includes('invoice') && text.includes('1,200,000'), text);
  });

  for (const [what, status, codes, where] of [
    ['without a session', 401, ['EXC_AUTHENTICATION_REQUIRED'], 'employer'],
    ['for someone not a member', 403, ['EXC_AUTHORIZATION_FORBIDDEN'], 'employer'],
    ['for an unknown employer', 404, ['EXC_EMPLOYERS_NOT_FOUND'], 'employer'],
    ['for an agent without Billing', 403, ['EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'], 'invoice'],
    ['for an order that is not there', 404, ['EXC_ORDERS_NOT_FOUND'], 'invoice'],
    ['for an order not paid', 409, ['EXC_ORDERS_INVOICE_IS_NOT_AVAILABLE'], 'invoice'],
    ['with the gateway failing', 503, ['EXC_SERVICE_UNAVAILABLE'], 'invoice'],
  ] as const) {
    test(`${what}: ${status} ${codes.join(',')} as JSON, no PDF`, async () => {
      serve();
      gateway.routes.set(where === 'employer' ? 'GET /employers/mehr' : `GET /orders/e1/invoices/${ORDER}`, {
        status,
        exc: [...codes],
      });
      const response = await download(`/employers/mehr/orders/${ORDER}/invoice`);
      assert.equal(response.status, status);
      assert.equal(response.headers.get('exc'), codes.join(','));
      assert.equal(response.headers.get('content-type'), 'application/json');
      assert.equal(response.headers.get('cache-control'), 'private, no-store');
      assert.deepEqual(await response.json(), { exc: codes });
      if (where === 'employer') assert.equal(gateway.requests.length, 1, 'the invoice is not asked');
    });
  }

  test('an unknown locale segment is a 404 before anything is asked', async () => {
    serve();
    const request = new Request(new URL(`http://localhost:3000/de/employers/mehr/orders/${ORDER}/invoice`));
    const context = new RouterContextProvider();
    provideServerApi(context, createServerApi(request, gateway.url));
    await assert.rejects(
      Promise.resolve().then(() =>
        loader({
          request,
          context,
          params: { locale: 'de', employerSlug: 'mehr', orderId: ORDER },
          unstable_pattern: '',
        } as unknown as Parameters<typeof loader>[0]),
      ),
      (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status === 404,
    );
    assert.equal(gateway.requests.length, 0);
  });
});
