import { excText } from '@darmankar/platform/errors/catalogue';
import { Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/add';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { formText, loginRedirect, runAction } from '../../lib/employer/server.ts';
import { codeForField } from '../../lib/employer/types.ts';
import { localeFromPath, localePath } from '../../lib/locale.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { readPageMeta } from '../../lib/seo.server.ts';
import { loadViewer } from '../../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const [viewer, seo] = await Promise.all([
    loadViewer(api, jar),
    readPageMeta(
      api,
      request,
      { area: 'employers', page: 'add' },
      { title: 'employer.add.title', description: 'employer.add.intro', noindex: true },
    ),
  ]);
  if (!viewer.isLoggedIn) throw loginRedirect(localeFromPath(new URL(request.url).pathname), '/employers/add');
  return { seo };
}

/** Creates the organisation (or self-employed profile), then asks for its advanced info. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = getServerApi(context);
  const form = await request.formData();
  const locale = localeFromPath(new URL(request.url).pathname);
  return runAction('create', async () => {
    const employer = await api.call('post', '/employers', {
      body: { brand: formText(form, 'brand') ?? '', isSelfEmployed: form.get('isSelfEmployed') === 'true' },
    });
    return redirect(localePath(locale, `/employers/add/${encodeURIComponent(employer.slug)}`));
  });
}

export default function AddEmployer({ actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const codes = actionData && 'exc' in actionData ? actionData.exc : undefined;
  useExcToasts(codes, actionData && 'at' in actionData ? actionData.at : undefined);
  const brandCode = codeForField(codes, 'brand');
  return (
    <Page title={t('employer.add.title')} intro={t('employer.add.intro')} testId="employer-add-page">
      <Form method="post" className="flex max-w-lg flex-col gap-5" data-testid="employer-add-form" noValidate>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-bold">{t('employer.form.kind')}</legend>
          <label className="flex items-start gap-2 rounded-xl border border-line p-4">
            <input type="radio" name="isSelfEmployed" value="false" defaultChecked className="mt-1" />
            <span>
              <span className="block font-semibold">{t('employer.add.organisation')}</span>
              <span className="block text-sm text-muted">{t('employer.add.organisationText')}</span>
            </span>
          </label>
          <label className="flex items-start gap-2 rounded-xl border border-line p-4">
            <input type="radio" name="isSelfEmployed" value="true" className="mt-1" />
            <span>
              <span className="block font-semibold">{t('employer.add.selfEmployed')}</span>
              <span className="block text-sm text-muted">{t('employer.add.selfEmployedText')}</span>
            </span>
          </label>
        </fieldset>
        <TextField
          name="brand"
          label={t('employer.field.brand')}
          isRequired
          errorMessage={brandCode ? excText(brandCode, locale) : undefined}
        />
        <div>
          <Button type="submit" isDisabled={navigation.state === 'submitting'} data-testid="create-employer-submit">
            {t('employer.add.submit')}
          </Button>
        </div>
      </Form>
    </Page>
  );
}
