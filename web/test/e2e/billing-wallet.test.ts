// The "done means", walked as a new employer would on the real stack (auth, employer,
// billing with its sandbox provider and a reconciliation job that runs every second, gateway,
// built web app) in Debian's Chromium: the home page's banner shows the billing service's code;
// the first plan bought with it is free and active at once; the wallet is topped up through the
// sandbox page (the success page names the amount, the payment number, the reference and the new
// balance); a second plan is paid from the wallet; both invoices are downloaded from the purchase
// history and their PDF text read (the total in Persian words, the Jalali date); a top-up the
// payer cancelled lands on the failure page; a top-up whose browser never came back from the
// provider is settled by the reconciliation job (the wallet page polled, within a bound, until
// the credit shows). Without JavaScript the top-up form is checked by the server and marks its
// field. axe runs on the wallet page and the top-up outcome pages at 1280 and 390 px.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { numberToWords } from '@darmankar/platform/number-words';
import type { Page } from 'playwright-core';
import { translator } from '../../app/i18n/index.ts';
import type { Plan } from '../../app/lib/billing/types.ts';
import { formatJalaliDate, formatToman, localDigits, rialsToToman } from '../../app/lib/format.ts';
import { pdfText } from '../resume-pdf-text.ts';
import {
  accessibleAtBothWidths,
  goto,
  hydrated,
  ownerWithEmployer,
  pressByKeyboard,
  screenshot,
  startWorld,
  stopWorld,
  type World,
} from './support.ts';

const t = translator('fa');
let world: World | undefined;

const assertAccessibleAtBothWidths = accessibleAtBothWidths('billing-wallet');

