import { excText } from '@darmankar/platform/errors/catalogue';
import { useEffect, useState } from 'react';
import { Form, redirect, useFetcher, useNavigation } from 'react-router';
import type { Route } from './+types/hiring';
import { ConfirmAction } from '../../components/ui/ConfirmAction.tsx';
import { StepsEditor } from '../../components/employer/StepsEditor.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { toRouteError } from '../../lib/errors.ts';
import { formText, loadEmployer, loginRedirect, runAction } from '../../lib/employer/server.ts';
import { stepLabel, templateLabel } from '../../lib/employer/hiring-names.ts';
import { codeForField, STEP_KINDS, type Step, type Template } from '../../lib/employer/types.ts';
import { localeFromPath, localePath } from '../../lib/locale.ts';
import { employerSettingsPath } from '../../lib/employer/settings-redirect.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { loadViewer } from '../../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'employer.hiring.title', 'employer.hiring.intro');

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api, jar } = getServerApi(context);
  const viewer = await loadViewer(api, jar);
  const url = new URL(request.url);
  if (!viewer.isLoggedIn)
    throw loginRedirect(
      localeFromPath(url.pathname),
      `${employerSettingsPath(params.employerSlug, 'hiring-customization')}${url.search}`,
    );
  const slug = params.employerSlug;
  if (!slug) return { employer: null, templates: [] as Template[], selectedId: null, asked: null };
  const employer = await loadEmployer(api, slug);
  try {
    const { items } = await api.call('get', '/employers/{id}/templates', { params: { id: employer.id } });
    const templates: Template[] = items.map((template) => ({
      ...template,
      steps: [...template.steps].sort((a, b) => a.position - b.position),
    }));
    const asked = url.searchParams.get('template');
    const selected =
      templates.find((template) => template.id === asked) ??
      templates.find((template) => template.isDefault) ??
      templates[0];
    return {
      employer: { id: employer.id, slug: employer.slug, brand: employer.brand },
      templates,
      selectedId: selected?.id ?? null,
      asked: url.searchParams.get('confirm'),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** Every template and step change, by `intent`; failures come back as toasts. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = getServerApi(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const id = formText(form, 'employerId') ?? '';
  const templateId = formText(form, 'templateId') ?? '';
  const stepId = formText(form, 'stepId') ?? '';
  const name = formText(form, 'name') ?? '';
  const stepBody = () => ({ name, kind: formText(form, 'kind') ?? '' });
  return runAction(intent, async () => {
    switch (intent) {
      case 'createTemplate': {
        // The new template is the one shown next, so the steps added after it go to it.
        const created = await api.call('post', '/employers/{id}/templates', { params: { id }, body: { name } });
        const next = new URL(request.url);
        next.searchParams.delete('index');
        next.searchParams.delete('confirm');
        next.searchParams.set('template', created.id);
        return redirect(`${next.pathname}${next.search}`);
      }
      case 'renameTemplate':
        await api.call('put', '/employers/{id}/templates/{templateId}', { params: { id, templateId }, body: { name } });
        return;
      case 'deleteTemplate':
        await api.call('delete', '/employers/{id}/templates/{templateId}', { params: { id, templateId } });
        return;
      case 'addStep':
        await api.call('post', '/employers/{id}/templates/{templateId}/steps', {
          params: { id, templateId },
          body: stepBody(),
        });
        return;
      case 'editStep':
        await api.call('put', '/employers/{id}/templates/{templateId}/steps/{stepId}', {
          params: { id, templateId, stepId },
          body: stepBody(),
        });
        return;
      case 'deleteStep':
        await api.call('delete', '/employers/{id}/templates/{templateId}/steps/{stepId}', {
          params: { id, templateId, stepId },
        });
        return;
      case 'reorder': {
        const ids = JSON.parse(formText(form, 'stepIds') ?? '[]') as unknown;
        await api.call('put', '/employers/{id}/templates/{templateId}/steps', {
          params: { id, templateId },
          body: { stepIds: Array.isArray(ids) ? ids.map(String) : [] },
        });
        return;
      }
      default:
        throw new ApiError(['EXC_UNKNOWN'], 400);
    }
  });
}

/** The text of the first code of `codes` about `field` (`templateName` → EXC_EMPLOYERS_TEMPLATE_NAME_…). */
function useFieldError(codes: readonly string[] | undefined) {
  const locale = useLocale();
  return (field: string) => {
    const code = codeForField(codes, field);
    return code ? excText(code, locale) : undefined;
  };
}

function StepFields({ step, codes }: { step?: Step; codes?: readonly string[] }) {
  const t = useT();
  const errorOf = useFieldError(codes);
  return (
    <>
      <TextField
        name="name"
        label={t('employer.hiring.stepName')}
        defaultValue={step?.name ?? ''}
        errorMessage={errorOf('stepName')}
        isRequired
      />
      <Select
        name="kind"
        label={t('employer.hiring.stepKind')}
        defaultValue={step?.kind ?? 'in_review'}
        options={STEP_KINDS.map((kind) => ({ id: kind, label: t(`employer.stepKind.${kind}` as MessageKey) }))}
      />
    </>
  );
}

/** A modal whose form posts through a fetcher and closes once the change is saved. */
function StepModal({
  title,
  step,
  intent,
  employerId,
  templateId,
  onClose,
  danger,
}: {
  title: string;
  step?: Step;
  intent: string;
  employerId: string;
  templateId: string;
  onClose: () => void;
  danger?: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<{ ok: boolean; exc?: string[]; at: number }>();
  useExcToasts(fetcher.data?.exc, fetcher.data?.at);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={title}>
      <fetcher.Form method="post" className="flex flex-col gap-4" data-testid="step-modal-form" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="employerId" value={employerId} />
        <input type="hidden" name="templateId" value={templateId} />
        {step && <input type="hidden" name="stepId" value={step.id} />}
        {danger ? (
          <p>{t('employer.hiring.deleteStepConfirm', { name: step ? stepLabel(step, t) : '' })}</p>
        ) : (
          <StepFields step={step} codes={fetcher.data?.exc} />
        )}
        <div className="flex gap-2">
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            isDisabled={fetcher.state !== 'idle'}
            data-testid="step-modal-submit"
          >
            {danger ? t('employer.hiring.delete') : t('employer.hiring.save')}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            {t('employer.hiring.cancel')}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

/** The selected employer's hiring templates and their ordered steps (spec §2, §3). */
export default function HiringCustomization({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const [editing, setEditing] = useState<{ step: Step; mode: 'edit' | 'delete' } | null>(null);
  const codes = actionData && 'exc' in actionData ? actionData.exc : undefined;
  useExcToasts(codes, actionData && 'at' in actionData ? actionData.at : undefined);
  // A refusal is also shown under the field of the form that was sent.
  const codesFor = (intent: string) =>
    actionData && 'intent' in actionData && actionData.intent === intent ? codes : undefined;
  const createError = useFieldError(codesFor('createTemplate'));
  const renameError = useFieldError(codesFor('renameTemplate'));
  const { employer, templates, selectedId, asked } = loaderData;
  if (!employer) {
    return (
      <Page title={t('employer.hiring.title')} testId="hiring-page">
        <EmptyState>{t('employer.noEmployer')}</EmptyState>
      </Page>
    );
  }
  const selected = templates.find((template) => template.id === selectedId);
  const hidden = (templateId: string) => (
    <>
      <input type="hidden" name="employerId" value={employer.id} />
      <input type="hidden" name="templateId" value={templateId} />
    </>
  );
  const query = (templateId: string) =>
    `/employers/${encodeURIComponent(employer.slug)}/settings/hiring-customization?template=${encodeURIComponent(templateId)}`;
  return (
    <Page title={t('employer.hiring.title')} intro={employer.brand ?? undefined} testId="hiring-page">
      <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
        <section aria-labelledby="templates-title">
          <h2 id="templates-title" className="mb-3 font-bold">
            {t('employer.hiring.templates')}
          </h2>
          <ul className="mb-4 flex flex-col gap-1" data-testid="templates-list">
            {templates.map((template) => (
              <li key={template.id}>
                <LocaleLink
                  to={query(template.id)}
                  aria-current={template.id === selectedId ? 'page' : undefined}
                  className="block rounded-xl px-3 py-2 text-sm hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-bold aria-[current=page]:text-brand-800"
                  preventScrollReset
                >
                  {templateLabel(template, t)}
                  {template.isDefault && (
                    <span className="ms-2 text-xs text-muted">({t('employer.hiring.default')})</span>
                  )}
                </LocaleLink>
              </li>
            ))}
          </ul>
          {/* A new form once a template is made: the name typed for it is not left in the field. */}
          <Form
            method="post"
            className="flex flex-col gap-2"
            data-testid="create-template-form"
            key={`create-${templates.length}`}
            noValidate
          >
            <input type="hidden" name="intent" value="createTemplate" />
            <input type="hidden" name="employerId" value={employer.id} />
            <TextField
              name="name"
              label={t('employer.hiring.newTemplate')}
              errorMessage={createError('templateName')}
              isRequired
            />
            <div>
              <Button
                type="submit"
                variant="secondary"
                isDisabled={navigation.state === 'submitting'}
                data-testid="create-template"
              >
                {t('employer.hiring.create')}
              </Button>
            </div>
          </Form>
        </section>
        {selected ? (
          <section aria-labelledby="template-title" className="min-w-0" data-testid="template-editor">
            <h2 id="template-title" className="mb-3 text-lg font-bold">
              {templateLabel(selected, t)}
            </h2>
            <div className="mb-6 flex flex-wrap items-end gap-2">
              <Form
                method="post"
                className="flex flex-wrap items-end gap-2"
                key={`rename-${selected.id}-${selected.name}`}
                data-testid="rename-template-form"
                noValidate
              >
                <input type="hidden" name="intent" value="renameTemplate" />
                {hidden(selected.id)}
                <TextField
                  name="name"
                  label={t('employer.hiring.templateName')}
                  defaultValue={selected.name}
                  errorMessage={renameError('templateName')}
                  isRequired
                />
                <Button type="submit" variant="secondary" data-testid="rename-template">
                  {t('employer.hiring.rename')}
                </Button>
              </Form>
              {!selected.isDefault && (
                <ConfirmAction
                  key={`delete-${selected.id}`}
                  intent="deleteTemplate"
                  variant="danger"
                  triggerLabel={t('employer.hiring.deleteTemplate')}
                  title={t('employer.hiring.deleteTemplateTitle')}
                  text={t('employer.hiring.deleteTemplateText', { name: templateLabel(selected, t) })}
                  confirmLabel={t('employer.hiring.deleteTemplate')}
                  isAsked={asked === 'deleteTemplate'}
                  backTo={localePath(locale, query(selected.id))}
                  fields={{ employerId: employer.id, templateId: selected.id }}
                  askFields={{ template: selected.id }}
                  testId="delete-template"
                />
              )}
            </div>
            <h3 className="mb-2 font-bold">{t('employer.hiring.steps')}</h3>
            <p id="steps-hint" className="mb-3 text-sm text-muted">
              {t('employer.hiring.reorderHint')}
            </p>
            {selected.steps.length === 0 ? (
              <EmptyState>{t('employer.hiring.noSteps')}</EmptyState>
            ) : (
              <StepsEditor
                employerId={employer.id}
                templateId={selected.id}
                steps={selected.steps}
                onEdit={(step) => setEditing({ step, mode: 'edit' })}
                onDelete={(step) => setEditing({ step, mode: 'delete' })}
              />
            )}
            <Form
              method="post"
              className="mt-6 flex flex-col gap-3 rounded-2xl border border-line p-4"
              key={`add-${selected.id}-${selected.steps.length}`}
              data-testid="add-step-form"
              noValidate
            >
              <h3 className="font-bold">{t('employer.hiring.addStep')}</h3>
              <input type="hidden" name="intent" value="addStep" />
              {hidden(selected.id)}
              <StepFields codes={codesFor('addStep')} />
              <div>
                <Button type="submit" data-testid="add-step">
                  {t('employer.hiring.addStep')}
                </Button>
              </div>
            </Form>
            {editing && (
              <StepModal
                key={`${editing.mode}-${editing.step.id}`}
                title={editing.mode === 'edit' ? t('employer.hiring.editStep') : t('employer.hiring.deleteStep')}
                step={editing.step}
                intent={editing.mode === 'edit' ? 'editStep' : 'deleteStep'}
                danger={editing.mode === 'delete'}
                employerId={employer.id}
                templateId={selected.id}
                onClose={() => setEditing(null)}
              />
            )}
          </section>
        ) : (
          <EmptyState>{t('employer.hiring.noTemplates')}</EmptyState>
        )}
      </div>
    </Page>
  );
}
