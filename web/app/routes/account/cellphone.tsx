import { excText } from '@darmankar/platform/errors/catalogue';
import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/cellphone';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ResendCodeButton } from '../../components/ui/ResendCodeButton.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { toast, useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { cellphoneAction, cellphoneLoader } from '../../lib/account/pages.server.ts';
import { CODE_FIELD_CODES, NUMBER_FIELD_CODES } from '../../lib/account/fields.ts';
import { localDigits } from '../../lib/format.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useCountdown } from '../../lib/use-countdown.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'account.cellphone.title', 'account.cellphone.intro', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  return cellphoneLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return cellphoneAction(args);
}

/**
 * `/applicants/settings/cellphone`: step 1 the new number (a code is texted to it), step 2 the
 * code; success returns to the settings, which show the new number.
 */
export default function ChangeCellphone({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const { pending } = loaderData;
  const secondsLeft = useCountdown(pending?.resendAt ?? 0, loaderData.now);
  const onCode = pending !== null && actionData?.step !== 'number';
  const fieldCodes = new Set(onCode ? CODE_FIELD_CODES : NUMBER_FIELD_CODES);
  const codes = actionData?.exc ?? [];
  const fieldError = codes.filter((code) => fieldCodes.has(code));
  useExcToasts(
    codes.filter((code) => !fieldCodes.has(code)),
    actionData?.at,
  );
  useEffect(() => {
    if (actionData?.resent) toast.success(t('verify.resent'));
  }, [actionData]);
  const errorText = fieldError.length > 0 ? fieldError.map((code) => excText(code, locale)).join(' ') : undefined;
  const busy = navigation.state === 'submitting';

  return (
    <Page title={t('account.cellphone.title')} intro={t('account.cellphone.intro')} testId="cellphone-change-page">
      <div className="mx-auto max-w-md">
        <p className="mb-2 text-sm text-muted" data-testid="cellphone-step">
          {t('account.cellphone.step', { step: localDigits(onCode ? 2 : 1, locale) })}
        </p>
        <p className="mb-6 text-sm text-muted">
          {t('account.cellphone.current', { cellphone: localDigits(loaderData.current, locale) })}
        </p>
        {onCode ? (
          <div className="flex flex-col gap-5">
            <Form method="post" className="flex flex-col gap-5" data-testid="cellphone-code-form">
              <input type="hidden" name="intent" value="verify" />
              <p className="text-sm">
                {t('account.cellphone.codeSentTo')}{' '}
                <bdi dir="ltr" className="font-bold" data-testid="cellphone-pending">
                  {localDigits(pending.cellphone, locale)}
                </bdi>
              </p>
              <TextField
                key={actionData?.at ?? 'first'}
                label={t('account.cellphone.code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                maxLength={6}
                autoFocus
                errorMessage={errorText}
                inputClassName="text-center text-2xl tracking-[0.6em]"
              />
              <Button type="submit" isDisabled={busy} className="min-h-12" data-testid="cellphone-verify">
                {t('account.cellphone.submit')}
              </Button>
            </Form>
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <ResendCodeButton secondsLeft={secondsLeft} busy={busy} data-testid="cellphone-resend" />
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="restart" />
                <Button
                  type="submit"
                  variant="ghost"
                  isDisabled={busy}
                  className="px-2 text-brand-700"
                  data-testid="cellphone-restart"
                >
                  {t('account.cellphone.editNumber')}
                </Button>
              </Form>
            </div>
          </div>
        ) : (
          <Form method="post" className="flex flex-col gap-5" data-testid="cellphone-number-form">
            <input type="hidden" name="intent" value="send" />
            <TextField
              key={actionData?.at ?? 'first'}
              label={t('account.cellphone.new')}
              name="cellphone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              placeholder={t('login.cellphonePlaceholder')}
              defaultValue={actionData?.typed}
              autoFocus
              errorMessage={errorText}
            />
            <Button type="submit" isDisabled={busy} className="min-h-12" data-testid="cellphone-send">
              {t('account.cellphone.send')}
            </Button>
          </Form>
        )}
        <p className="mt-8 text-center">
          <LocaleLink
            to="/applicants/settings"
            className="rounded-lg text-sm font-medium text-brand-700 hover:underline"
            data-testid="cellphone-back"
          >
            {t('account.cellphone.back')}
          </LocaleLink>
        </p>
      </div>
    </Page>
  );
}