/** On the wallet page: a top-up of `rials` sent, the browser on the sandbox page; its authority. */
async function startTopUp(page: Page, slug: string, rials: number): Promise<string> {
  await goto(page, `/employers/${slug}/wallet`);
  await page.getByLabel(t('billing.topUp.amount')).fill(localDigits(rialsToToman(rials), 'fa'));
  await pressByKeyboard(page, page.getByTestId('top-up-submit'));
  await page.waitForURL(/\/payments\/sandbox\//);
  await hydrated(page);
  assert.equal(await page.getByTestId('sandbox-amount').innerText(), formatToman(rials, 'fa'));
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
}

/** The wallet page's balance, read afresh. */
async function walletBalance(page: Page, slug: string): Promise<string> {
  await goto(page, `/employers/${slug}/wallet`);
  return page.getByTestId('wallet-balance-amount').innerText();
}

/** An invoice's PDF text, downloaded through the link of the order's row in the purchase history. */
async function invoiceText(page: Page, orderNumber: string): Promise<string> {
  const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
  const link = row.getByRole('link', {
    name: `${t('billing.orders.invoice')} ${t('billing.orders.invoiceOf', { number: orderNumber })}`,
  });
  const href = await link.getAttribute('href');
  assert.ok(href, `order ${orderNumber} has an invoice link`);
  const response = await page.request.get(href);
  assert.equal(response.status(), 200, `GET ${href}: ${response.status()} ${response.headers().exc ?? ''}`);
  assert.match(response.headers()['content-type'] ?? '', /application\/pdf/);
  return pdfText(await response.body()).text;
}

/**
 * Whether the PDF's text holds a phrase of several words: the PDF draws a right-to-left line's
 * words in visual order, so the words may come reversed; spaces between them vary.
 */
function holdsPhrase(text: string, phrase: string): boolean {
  const spaced = text.replace(/\s+/g, ' ');
  const words = phrase.split(/\s+/);
  return spaced.includes(words.join(' ')) || spaced.includes([...words].reverse().join(' '));
}

describe('the wallet, the banner’s code and invoices on the real stack', () => {
  before(async () => {
    world = await startWorld('web-billing-wallet', {
      output: 'quiet',
      // Reconciliation every second, for payments of any age: the never-returned top-up is settled
      // within the test's bound.
      partEnv: { billing: { RECONCILE_INTERVAL_MS: '1000', RECONCILE_MIN_AGE_MS: '0' } },
    });
  });
  after(async () => {
    await stopWorld(world);
  });

  test('a new employer: a free first plan with the banner’s code, a top-up, a plan from the wallet, two invoices, a top-up settled by reconciliation', async () => {
    const w = world!;
    const { items: plans } = (await (await fetch(`${w.stack.gatewayUrl}/api/v1/products/plans/list`)).json()) as {
      items: Plan[];
    };
    const [first, second] = plans;
    assert.ok(first && second && second.priceRials > 0, 'the catalogue has two plans, the second not free');
    const owner = await ownerWithEmployer(w, `درمانگاه کیف پول ${Date.now() % 100000}`);
    const { page, slug } = owner;
    try {
      // The banner on the home page shows the billing service's code.
      await goto(page, '/');
      const banner = page.getByTestId('promo-banner');
      assert.equal(await banner.locator('p').first().innerText(), t('billing.banner.text'));
      const code = (await banner.getByTestId('promo-code').innerText()).trim();
      assert.match(code, /^\S+$/, 'the banner shows a code');

      // The first plan with that code: free, paid without a provider, active at once.
      await goto(page, `/employers/${slug}/pricing`);
      await pressByKeyboard(
        page,
        page.getByTestId('plan-card').filter({ hasText: first.title }).getByTestId('add-to-cart'),
      );
      const cart = page.getByTestId('cart');
      await cart.waitFor();
      await cart.getByLabel(t('billing.cart.discountCode')).fill(code);
      await pressByKeyboard(page, cart.getByTestId('apply-discount'));
      await cart.getByTestId('applied-discount').waitFor();
      assert.equal(await cart.getByTestId('cart-total').innerText(), formatToman(0, 'fa'));
      const freeNumber = /[۰-۹]+/.exec(await cart.getByTestId('cart-number').innerText())?.[0] ?? '';
      await pressByKeyboard(page, cart.getByTestId('pay-online'));
      await page.waitForURL(/\/orders\/successorder\?orderId=/);
      await hydrated(page);
      assert.equal(
        await page.getByTestId('outcome-text').innerText(),
        t('billing.success.text', { number: freeNumber }),
      );
      await goto(page, `/employers/${slug}/pricing`);
      assert.equal(await page.getByTestId('active-plan-title').innerText(), first.title, 'active at once');

      // The second plan in the cart: the empty wallet cannot pay it and says where to top up.
      await pressByKeyboard(
        page,
        page.getByTestId('plan-card').filter({ hasText: second.title }).getByTestId('add-to-cart'),
      );
      await page.getByTestId('cart').waitFor();
      assert.equal(await page.getByTestId('pay-wallet').isDisabled(), true);
      await pressByKeyboard(page, page.getByTestId('wallet-top-up-link'));
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/employers/${slug}/wallet`);
      await hydrated(page);
      assert.equal(await page.getByTestId('wallet-balance-amount').innerText(), formatToman(0, 'fa'));
      await assertAccessibleAtBothWidths(page, 'wallet empty');

      // A top-up of the second plan's price through the sandbox page.
      await startTopUp(page, slug, second.priceRials);
      await pressByKeyboard(page, page.getByTestId('sandbox-pay'));
      await page.waitForURL(/\/orders\/successwallet\?paymentNumber=/);
      await hydrated(page);
      const paymentNumber = new URL(page.url()).searchParams.get('paymentNumber') ?? '';
      const success = page.getByTestId('top-up-success');
      assert.equal(
        await success.getByTestId('outcome-text').innerText(),
        t('billing.topUpOutcome.paid', { number: localDigits(paymentNumber, 'fa') }),
      );
      assert.equal(await success.getByTestId('outcome-amount').innerText(), formatToman(second.priceRials, 'fa'));
      assert.equal(await success.getByTestId('outcome-payment-number').innerText(), localDigits(paymentNumber, 'fa'));
      assert.match(await success.getByTestId('outcome-reference').innerText(), /^[۰-۹]+$/);
      assert.equal(await success.getByTestId('outcome-balance').innerText(), formatToman(second.priceRials, 'fa'));
      await assertAccessibleAtBothWidths(page, 'top-up success');

      // The ledger names the top-up by its number; the balance pays the second plan.
      await pressByKeyboard(page, success.getByTestId('outcome-wallet'));
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/employers/${slug}/wallet`);
      await hydrated(page);
      const entry = page.getByTestId('wallet-entry').first();
      assert.equal(await entry.getByTestId('wallet-entry-reason').innerText(), t('billing.wallet.reason.top_up'));
      assert.equal(
        await entry.getByTestId('wallet-entry-subject').innerText(),
        t('billing.wallet.paymentNumber', { number: localDigits(paymentNumber, 'fa') }),
      );
      await assertAccessibleAtBothWidths(page, 'wallet with a top-up');
      await goto(page, `/employers/${slug}/pricing`);
      assert.equal(
        await page.getByTestId('wallet-balance').innerText(),
        t('billing.cart.walletBalance', { amount: formatToman(second.priceRials, 'fa') }),
      );
      const paidNumber = /[۰-۹]+/.exec(await page.getByTestId('cart-number').innerText())?.[0] ?? '';
      await pressByKeyboard(page, page.getByTestId('pay-wallet'));
      await page.waitForURL(/\/orders\/successorder\?orderId=/);
      await hydrated(page);
      assert.equal(
        await page.getByTestId('outcome-text').innerText(),
        t('billing.success.text', { number: paidNumber }),
      );
      assert.equal(await walletBalance(page, slug), formatToman(0, 'fa'));
      assert.equal(
        await page.getByTestId('wallet-entry').first().getByTestId('wallet-entry-subject').innerText(),
        t('billing.wallet.orderNumber', { number: paidNumber }),
      );

      // Both invoices from the purchase history: the total in Persian words and the Jalali date.
      await goto(page, `/employers/${slug}/orders`);
      await assertAccessibleAtBothWidths(page, 'orders with invoices');
      const today = formatJalaliDate(new Date(), 'fa');
      for (const [number, totalRials] of [
        [freeNumber, 0],
        [paidNumber, second.priceRials],
      ] as const) {
        const text = await invoiceText(page, number);
        assert.ok(
          holdsPhrase(text, numberToWords(rialsToToman(totalRials))),
          `invoice ${number}: the total in words, in ${text}`,
        );
        assert.ok(holdsPhrase(text, today), `invoice ${number}: the Jalali date ${today}, in ${text}`);
      }

      // A top-up the payer cancelled on the provider's page: its failure page, nothing credited.
      await startTopUp(page, slug, second.priceRials);
      await pressByKeyboard(page, page.getByRole('button', { name: t('billing.sandbox.cancel'), exact: true }));
      await page.waitForURL(/\/orders\/failwallet\?paymentNumber=/);
      await hydrated(page);
      const cancelled = page.getByTestId('top-up-fail');
      const cancelledNumber = localDigits(new URL(page.url()).searchParams.get('paymentNumber') ?? '', 'fa');
      assert.ok(
        [
          t('billing.topUpOutcome.failed', { number: cancelledNumber }),
          t('billing.topUpOutcome.pending', { number: cancelledNumber }),
        ].includes(await cancelled.getByTestId('outcome-text').innerText()),
        'a cancelled top-up is not paid',
      );
      assert.equal(await cancelled.getByTestId('outcome-balance').innerText(), formatToman(0, 'fa'));
      await assertAccessibleAtBothWidths(page, 'top-up failure');

      // A top-up approved on the provider's page whose browser never came back: the reconciliation
      // job asks the provider and credits the wallet; the page is read until it shows, within a bound.
      const authority = await startTopUp(page, slug, first.priceRials);
      const approved = await page.request.post(`/api/v1/finance/sandbox/${encodeURIComponent(authority)}`, {
        data: { approve: true },
        headers: { 'accept-cookie': 'true' },
      });
      assert.equal(approved.status(), 200, 'the sandbox took the approval');
      const expected = formatToman(first.priceRials, 'fa');
      const approvedAt = Date.now();
      const deadline = approvedAt + 30_000;
      let balance = await walletBalance(page, slug);
      while (balance !== expected && Date.now() < deadline) {
        await page.waitForTimeout(500);
        balance = await walletBalance(page, slug);
      }
      assert.equal(balance, expected, 'reconciliation credited the top-up the browser never brought back');
      console.log(`reconciliation credited the never-returned top-up within ${Date.now() - approvedAt} ms`);
      assert.equal(
        await page.getByTestId('wallet-entry').first().getByTestId('wallet-entry-reason').innerText(),
        t('billing.wallet.reason.top_up'),
      );
    } catch (error) {
      await screenshot(page, 'billing-wallet-failure').catch(() => {});
      throw error;
    } finally {
      await owner.close();
    }
  });

  test('without JavaScript the top-up form is checked by the server: the field is marked and keeps the amount', async () => {
    const w = world!;
    const owner = await ownerWithEmployer(w, `درمانگاه بی‌اسکریپت ${Date.now() % 100000}`);
    const state = await owner.page.context().storageState();
    const context = await w.browser.newContext({
      baseURL: w.stack.webUrl,
      viewport: { width: 390, height: 800 },
      locale: 'fa-IR',
      javaScriptEnabled: false,
      storageState: state,
    });
    const page = await context.newPage();
    try {
      await page.goto(`/employers/${owner.slug}/wallet`);
      const field = page.getByLabel(t('billing.topUp.amount'));
      await field.fill('۵');
      await page.getByTestId('top-up-submit').click();
      await page.waitForLoadState('load');
      const after = page.getByLabel(t('billing.topUp.amount'));
      assert.equal(await after.getAttribute('aria-invalid'), 'true', 'the field at fault is marked');
      assert.equal(await after.inputValue(), '۵');
      assert.ok(await page.getByText(t('billing.topUp.outOfBounds')).isVisible());
      assert.ok(new URL(page.url()).pathname.endsWith('/wallet'), 'still on the wallet page');
    } finally {
      await context.close();
      await owner.close();
    }
  });
});
