// Invoices of paid orders: the seller from the settings, the buyer from the real employer
// service asked as the calling user, the plan as the line, the discount and its code, the VAT
// included in the total at the rate frozen on the order, and the payment that paid it; only
// for a paid order of that employer, to its owner or an agent with Billing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { PaymentMethod, PaymentPurpose, PaymentStatus } from '@darmankar/proto/billing/v1/billing_pb';
import { includedVat } from '../src/domain/invoices.ts';
import {
  addDiscountCode,
  buyWithSandbox,
  newAgent,
  newEmployer,
  newUser,
  PLAN,
  rejectsWith,
  startStack,
  type Stack,
} from './helpers.ts';

let stack: Stack;
before(async () => {
  stack = await startStack({
    INVOICE_SELLER_NAME: 'شرکت نمونهٔ فروشنده',
    INVOICE_SELLER_NATIONAL_ID: '10380284790',
    INVOICE_SELLER_ECONOMIC_CODE: '411111111111',
    INVOICE_SELLER_ADDRESS: 'تهران، خیابان آزادی',
    INVOICE_SELLER_POSTAL_CODE: '1311111111',
    INVOICE_SELLER_PHONE: '02166000000',
  });
});
after(async () => {
  await stack?.stop();
});

const BUYER = {
  brand: 'کلینیک سلامت',
  registeredName: 'شرکت خدمات درمانی سلامت',
  nationalId: '10380284790',
  address: 'اصفهان، خیابان چهارباغ، پلاک ۱۰',
  phone: '03132220000',
};

async function employerWithProfile() {
  const { owner, employerId } = await newEmployer(stack);
  await stack.employer.updateEmployer({ employerId, isSelfEmployed: false, fields: BUYER }, { userId: owner });
  return { owner, employerId };
}

test('VAT included in a total: total × p / (100 + p), rounded down to a rial', () => {
  assert.equal(includedVat(2_900_000n, 10), 263_636n);
  assert.equal(includedVat(8_910_000n, 10), 810_000n);
  assert.equal(includedVat(0n, 10), 0n);
  assert.equal(includedVat(1_000_000n, 0), 0n);
  assert.equal(includedVat(1_090_000n, 9), 90_000n);
});

test('a paid order: seller, buyer as the owner sees it, the line, the discount and code, the VAT and the payment', async () => {
  await addDiscountCode(stack.db, { code: 'INV10', percent: 10 });
  const { owner, employerId } = await employerWithProfile();
  const cart = (await stack.billing.createCart({ employerId, planId: PLAN.professional }, { userId: owner })).order!;
  await stack.billing.applyDiscount({ employerId, code: 'INV10' }, { userId: owner });
  const started = await stack.billing.startPayment(
    { orderId: cart.id, method: PaymentMethod.GATEWAY },
    { userId: owner },
  );
  const authority = new URL(started.redirectUrl).pathname.split('/').pop()!;
  await stack.billing.decideSandboxPayment({ authority, approve: true });
  await stack.billing.submitPayment({ authority, status: 'OK' });

  const invoice = (await stack.billing.getInvoice({ employerId, orderId: cart.id }, { userId: owner })).invoice!;
  const order = await stack.db.order.findUniqueOrThrow({ where: { id: cart.id } });
  assert.equal(invoice.orderId, cart.id);
  assert.equal(invoice.orderNumber, cart.number);
  assert.equal(invoice.issuedAtMs, BigInt(order.paidAt!.getTime()));
  assert.deepEqual(
    { ...invoice.seller, $typeName: undefined },
    {
      $typeName: undefined,
      name: 'شرکت نمونهٔ فروشنده',
      nationalId: '10380284790',
      economicCode: '411111111111',
      address: 'تهران، خیابان آزادی',
      postalCode: '1311111111',
      phone: '02166000000',
    },
  );
  assert.equal(invoice.buyer?.name, BUYER.registeredName, 'the registered name before the brand');
  assert.equal(invoice.buyer?.nationalId, BUYER.nationalId);
  assert.equal(invoice.buyer?.address, BUYER.address);
  assert.equal(invoice.buyer?.phone, BUYER.phone);
  assert.deepEqual(
    invoice.lines.map((line) => [line.title, line.quantity, line.unitPrice?.rials, line.amount?.rials]),
    [['حرفه‌ای', 1, 9_900_000n, 9_900_000n]],
  );
  assert.equal(invoice.subtotal?.rials, 9_900_000n);
  assert.equal(invoice.discount?.rials, 990_000n);
  assert.equal(invoice.discountCode, 'INV10');
  assert.equal(invoice.total?.rials, 8_910_000n);
  assert.equal(invoice.vatPercent, 10);
  assert.equal(invoice.vat?.rials, 810_000n);
  assert.equal(order.vatPercent, 10, 'the rate is kept on the order');
  assert.equal(invoice.payment?.status, PaymentStatus.PAID);
  assert.equal(invoice.payment?.purpose, PaymentPurpose.ORDER);
  assert.equal(invoice.payment?.amount?.rials, 8_910_000n);
  assert.ok(invoice.payment?.reference, 'the provider reference');

  // The rate is the order's, not today's setting.
  await stack.db.order.update({ where: { id: cart.id }, data: { vatPercent: 9 } });
  const later = (await stack.billing.getInvoice({ employerId, orderId: cart.id }, { userId: owner })).invoice!;
  assert.equal(later.vatPercent, 9);
  assert.equal(later.vat?.rials, (8_910_000n * 9n) / 109n);
});

