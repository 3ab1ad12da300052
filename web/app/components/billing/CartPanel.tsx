import { excText } from '@darmankar/platform/errors/catalogue';
import { Form, Link, useNavigation } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { cartFigures, walletCovers } from '../../lib/billing/display.ts';
import { planTitle } from '../../lib/billing/plan-text.ts';
import type { Order } from '../../lib/billing/types.ts';
import { formatToman, localDigits } from '../../lib/format.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/States.tsx';
import { TextField } from '../ui/TextField.tsx';

/** A form of the cart: its intent and the ids every cart action needs. */
function CartForm({
  intent,
  order,
  children,
  className,
  testId,
}: {
  intent: string;
  order: Order;
  children: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <Form method="post" className={className} data-testid={testId} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="employerId" value={order.employerId} />
      <input type="hidden" name="orderId" value={order.id} />
      {children}
    </Form>
  );
}

/** Subtotal, discount and total, as the service worked them out. */
export function CartFigures({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const figures = cartFigures(order);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2" data-testid="cart-figures">
      <dt className="text-muted">{t('billing.cart.plan')}</dt>
      <dd className="font-semibold" data-testid="cart-plan">
        {order.items[0] ? planTitle(order.items[0].plan, t) : figures.planTitle}
      </dd>
      <dt className="text-muted">{t('billing.cart.subtotal')}</dt>
      <dd data-testid="cart-subtotal">{formatToman(figures.subtotalRials, locale)}</dd>
      {figures.discountRials > 0 && (
        <>
          <dt className="text-muted">{t('billing.cart.discount')}</dt>
          {/* No minus sign: the line's name says it is taken off, and a sign would move with the text direction. */}
          <dd className="text-emerald-800" data-testid="cart-discount">
            {formatToman(figures.discountRials, locale)}
          </dd>
        </>
      )}
      <dt className="border-t border-line pt-2 font-bold">{t('billing.cart.total')}</dt>
      <dd className="border-t border-line pt-2 text-lg font-extrabold text-brand-800" data-testid="cart-total">
        {formatToman(figures.totalRials, locale)}
      </dd>
    </dl>
  );
}

/** The discount code: a field to apply one, or the applied code with its remove button. */
function DiscountCode({ order, refusal }: { order: Order; refusal?: string }) {
  const t = useT();
  const locale = useLocale();
  if (order.discountCode) {
    return (
      <CartForm
        intent="removeDiscount"
        order={order}
        className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900"
        testId="applied-discount"
      >
        <p>{t('billing.cart.appliedCode', { code: order.discountCode })}</p>
        <Button type="submit" variant="ghost" data-testid="remove-discount">
          {t('billing.cart.removeDiscount')}
        </Button>
      </CartForm>
    );
  }
  return (
    <CartForm intent="applyDiscount" order={order} className="flex flex-wrap items-start gap-2" testId="discount-form">
      <TextField
        name="code"
        label={t('billing.cart.discountCode')}
        dir="ltr"
        className="min-w-0 flex-1"
        errorMessage={refusal ? excText(refusal, locale) : undefined}
        autoComplete="off"
      />
      <Button type="submit" variant="secondary" className="mt-7" data-testid="apply-discount">
        {t('billing.cart.applyDiscount')}
      </Button>
    </CartForm>
  );
}

/** Online payment, and the wallet's when its balance covers the total (explained when not). */
function PayButtons({
  order,
  walletBalanceRials,
  walletPath,
  isBusy,
}: {
  order: Order;
  walletBalanceRials: number;
  walletPath: string;
  isBusy: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const covered = walletCovers(walletBalanceRials, order.totalRials);
  return (
    <div className="flex flex-col gap-3">
      <CartForm intent="payOnline" order={order}>
        <Button type="submit" className="w-full" isDisabled={isBusy} data-testid="pay-online">
          {t('billing.cart.payOnline')}
        </Button>
      </CartForm>
      <CartForm intent="payWallet" order={order} className="flex flex-col gap-1">
        <Button
          type="submit"
          variant="secondary"
          className="w-full"
          isDisabled={isBusy || !covered}
          aria-describedby={covered ? 'wallet-balance' : 'wallet-balance wallet-short'}
          data-testid="pay-wallet"
        >
          {t('billing.cart.payWallet')}
        </Button>
        <p id="wallet-balance" className="text-sm text-muted" data-testid="wallet-balance">
          {t('billing.cart.walletBalance', { amount: formatToman(walletBalanceRials, locale) })}
        </p>
        {!covered && (
          <p id="wallet-short" className="text-sm text-amber-900" data-testid="wallet-short">
            {t('billing.cart.walletShort')}{' '}
            <Link
              to={`${walletPath}#top-up`}
              className="font-semibold underline underline-offset-4"
              data-testid="wallet-top-up-link"
            >
              {t('billing.cart.topUp')}
            </Link>
          </p>
        )}
      </CartForm>
    </div>
  );
}

export interface CartPanelProps {
  cart: Order | null;
  walletBalanceRials: number;
  /** The employer's wallet page (with the locale), where a short balance is topped up. */
  walletPath: string;
  /** The discount code's refusal from the last apply, if it was refused. */
  discountRefusal?: string;
}

/** The employer's cart: the plan, the discount code, the figures, payment and delete. */
export function CartPanel({ cart, walletBalanceRials, walletPath, discountRefusal }: CartPanelProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  if (!cart) return <EmptyState>{t('billing.cart.empty')}</EmptyState>;
  const isBusy = navigation.state !== 'idle';
  return (
    <div
      className="flex flex-col gap-5 rounded-2xl border border-line p-5"
      data-testid="cart"
      aria-busy={isBusy || undefined}
    >
      <p className="text-sm text-muted" data-testid="cart-number">
        {t('billing.cart.number', { number: localDigits(cart.number, locale) })}
      </p>
      <CartFigures order={cart} />
      <DiscountCode order={cart} refusal={discountRefusal} />
      <PayButtons order={cart} walletBalanceRials={walletBalanceRials} walletPath={walletPath} isBusy={isBusy} />
      <CartForm intent="deleteCart" order={cart}>
        <Button type="submit" variant="ghost" className="text-danger" isDisabled={isBusy} data-testid="delete-cart">
          {t('billing.cart.delete')}
        </Button>
      </CartForm>
    </div>
  );
}
