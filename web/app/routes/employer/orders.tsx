import type { Route } from './+types/orders';
import { OrdersTable } from '../../components/billing/OrdersTable.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { billingApi } from '../../lib/billing/api.ts';
import { loadBillingEmployer } from '../../lib/billing/pages.server.ts';
import { orRouteError } from '../../lib/errors.ts';
import { localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'billing.orders.title', 'billing.orders.intro', { noindex: true });

const PAGE_SIZE = 20;

/** The page number of `?page=`: a whole number from 1, anything else the first page. */
export function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  const { api, employer } = await loadBillingEmployer(args, 'orders');
  const page = pageNumber(new URL(args.request.url).searchParams.get('page'));
  const list = await orRouteError(billingApi.orders(api, employer.id, page, PAGE_SIZE));
  return { employer, orders: list.items, page: list.page };
}

function Pages({ slug, current, count }: { slug: string; current: number; count: number }) {
  const t = useT();
  const locale = useLocale();
  if (count <= 1) return null;
  return (
    <nav aria-label={t('billing.orders.pages')} className="mt-6 flex flex-wrap gap-2" data-testid="orders-pages">
      {Array.from({ length: count }, (_, index) => index + 1).map((page) => (
        <LocaleLink
          key={page}
          to={`/employers/${slug}/orders?page=${page}`}
          aria-current={page === current ? 'page' : undefined}
          className="grid min-h-11 min-w-11 place-items-center rounded-xl border border-line px-3 text-sm aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
        >
          {localDigits(page, locale)}
        </LocaleLink>
      ))}
    </nav>
  );
}

/** The employer's purchase history, newest first as the service lists it. */
export default function EmployerOrders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { employer, orders, page } = loaderData;
  const name = employer.brand ?? employer.slug;
  return (
    <Page title={t('billing.orders.title')} intro={employer.brand ?? undefined} testId="employer-orders-page">
      {orders.length === 0 ? (
        <EmptyState title={t('billing.orders.empty')}>
          <ButtonLink to={localePath(locale, `/employers/${employer.slug}/pricing`)} className="mt-2">
            {t('billing.orders.toPricing')}
          </ButtonLink>
        </EmptyState>
      ) : (
        <OrdersTable
          orders={orders}
          caption={t('billing.orders.caption', { brand: name })}
          employerSlug={employer.slug}
        />
      )}
      <Pages slug={employer.slug} current={page.page} count={Math.ceil(page.total / Math.max(1, page.pageSize))} />
    </Page>
  );
}
