import { excText } from '@darmankar/platform/errors/catalogue';
import { useEffect } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login-verify';
import { AuthCard } from '../components/layout/AuthCard.tsx';
import { Button } from '../components/ui/Button.tsx';
import { ResendCodeButton } from '../components/ui/ResendCodeButton.tsx';
import { TextField } from '../components/ui/TextField.tsx';
import { toast, useExcToasts } from '../components/ui/Toaster.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { isApiError } from '../lib/api.ts';
import { getServerApi } from '../lib/api.server.ts';
import { localDigits, toLatinDigits } from '../lib/format.ts';
import { localeFromPath, localePath } from '../lib/locale.ts';
import { clearLoginState, readLoginState, saveLoginState } from '../lib/login-state.server.ts';
import { originOf, requireKnownLocale, safeBackURL } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';
import { readPageMeta } from '../lib/seo.server.ts';
import { useCountdown } from '../lib/use-countdown.ts';
import { rememberUserMobile } from '../lib/session-storage.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

function loginURL(request: Request, backURL: string): string {
  const locale = localeFromPath(new URL(request.url).pathname);
  return `${localePath(locale, '/login')}?backURL=${encodeURIComponent(backURL)}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const backURL = safeBackURL(new URL(request.url).searchParams.get('backURL'), originOf(request));
  const [state, seo] = await Promise.all([
    readLoginState(request),
    readPageMeta(
      getServerApi(context).api,
      request,
      { area: 'authentication', page: 'verify' },
      { title: 'verify.title', description: 'verify.description', noindex: true },
    ),
  ]);
  if (!state) throw redirect(loginURL(request, backURL));
  return { cellphone: state.cellphone, resendAt: state.resendAt, backURL, now: Date.now(), seo };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireKnownLocale(params);
  const form = await request.formData();
  const backURL = safeBackURL(String(form.get('backURL') ?? ''), originOf(request));
  const state = await readLoginState(request);
  if (!state) throw redirect(loginURL(request, backURL));
  const locale = localeFromPath(new URL(request.url).pathname);
  const { api } = getServerApi(context);
  const number = { cellphone: state.cellphone };

  try {
    if (form.get('intent') === 'resend') {
      const sent = await api.call('post', '/authentication/cellphone/{cellphone}', { params: number });
      const resendAt = Date.now() + sent.resendAfterSeconds * 1000;
      return data(
        { resent: true as const, exc: undefined, at: Date.now() },
        { headers: { 'Set-Cookie': await saveLoginState({ ...state, resendAt }) } },
      );
    }
    const code = toLatinDigits(String(form.get('code') ?? '')).replace(/\s/g, '');
    const verified = await api.call('post', '/authentication/cellphone/{cellphone}/verify', {
      params: number,
      query: { next: 'Login' },
      body: { code },
    });
    const next = verified.user.isNew
      ? `${localePath(locale, '/login/role')}?backURL=${encodeURIComponent(backURL)}`
      : localePath(locale, backURL);
    // The redirect itself is checked too: whatever it was built from, it stays on our origin.
    return redirect(safeBackURL(next, originOf(request)), { headers: { 'Set-Cookie': await clearLoginState() } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return data({ resent: false as const, exc: error.codes, at: Date.now() }, { status: error.status });
  }
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const secondsLeft = useCountdown(loaderData.resendAt, loaderData.now);
  useExcToasts(actionData?.exc, actionData?.at);
  useEffect(() => {
    if (actionData?.resent) toast.success(t('verify.resent'));
  }, [actionData]);
  // The number the code went to is kept for the session (spec §3): "edit number" starts from it.
  useEffect(() => rememberUserMobile(loaderData.cellphone), [loaderData.cellphone]);
  const errorText = actionData?.exc?.map((code) => excText(code, locale)).join(' ');
  const busy = navigation.state === 'submitting';

  return (
    <AuthCard title={t('verify.heading')} intro={t('verify.intro', { cellphone: '' })}>
      <p className="-mt-4 mb-6 text-center font-bold" dir="ltr" data-testid="verify-cellphone">
        {localDigits(loaderData.cellphone, locale)}
      </p>
      <Form method="post" className="flex flex-col gap-5" data-testid="verify-form">
        <input type="hidden" name="backURL" value={loaderData.backURL} />
        <TextField
          label={t('verify.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={6}
          autoFocus
          errorMessage={errorText}
          inputClassName="text-center text-2xl tracking-[0.6em]"
        />
        <Button type="submit" name="intent" value="verify" isDisabled={busy} className="min-h-12">
          {t('verify.submit')}
        </Button>
        <div className="flex items-center justify-between gap-3 text-sm">
          <ResendCodeButton name="intent" value="resend" secondsLeft={secondsLeft} busy={busy} data-testid="resend" />
          <a
            href={`${localePath(locale, '/login')}?backURL=${encodeURIComponent(loaderData.backURL)}`}
            className="rounded-lg px-2 py-2 font-medium text-brand-700 hover:underline"
            data-testid="edit-number"
          >
            {t('verify.editNumber')}
          </a>
        </div>
      </Form>
    </AuthCard>
  );
}
