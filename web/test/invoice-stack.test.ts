// The invoice on the real stack (auth, employer, billing with its sandbox provider, gateway, the
// built web app): an employer pays a plan through the sandbox, and its invoice is downloaded
// through the route's loader and through the web server itself; the PDF's text holds the total in
// Persian words, the Jalali date of the payment, the order number and the buyer's name as the
// billing service answers them. The cart not yet paid is 409, someone else's employer 403, no
// session 401, each as codes and never a PDF.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as React from 'react';
import { RouterContextProvider } from 'react-router';
import { numberToWords } from '@darmankar/platform/number-words';
import { startStack, type RunningStack } from '../../scripts/stack.ts';
import { createServerApi, provideServerApi } from '../app/lib/api.server.ts';
import { formatJalaliDate, localDigits, rialsToToman } from '../app/lib/format.ts';
import type { Invoice } from '../app/lib/invoice/types.ts';
import { closeWarmBrowser } from '../app/lib/pdf.server.ts';
import { loader } from '../app/routes/employer/invoice.ts';
import { cookieRest, employerWithPlan, type EmployerWithPlan, type Rest } from './my-applies-support.ts';
import { pdfText } from './resume-pdf-text.ts';
import { logInThroughApi } from './routes/support/login.ts';

// tsx compiles the app's JSX to the classic React.createElement outside web/ (see routes/support/dom.ts).
(globalThis as { React?: typeof React }).React = React;

const run = Date.now() % 100_000;

/** Whether `phrase` is in the PDF's text word for word, in reading or visual order (see invoice-pdf.test.ts). */
function reads(text: string, phrase: string): boolean {
  const flat = ` ${text.replace(/\s+/g, ' ')} `;
  const words = phrase.split(' ');
  return flat.includes(` ${words.join(' ')} `) || flat.includes(` ${[...words].reverse().join(' ')} `);
}

describe('the invoice on the real stack', () => {
  let stack: RunningStack | undefined;
  let cookie: string;
  let rest: Rest;
  let employer: EmployerWithPlan;
  let paid: { id: string; number: number; totalRials: number; paidAt: string };
  const brand = `درمانگاه صورت‌حساب ${run}`;

  before(async () => {
    stack = await startStack({ name: 'web-invoice', output: 'quiet' });
    cookie = await logInThroughApi(stack.gatewayUrl);
    rest = cookieRest(stack.gatewayUrl, cookie);
    employer = await employerWithPlan(rest, brand);
    const { items } = await rest.send<{
      items: Array<{ id: string; number: number; status: string; totalRials: number; paidAt: string | null }>;
    }>('GET', `orders/${employer.id}/list?page=1&pageSize=10`);
    const order = items.find((each) => each.status === 'paid');
    assert.ok(order?.paidAt, 'the plan was paid');
    paid = { id: order.id, number: order.number, totalRials: order.totalRials, paidAt: order.paidAt };
  });
  after(async () => {
    await closeWarmBrowser();
    await stack?.stop();
  });

  async function download(orderId: string, as = cookie): Promise<Response> {
    const path = `/employers/${employer.slug}/orders/${orderId}/invoice`;
    const request = new Request(new URL(path, 'http://localhost:3000'), { headers: as ? { cookie: as } : {} });
    const context = new RouterContextProvider();
    provideServerApi(context, createServerApi(request, stack!.gatewayUrl));
    return (await loader({
      request,
      context,
      params: { employerSlug: employer.slug, orderId },
      unstable_pattern: '',
    } as unknown as Parameters<typeof loader>[0])) as Response;
  }

  function assertInvoiceText(text: string, invoice: Invoice): void {
    const words = numberToWords(rialsToToman(invoice.totalRials));
    assert.ok(reads(text, `${words} تومان`), `the total in Persian words (${words}): ${text}`);
    assert.ok(reads(text, formatJalaliDate(new Date(paid.paidAt), 'fa')), `the Jalali date of the payment: ${text}`);
    assert.ok(new RegExp(`(^|\\s)${localDigits(paid.number, 'fa')}(\\s|$)`).test(text), `the order number: ${text}`);
    // «صورت‌حساب فروش»: the zero-width non-joiner ends a run in the PDF like a space.
    assert.ok(reads(text, 'صورت حساب فروش'), `the title: ${text}`);
    assert.ok(reads(text, 'درمانگاه'), `the buyer's name: ${text}`);
    assert.ok(reads(text, 'مالیات بر ارزش افزوده'), `the VAT line: ${text}`);
  }

  test('a paid order: the PDF names the total in words, the Jalali date and the order number', async () => {
    const invoice = await rest.send<Invoice>('GET', `orders/${employer.id}/invoices/${paid.id}`);
    assert.equal(invoice.orderNumber, paid.number);
    assert.equal(invoice.totalRials, paid.totalRials);
    assert.equal(invoice.buyer.name, brand, 'the buyer is the employer as the employer service names it');
    assert.ok(invoice.totalRials > 0, 'a plan with a price');

    const response = await download(paid.id);
    assert.equal(response.status, 200, response.headers.get('exc') ?? '');
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.match(
      response.headers.get('content-disposition') ?? '',
      new RegExp(`filename="invoice-${paid.number}\\.pdf"`),
    );
    assert.equal(response.headers.get('cache-control'), 'private, no-store');
    assertInvoiceText(pdfText(Buffer.from(await response.arrayBuffer())).text, invoice);
  });

  test('the web server itself prints it (the built app, its own Chromium and embedded font)', async () => {
    const invoice = await rest.send<Invoice>('GET', `orders/${employer.id}/invoices/${paid.id}`);
    const response = await fetch(`${stack!.webUrl}/employers/${employer.slug}/orders/${paid.id}/invoice`, {
      headers: { cookie },
    });
    assert.equal(response.status, 200, `${response.headers.get('exc')} ${response.status}`);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    const { text, fontFamilies } = pdfText(Buffer.from(await response.arrayBuffer()));
    assert.deepEqual(fontFamilies, ['Vazirmatn']);
    assertInvoiceText(text, invoice);
  });

  test('an order not paid yet has no invoice: 409 as codes', async () => {
    const cart = await rest.send<{ id: string; status: string }>('POST', 'orders/cart', {
      employerId: employer.id,
      planId: '0b6f3c2e-6d0a-4c51-9a10-000000000002',
    });
    assert.equal(cart.status, 'pending');
    try {
      const response = await download(cart.id);
      assert.equal(response.status, 409);
      assert.equal(response.headers.get('exc'), 'EXC_ORDERS_INVOICE_IS_NOT_AVAILABLE');
      assert.notEqual(response.headers.get('content-type'), 'application/pdf');
    } finally {
      await rest.send('DELETE', `orders/${cart.id}/cart`);
    }
  });

  test("someone else's employer is 403, no session 401, an unknown order 404", async () => {
    const stranger = await logInThroughApi(stack!.gatewayUrl);
    const refused = await download(paid.id, stranger);
    assert.equal(refused.status, 403);
    assert.equal(refused.headers.get('exc'), 'EXC_AUTHORIZATION_FORBIDDEN');

    const anonymous = await download(paid.id, '');
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.headers.get('exc'), 'EXC_AUTHENTICATION_REQUIRED');

    const unknown = await download('00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get('exc'), 'EXC_ORDERS_NOT_FOUND');
  });
});
