// The billing screens end to end on the real stack (auth, employer, billing with its sandbox
// provider, gateway, built web app) in Debian's Chromium: an owner creates an employer, puts a
// plan in the cart on its pricing page, applies a discount code, pays online on the sandbox
// page, lands on the success page with the order number, finds the plan active and the order in
// the purchase history; a second plan bought while one is active is reserved, and cancelling the
// reservation goes through the confirmation dialog (Escape closes it; the refund reaches the
// wallet). The history links each paid order's invoice. Buttons are pressed from the keyboard. axe runs on the pricing, sandbox, success and
// history pages at 1280 and 390 px.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { translator } from '../../app/i18n/index.ts';
import type { Plan } from '../../app/lib/billing/types.ts';
import { formatToman, localDigits } from '../../app/lib/format.ts';
import {
  accessibleAtBothWidths,
  assertAccessible,
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

/** A 10% code of this run's own, written where the billing service keeps its codes. */
async function seedDiscountCode(w: World): Promise<string> {
  const url = (w.stack.databaseUrls as Record<string, string | undefined>).billing;
  assert.ok(url, 'the stack has a billing database');
  const code = `WEB${Date.now() % 1_000_000}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('INSERT INTO discount_codes (id, code, percent, created_at) VALUES ($1, $2, 10, now())', [
      randomUUID(),
      code,
    ]);
  } finally {
    await client.end();
  }
  return code;
}

const assertAccessibleAtBothWidths = accessibleAtBothWidths('billing');

/** From the cart, online payment through the sandbox page's "pay", to the success page. */
async function payOnline(page: Page, options: { checkSandbox?: (page: Page) => Promise<void> } = {}): Promise<string> {
  await pressByKeyboard(page, page.getByTestId('pay-online'));
  await page.waitForURL(/\/payments\/sandbox\//);
  await hydrated(page);
  await options.checkSandbox?.(page);
  await pressByKeyboard(page, page.getByRole('button', { name: t('billing.sandbox.pay'), exact: true }));
  await page.waitForURL(/\/orders\/successorder\?orderId=/);
  await hydrated(page);
  return page.getByTestId('outcome-text').innerText();
}

describe('billing screens on the real stack', () => {
  before(async () => {
    world = await startWorld('web-billing', { output: 'quiet' });
  });
  after(async () => {
    await stopWorld(world);
  });

  test('an owner buys a plan with a discount code through the sandbox, then reserves and cancels a second', async () => {
    const w = world!;
    const code = await seedDiscountCode(w);
    const { items: plans } = (await (await fetch(`${w.stack.gatewayUrl}/api/v1/products/plans/list`)).json()) as {
      items: Plan[];
    };
    const [first, second] = plans;
    assert.ok(first && second, 'the catalogue has two plans');
    const owner = await ownerWithEmployer(w, `درمانگاه پرداخت ${Date.now() % 100000}`);
    const { page, slug } = owner;
    try {
      await goto(page, `/employers/${slug}/pricing`);
      assert.equal(await page.getByTestId('site-header').getAttribute('data-variant'), 'employers');
      assert.ok(
        await page
          .getByRole('navigation', { name: t('nav.main') })
          .getByRole('link', { name: t('nav.employerOrders') })
          .isVisible(),
        'the navbar links the history',
      );
      assert.ok(
        await page
          .getByRole('navigation', { name: t('nav.main') })
          .getByRole('link', { name: t('billing.nav.wallet') })
          .isVisible(),
        'the navbar links the wallet',
      );
      await page.getByTestId('cart').or(page.getByTestId('empty-state')).first().waitFor();

      // The first plan into the cart, by keyboard.
      const firstCard = page.getByTestId('plan-card').filter({ hasText: first.title });
      await pressByKeyboard(page, firstCard.getByRole('button', { name: `${t('billing.plans.add')} ${first.title}` }));
      const cart = page.getByTestId('cart');
      await cart.waitFor();
      assert.equal(await cart.getByTestId('cart-total').innerText(), formatToman(first.priceRials, 'fa'));

      // The discount code: typed, and Enter in the field submits its form.
      await cart.getByLabel(t('billing.cart.discountCode')).focus();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await cart.getByTestId('applied-discount').waitFor();
      const discounted = first.priceRials - Math.round(first.priceRials / 10);
      assert.equal(await cart.getByTestId('cart-total').innerText(), formatToman(discounted, 'fa'));
      assert.equal(await cart.getByTestId('pay-wallet').isDisabled(), true, 'an empty wallet cannot pay');
      await assertAccessibleAtBothWidths(page, 'pricing with a cart');

      const orderNumber = /[۰-۹]+/.exec(await cart.getByTestId('cart-number').innerText())?.[0] ?? '';
      const success = await payOnline(page, {
        checkSandbox: async (sandbox) => {
          assert.equal(await sandbox.getByTestId('sandbox-notice').innerText(), t('billing.sandbox.notice'));
          assert.equal(await sandbox.getByTestId('sandbox-amount').innerText(), formatToman(discounted, 'fa'));
          assert.equal(await sandbox.locator('meta[name=robots]').getAttribute('content'), 'noindex');
          await assertAccessibleAtBothWidths(sandbox, 'sandbox');
        },
      });
      assert.equal(success, t('billing.success.text', { number: orderNumber }));
      // The success page's menu is the employer's who paid (its URL names no employer).
      assert.equal(await page.getByTestId('site-header').getAttribute('data-variant'), 'employers');
      await page
        .getByRole('navigation', { name: t('nav.main') })
        .getByRole('link', { name: t('nav.employerOrders') })
        .waitFor();
      await assertAccessibleAtBothWidths(page, 'success');

      // The plan is active, with all it grants left.
      await pressByKeyboard(page, page.getByTestId('outcome-pricing'));
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/employers/${slug}/pricing`);
      await hydrated(page);
      assert.equal(await page.getByTestId('active-plan-title').innerText(), first.title);
      const grantedPostings = first.resources.find((resource) => resource.kind === 'recruitment')?.quantity ?? 0;
      assert.match(
        await page.getByTestId('active-plan').innerText(),
        new RegExp(
          t('billing.held.left', {
            left: localDigits(grantedPostings, 'fa'),
            total: localDigits(grantedPostings, 'fa'),
          }),
        ),
      );
      await assertAccessibleAtBothWidths(page, 'pricing with an active plan');

      // The order in the history, paid, with the sandbox's reference.
      await goto(page, `/employers/${slug}/orders`);
      const row = page.getByTestId('order-row').filter({ hasText: localDigits(orderNumber, 'fa') });
      assert.equal(await row.getByTestId('order-status').innerText(), t('billing.orderStatus.paid'));
      assert.notEqual(await row.getByTestId('order-reference').innerText(), t('billing.orders.noReference'));
      // The paid order's invoice: a link named with its visible words and the order's number.
      const invoice = row.getByRole('link', {
        name: `${t('billing.orders.invoice')} ${t('billing.orders.invoiceOf', { number: localDigits(orderNumber, 'fa') })}`,
      });
      assert.match((await invoice.getAttribute('href')) ?? '', new RegExp(`/employers/.+/orders/[0-9a-f-]+/invoice$`));
      await assertAccessibleAtBothWidths(page, 'orders');

      // A second plan while the first is active is reserved.
      await goto(page, `/employers/${slug}/pricing`);
      await pressByKeyboard(
        page,
        page.getByTestId('plan-card').filter({ hasText: second.title }).getByTestId('add-to-cart'),
      );
      await page.getByTestId('cart').waitFor();
      const reservedNumber = /[۰-۹]+/.exec(await payOnline(page))?.[0] ?? '';
      await goto(page, `/employers/${slug}/pricing`);
      assert.equal(await page.getByTestId('reserved-plan-title').innerText(), second.title);

      // Cancelling it asks first: Escape closes the dialog and gives focus back, the confirmation cancels.
      const trigger = page.getByTestId('cancel-reserved');
      await pressByKeyboard(page, trigger);
      const dialog = page.getByRole('dialog', { name: t('billing.confirm.cancelTitle') });
      await dialog.waitFor();
      // The dialog takes focus in an effect after it shows: waited for, within a bound, then asserted.
      await page
        .waitForFunction(() => document.querySelector('[role=dialog]')?.contains(document.activeElement), undefined, {
          timeout: 5_000,
        })
        .catch(() => {});
      assert.ok(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        'focus moves into the dialog',
      );
      await assertAccessible(page, 'the cancel dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.ok(
        await trigger.evaluate((element) => element === document.activeElement),
        'focus returns to the trigger',
      );
      await pressByKeyboard(page, trigger);
      await pressByKeyboard(page, dialog.getByTestId('cancel-reserved-confirm'));
      await page.getByTestId('reserved-plan').getByTestId('empty-state').waitFor();
      assert.equal(await page.getByTestId('active-plan-title').innerText(), first.title, 'the active plan stays');
      // The refund is the wallet's: the next cart could be paid from it.
      await pressByKeyboard(
        page,
        page.getByTestId('plan-card').filter({ hasText: second.title }).getByTestId('add-to-cart'),
      );
      await page.getByTestId('cart').waitFor();
      assert.equal(
        await page.getByTestId('wallet-balance').innerText(),
        t('billing.cart.walletBalance', { amount: formatToman(second.priceRials, 'fa') }),
      );
      assert.equal(await page.getByTestId('pay-wallet').isDisabled(), false);
      // The history says the reservation was cancelled and where its money went.
      await goto(page, `/employers/${slug}/orders`);
      const refunded = page.getByTestId('order-row').filter({ hasText: reservedNumber });
      assert.equal(await refunded.getByTestId('order-status').innerText(), t('billing.orderStatus.refunded'));
      assert.match(
        await refunded.getByTestId('order-credit').innerText(),
        new RegExp(formatToman(second.priceRials, 'fa')),
      );
      await assertAccessibleAtBothWidths(page, 'orders with a cancelled reservation');
    } catch (error) {
      await screenshot(page, 'billing-failure').catch(() => {});
      throw error;
    } finally {
      await owner.close();
    }
  });
});
