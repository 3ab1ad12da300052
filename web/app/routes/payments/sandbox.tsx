import { Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/sandbox';
import { Button } from '../../components/ui/Button.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { billingApi } from '../../lib/billing/api.ts';
import { runAction } from '../../lib/employer/server.ts';
import { orRouteError } from '../../lib/errors.ts';
import { formatToman, localDigits } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { PageHandle } from '../../lib/page-handle.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'billing.sandbox.title', 'billing.sandbox.intro', { noindex: true });

// A payment provider's page stands on its own: the site's navbar would lead away mid-payment.
export const handle: PageHandle = { header: false, footer: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  return { payment: await orRouteError(billingApi.sandbox(api, params.authority)) };
}

/** Pay or cancel: the sandbox answers with the callback address, Authority and Status in it. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const { api } = getServerApi(context);
  const approve = (await request.formData()).get('decision') === 'pay';
  return runAction('decide', async () => {
    const { redirectUrl } = await billingApi.decideSandbox(api, params.authority, approve);
    return redirect(redirectUrl);
  });
}

/** `/payments/sandbox/{authority}`: the test-mode provider's page, labelled as such. */
export default function SandboxPayment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  useExcToasts(
    actionData && 'exc' in actionData ? actionData.exc : undefined,
    actionData && 'at' in actionData ? actionData.at : undefined,
  );
  const { payment } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-12" data-testid="sandbox-page">
      <p
        role="note"
        className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-sm font-semibold text-amber-900"
        data-testid="sandbox-notice"
      >
        {t('billing.sandbox.notice')}
      </p>
      <h1 className="text-2xl font-extrabold">{t('billing.sandbox.title')}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-line p-5">
        <dt className="text-muted">{t('billing.sandbox.amount')}</dt>
        <dd className="text-lg font-extrabold" data-testid="sandbox-amount">
          {formatToman(payment.amountRials, locale)}
        </dd>
        <dt className="text-muted">{t('billing.sandbox.description')}</dt>
        <dd data-testid="sandbox-description">{localDigits(payment.description, locale)}</dd>
      </dl>
      {payment.decided ? (
        <p role="status" className="text-muted" data-testid="sandbox-decided">
          {t('billing.sandbox.decided')}
        </p>
      ) : (
        <Form method="post" className="flex flex-wrap gap-3">
          <Button
            type="submit"
            name="decision"
            value="pay"
            isDisabled={navigation.state !== 'idle'}
            className="flex-1"
            data-testid="sandbox-pay"
          >
            {t('billing.sandbox.pay')}
          </Button>
          <Button
            type="submit"
            name="decision"
            value="cancel"
            variant="secondary"
            isDisabled={navigation.state !== 'idle'}
            className="flex-1"
            data-testid="sandbox-cancel"
          >
            {t('billing.sandbox.cancel')}
          </Button>
        </Form>
      )}
    </div>
  );
}
