import { excText } from '@darmankar/platform/errors/catalogue';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/agents';
import { ConfirmAction } from '../../components/ui/ConfirmAction.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { toRouteError } from '../../lib/errors.ts';
import { formText, loadEmployer, loginRedirect, runAction } from '../../lib/employer/server.ts';
import { codeForField, EMPLOYER_ACTIONS, type Agent, type EmployerAction } from '../../lib/employer/types.ts';
import { localDigits } from '../../lib/format.ts';
import { employerSettingsPath } from '../../lib/employer/settings-redirect.server.ts';
import { localeFromPath, localePath } from '../../lib/locale.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { loadViewer } from '../../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'employer.agents.title', 'employer.agents.intro');

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  const url = new URL(request.url);
  if (!viewer.isLoggedIn)
    throw loginRedirect(
      localeFromPath(url.pathname),
      `${employerSettingsPath(params.employerSlug, 'agent')}${url.search}`,
    );
  const slug = params.employerSlug;
  // Removing asks first; without JavaScript the question is this page with ?confirm=remove&agent={id}.
  const asked = url.searchParams.get('confirm') === 'remove' ? url.searchParams.get('agent') : null;
  if (!slug) return { employer: null, agents: [] as Agent[], askedRemoval: null };
  const employer = await loadEmployer(api, slug);
  try {
    const agents = await api.call('get', '/employers/{id}/agents', { params: { id: employer.id } });
    return {
      employer: { id: employer.id, slug: employer.slug, brand: employer.brand },
      agents: agents.items satisfies Agent[],
      askedRemoval: asked,
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

function agentBody(form: FormData) {
  return {
    firstName: formText(form, 'firstName') ?? '',
    lastName: formText(form, 'lastName') ?? '',
    title: formText(form, 'title'),
    cellphone: formText(form, 'cellphone') ?? '',
    permissions: form
      .getAll('permissions')
      .filter((value): value is EmployerAction => (EMPLOYER_ACTIONS as readonly unknown[]).includes(value)),
  };
}

/** Invite, change permissions, remove: one action, by `intent`. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = getServerApi(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const id = formText(form, 'employerId') ?? '';
  const agentId = formText(form, 'agentId') ?? '';
  const done: { invited?: { name: string; cellphone: string } } = {};
  const result = await runAction(intent, async () => {
    if (intent === 'invite') {
      const agent = await api.call('post', '/employers/{id}/agents', { params: { id }, body: agentBody(form) });
      done.invited = { name: `${agent.firstName} ${agent.lastName}`, cellphone: agent.cellphone };
    } else if (intent === 'update')
      await api.call('put', '/employers/{id}/agents/{agentId}', { params: { id, agentId }, body: agentBody(form) });
    else if (intent === 'remove')
      await api.call('delete', '/employers/{id}/agents/{agentId}', { params: { id, agentId } });
    else throw new ApiError(['EXC_UNKNOWN'], 400);
  });
  // Who was invited, for the confirmation the page shows.
  const { invited } = done;
  return invited && !(result instanceof Response)
    ? data({ ...result.data, invited }, result.init ?? undefined)
    : result;
}

function PermissionBoxes({ granted, idPrefix }: { granted: readonly string[]; idPrefix: string }) {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('employer.agents.permissions')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {EMPLOYER_ACTIONS.map((action) => (
          <label key={action} className="flex items-center gap-2 text-sm" htmlFor={`${idPrefix}-${action}`}>
            <input
              id={`${idPrefix}-${action}`}
              type="checkbox"
              name="permissions"
              value={action}
              defaultChecked={granted.includes(action)}
              className="size-4"
            />
            {t(`employer.permission.${action}` as MessageKey)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AgentFields({ agent, codes, idPrefix }: { agent?: Agent; codes?: string[]; idPrefix: string }) {
  const t = useT();
  const locale = useLocale();
  // The agent's codes are EXC_EMPLOYERS_AGENT_<FIELD>_<RULE>; both names share …_AGENT_NAME_….
  const errorOf = (field: string) => {
    const code =
      codeForField(codes, `agent${field[0]!.toUpperCase()}${field.slice(1)}`) ??
      (field.endsWith('Name') ? codeForField(codes, 'agentName') : undefined);
    return code ? excText(code, locale) : undefined;
  };
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="firstName"
          label={t('employer.agents.firstName')}
          defaultValue={agent?.firstName ?? ''}
          errorMessage={errorOf('firstName')}
          isRequired
        />
        <TextField
          name="lastName"
          label={t('employer.agents.lastName')}
          defaultValue={agent?.lastName ?? ''}
          errorMessage={errorOf('lastName')}
          isRequired
        />
        <TextField
          name="title"
          label={t('employer.agents.jobTitle')}
          defaultValue={agent?.title ?? ''}
          errorMessage={errorOf('title')}
        />
        <TextField
          name="cellphone"
          label={t('employer.field.cellphone')}
          defaultValue={agent?.cellphone ?? ''}
          errorMessage={errorOf('cellphone')}
          dir="ltr"
          inputMode="numeric"
          isRequired
        />
      </div>
      <PermissionBoxes granted={agent?.permissions ?? []} idPrefix={idPrefix} />
    </>
  );
}

/** The selected employer's agents (`?employer={slug}`, else the first employer of the viewer). */
export default function Agents({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const codes = actionData && 'exc' in actionData ? actionData.exc : undefined;
  useExcToasts(codes, actionData && 'at' in actionData ? actionData.at : undefined);
  const { employer, agents, askedRemoval } = loaderData;
  if (!employer) {
    return (
      <Page title={t('employer.agents.title')} testId="agents-page">
        <EmptyState>{t('employer.noEmployer')}</EmptyState>
      </Page>
    );
  }
  const inviteCodes = actionData && 'intent' in actionData && actionData.intent === 'invite' ? codes : undefined;
  // After an invitation the form starts empty again (a new key) and says who was invited.
  const invited =
    actionData && 'invited' in actionData && actionData.ok
      ? { ...(actionData.invited as { name: string; cellphone: string }), at: actionData.at }
      : null;
  const pagePath = localePath(locale, `/employers/${encodeURIComponent(employer.slug)}/settings/agent`);
  return (
    <Page title={t('employer.agents.title')} intro={employer.brand ?? undefined} testId="agents-page">
      <section aria-labelledby="agents-list-title" className="mb-10">
        <h2 id="agents-list-title" className="mb-4 text-lg font-bold">
          {t('employer.agents.list')}
        </h2>
        {agents.length === 0 ? (
          <EmptyState>{t('employer.agents.empty')}</EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="agents-list">
            {agents.map((agent) => (
              <li key={agent.id} className="rounded-2xl border border-line p-4" data-testid="agent-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-bold">
                      {agent.firstName} {agent.lastName}
                    </p>
                    <p className="text-sm text-muted">
                      {agent.title ? `${agent.title} · ` : ''}
                      <span dir="ltr">{localDigits(agent.cellphone, locale)}</span>
                      {' · '}
                      {agent.userId ? t('employer.agents.joined') : t('employer.agents.invited')}
                    </p>
                    <p className="text-xs text-muted">
                      {agent.permissions.map((p) => t(`employer.permission.${p}` as MessageKey)).join('، ') ||
                        t('employer.agents.noPermissions')}
                    </p>
                  </div>
                  <ConfirmAction
                    intent="remove"
                    variant="danger"
                    triggerLabel={t('employer.agents.remove')}
                    title={t('employer.agents.removeTitle')}
                    text={t('employer.agents.removeText', { name: `${agent.firstName} ${agent.lastName}` })}
                    confirmLabel={t('employer.agents.remove')}
                    isAsked={askedRemoval === agent.id}
                    backTo={pagePath}
                    fields={{ employerId: employer.id, agentId: agent.id }}
                    askFields={{ agent: agent.id }}
                    testId="remove-agent"
                  />
                </div>
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                    {t('employer.agents.edit')}
                  </summary>
                  <Form method="post" className="mt-3 flex flex-col gap-3" noValidate>
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="employerId" value={employer.id} />
                    <input type="hidden" name="agentId" value={agent.id} />
                    <AgentFields agent={agent} idPrefix={`agent-${agent.id}`} />
                    <div>
                      <Button type="submit" data-testid="save-agent">
                        {t('employer.agents.save')}
                      </Button>
                    </div>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="agents-invite-title">
        <h2 id="agents-invite-title" className="mb-4 text-lg font-bold">
          {t('employer.agents.invite')}
        </h2>
        {invited && (
          <p
            role="status"
            className="mb-4 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900"
            data-testid="agent-invited"
          >
            {t('employer.agents.inviteSent', { name: invited.name, cellphone: localDigits(invited.cellphone, locale) })}
          </p>
        )}
        <Form
          method="post"
          className="flex flex-col gap-4 rounded-2xl border border-line p-4"
          data-testid="invite-agent-form"
          key={invited ? `invited-${invited.at}` : 'invite'}
          noValidate
        >
          <input type="hidden" name="intent" value="invite" />
          <input type="hidden" name="employerId" value={employer.id} />
          <AgentFields codes={inviteCodes} idPrefix="invite" />
          <div>
            <Button type="submit" isDisabled={navigation.state === 'submitting'} data-testid="invite-agent">
              {t('employer.agents.inviteSubmit')}
            </Button>
          </div>
        </Form>
      </section>
    </Page>
  );
}