test('a free first plan has an invoice of zero; a brand stands in for a missing registered name', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const cart = (await stack.billing.createCart({ employerId, planId: PLAN.basic }, { userId: owner })).order!;
  await stack.billing.applyDiscount({ employerId, code: 'FIRSTAD' }, { userId: owner });
  await stack.billing.startPayment({ orderId: cart.id, method: PaymentMethod.GATEWAY }, { userId: owner });
  const invoice = (await stack.billing.getInvoice({ employerId, orderId: cart.id }, { userId: owner })).invoice!;
  assert.equal(invoice.total?.rials, 0n);
  assert.equal(invoice.discount?.rials, 2_900_000n);
  assert.equal(invoice.discountCode, 'FIRSTAD');
  assert.equal(invoice.vat?.rials, 0n);
  assert.match(invoice.buyer!.name, /^کلینیک /);
  assert.equal(invoice.buyer?.nationalId, '');
  assert.equal(invoice.payment?.amount?.rials, 0n);
});

test('only a paid order of that employer, to its owner or an agent with Billing', async () => {
  const { owner, employerId } = await employerWithProfile();
  const { order } = await buyWithSandbox(stack, owner, employerId, PLAN.basic);
  const cart = (await stack.billing.createCart({ employerId, planId: PLAN.professional }, { userId: owner })).order!;

  await rejectsWith(
    stack.billing.getInvoice({ employerId, orderId: cart.id }, { userId: owner }),
    'EXC_ORDERS_INVOICE_IS_NOT_AVAILABLE',
  );
  const other = await newEmployer(stack);
  await rejectsWith(
    stack.billing.getInvoice({ employerId: other.employerId, orderId: order.id }, { userId: other.owner }),
    'EXC_ORDERS_NOT_FOUND',
  );
  await rejectsWith(
    stack.billing.getInvoice({ employerId, orderId: randomUUID() }, { userId: owner }),
    'EXC_ORDERS_NOT_FOUND',
  );
  await rejectsWith(
    stack.billing.getInvoice({ employerId, orderId: 'not-an-id' }, { userId: owner }),
    'EXC_ORDERS_ID_IS_INVALID',
  );

  const billingAgent = await newAgent(stack, owner, employerId, ['Billing']);
  const seen = (await stack.billing.getInvoice({ employerId, orderId: order.id }, { userId: billingAgent })).invoice!;
  assert.equal(seen.total?.rials, 2_900_000n);
  assert.equal(seen.buyer?.name, BUYER.registeredName);
  assert.equal(seen.buyer?.nationalId, '', 'the national id is shown only to those who may edit the profile');
  const editor = await newAgent(stack, owner, employerId, ['Billing', 'EmployerEdit']);
  assert.equal(
    (await stack.billing.getInvoice({ employerId, orderId: order.id }, { userId: editor })).invoice?.buyer?.nationalId,
    BUYER.nationalId,
  );

  const postingsAgent = await newAgent(stack, owner, employerId, ['RecruitmentCreate']);
  await rejectsWith(
    stack.billing.getInvoice({ employerId, orderId: order.id }, { userId: postingsAgent }),
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
  await rejectsWith(
    stack.billing.getInvoice({ employerId, orderId: order.id }, { userId: newUser() }),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  await rejectsWith(stack.billing.getInvoice({ employerId, orderId: order.id }), 'EXC_AUTHENTICATION_REQUIRED');
});
