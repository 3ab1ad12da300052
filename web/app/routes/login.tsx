import { useEffect, useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { AuthCard } from '../components/layout/AuthCard.tsx';
import { Button } from '../components/ui/Button.tsx';
import { TextField } from '../components/ui/TextField.tsx';
import { useExcToasts } from '../components/ui/Toaster.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { excText } from '@darmankar/platform/errors/catalogue';
import { isApiError } from '../lib/api.ts';
import { parseClientData, readCookie } from '../lib/client-data.ts';
import { getServerApi } from '../lib/api.server.ts';
import { tidyCellphone } from '../lib/cellphone.ts';
import { localeFromPath, localePath } from '../lib/locale.ts';
import { saveLoginState } from '../lib/login-state.server.ts';
import { originOf, requireKnownLocale, safeBackURL } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';
import { readPageMeta } from '../lib/seo.server.ts';
import { rememberedUserMobile } from '../lib/session-storage.ts';
import { sessionCookies } from '../lib/viewer.server.ts';

/** The gateway's resend cooldown, used when it only tells us a code is already out. */
const DEFAULT_COOLDOWN_SECONDS = 120;

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

/**
 * Someone already logged in is sent on to the back URL (same-site path, as after the code) rather
 * than shown the form again. The client data cookie says there may be a session; the gateway
 * confirms it, so a stale cookie still gets the form.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const backURL = safeBackURL(new URL(request.url).searchParams.get('backURL'), originOf(request));
  const { api } = getServerApi(context);
  // Read beside the session check, not after it.
  const seo = readPageMeta(
    api,
    request,
    { area: 'authentication', page: 'login' },
    { title: 'login.title', description: 'login.description', noindex: true },
  );
  if (parseClientData(readCookie(request.headers.get('cookie'), sessionCookies().clientData)).isLoggedIn) {
    const loggedIn = await api.call('get', '/authentication/cellphone').then(
      () => true,
      () => false,
    );
    if (loggedIn) {
      const locale = localeFromPath(new URL(request.url).pathname);
      throw redirect(safeBackURL(localePath(locale, backURL), originOf(request)));
    }
  }
  return { backURL, seo: await seo };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireKnownLocale(params);
  const form = await request.formData();
  const cellphone = tidyCellphone(String(form.get('cellphone') ?? ''));
  const backURL = safeBackURL(String(form.get('backURL') ?? ''), originOf(request));
  const locale = localeFromPath(new URL(request.url).pathname);
  const verifyURL = `${localePath(locale, '/login/verify')}?backURL=${encodeURIComponent(backURL)}`;
  const { api } = getServerApi(context);
  try {
    // An empty number still reaches the gateway (as `-`), whose answer names what is wrong.
    const sent = await api.call('post', '/authentication/cellphone/{cellphone}', {
      params: { cellphone: cellphone || '-' },
    });
    const resendAt = Date.now() + sent.resendAfterSeconds * 1000;
    return redirect(verifyURL, { headers: { 'Set-Cookie': await saveLoginState({ cellphone, resendAt }) } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    // A code is already on its way to this number: carry on to entering it.
    if (error.has('EXC_AUTHENTICATION_CODE_ALREADY_SENT')) {
      const resendAt = Date.now() + DEFAULT_COOLDOWN_SECONDS * 1000;
      return redirect(verifyURL, { headers: { 'Set-Cookie': await saveLoginState({ cellphone, resendAt }) } });
    }
    return data({ exc: error.codes, cellphone, at: Date.now() }, { status: error.status });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  useExcToasts(actionData?.exc, actionData?.at);
  // Back from "edit number": the number the code went to this session, to correct rather than retype.
  const [remembered, setRemembered] = useState<string | null>(null);
  useEffect(() => setRemembered(rememberedUserMobile()), []);
  const errorText = actionData?.exc?.map((code) => excText(code, locale)).join(' ');
  return (
    <AuthCard title={t('login.heading')} intro={t('login.intro')}>
      <Form method="post" className="flex flex-col gap-5" data-testid="login-form">
        <input type="hidden" name="backURL" value={loaderData.backURL} />
        <TextField
          label={t('login.cellphone')}
          name="cellphone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          dir="ltr"
          isRequired
          autoFocus
          placeholder={t('login.cellphonePlaceholder')}
          key={actionData ? 'submitted' : (remembered ?? 'empty')}
          defaultValue={actionData?.cellphone ?? remembered ?? ''}
          errorMessage={errorText}
          inputClassName="text-center text-lg tracking-widest"
        />
        <Button type="submit" isDisabled={navigation.state === 'submitting'} className="min-h-12">
          {t('login.submit')}
        </Button>
        <p className="text-center text-xs text-muted">{t('login.terms')}</p>
      </Form>
      <a href={localePath(locale, '/')} className="mt-6 block text-center text-sm text-brand-700 hover:underline">
        {t('login.backHome')}
      </a>
    </AuthCard>
  );
}
