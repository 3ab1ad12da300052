// gRPC handlers: parse the request into domain values, call the domain, shape the answer.
import { actionValue, actionWord } from '@darmankar/platform/employer-actions';
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import { pageOrDefaults } from '@darmankar/platform/input';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  AccessOutcome,
  Role,
  type EmployerAction,
  type AgentFields,
  type EmployerFields,
  type EmployerSchema,
  type EmployerService,
} from '@darmankar/proto/employer/v1/employer_pb';
import type { AgentView, Agents } from '../domain/agents.ts';
import { employerSeo } from '../domain/employer-seo.ts';
import type { EmployerView, Employers } from '../domain/employers.ts';
import type { Profile, ProfileInput } from '../domain/profile.ts';
import type { TemplateView, Templates } from '../domain/templates.ts';

const orNull = (value: string | undefined) => value ?? undefined;

/** The contract's enum values as the words the domain keeps; one it does not name is '' (refused there). */
const actionWords = (values: readonly EmployerAction[]) => values.map((value) => actionWord(value) ?? '');
const actionValues = (words: readonly string[]) => words.map(actionValue);

function profileInput(fields: EmployerFields | undefined): ProfileInput {
  const f = fields ?? ({ brand: '', medicalDocumentFileIds: [], benefits: [] } as unknown as EmployerFields);
  return {
    brand: f.brand,
    registeredName: orNull(f.registeredName),
    logo: f.logo,
    employerType: f.employerType,
    nationalId: f.nationalId,
    registrationNumber: f.registrationNumber,
    medicalRegistrationNumber: f.medicalRegistrationNumber,
    industry: f.industry,
    ownershipType: f.ownershipType,
    province: f.province,
    city: f.city,
    address: f.address,
    phone: f.phone,
    cellphone: f.cellphone,
    website: f.website,
    numberOfEmployees: f.numberOfEmployees,
    establishmentDate: f.establishmentDate,
    about: f.about,
    officialGazetteFileId: f.officialGazetteFileId,
    nationalCardFileId: f.nationalCardFileId,
    medicalDocumentFileIds: [...f.medicalDocumentFileIds],
    benefits: [...f.benefits],
    contactFirstName: f.contactFirstName,
    contactLastName: f.contactLastName,
    contactEmail: f.contactEmail,
  };
}

function fieldsOf(
  profile: Profile,
): MessageInitShape<typeof import('@darmankar/proto/employer/v1/employer_pb').EmployerFieldsSchema> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(profile)) if (value !== null) out[key] = value;
  return out as never;
}

function employerMessage(view: EmployerView): MessageInitShape<typeof EmployerSchema> {
  return {
    id: view.id,
    slug: view.slug,
    isSelfEmployed: view.isSelfEmployed,
    fields: fieldsOf(view.profile),
    isProfileCompleted: view.isProfileCompleted,
    isPromoted: view.isPromoted,
    createdAtMs: BigInt(view.createdAtMs),
  };
}

const agentMessage = (agent: AgentView) => ({
  id: agent.id,
  userId: agent.userId ?? undefined,
  firstName: agent.firstName,
  lastName: agent.lastName,
  title: agent.title ?? undefined,
  cellphone: agent.cellphone,
  permissions: actionValues(agent.permissions),
  createdAtMs: BigInt(agent.createdAtMs),
});

const agentInput = (fields: AgentFields | undefined) => ({
  firstName: fields?.firstName ?? '',
  lastName: fields?.lastName ?? '',
  title: fields?.title,
  cellphone: fields?.cellphone ?? '',
  permissions: actionWords(fields?.permissions ?? []),
});

const templateMessage = (template: TemplateView) => template;

const ROLE = { owner: Role.OWNER, agent: Role.AGENT } as const;
const OUTCOME = {
  granted: AccessOutcome.GRANTED,
  agent_denied: AccessOutcome.AGENT_DENIED,
  not_member: AccessOutcome.NOT_MEMBER,
  employer_not_found: AccessOutcome.EMPLOYER_NOT_FOUND,
} as const;

export function employerHandlers(
  employers: Employers,
  agents: Agents,
  templates: Templates,
  site: { publicWebUrl: string },
): ServiceHandlers<typeof EmployerService> {
  return {
    async listMyEmployers(_request, context) {
      const items = await employers.mine(context.userId);
      return {
        items: items.map((item) => ({
          ...item,
          registeredName: item.registeredName ?? undefined,
          logo: item.logo ?? undefined,
          role: ROLE[item.role],
          permissions: actionValues(item.permissions),
        })),
      };
    },
    async createEmployer(request, context) {
      return {
        employer: employerMessage(
          await employers.create(context.userId, { brand: request.brand, isSelfEmployed: request.isSelfEmployed }),
        ),
      };
    },
    async getEmployer(request, context) {
      return { employer: employerMessage(await employers.getPrivate(context.userId, request.slug)) };
    },
    async getPublicEmployer(request) {
      return { employer: employerMessage(await employers.getPublic(request.slug)) };
    },
    async getPublicEmployerWithSeo(request) {
      const view = await employers.getPublic(request.slug);
      return { employer: employerMessage(view), seo: employerSeo(view, site.publicWebUrl) };
    },
    async getEmployerId(request) {
      return { id: await employers.idOf(request.slug) };
    },
    async updateEmployer(request, context) {
      return {
        employer: employerMessage(
          await employers.update(
            context.userId,
            request.employerId,
            request.isSelfEmployed,
            profileInput(request.fields),
          ),
        ),
      };
    },
    async issueFileLink(request, context) {
      const link = await employers.fileLink(context.userId, request.employerId, request.fileId);
      return { path: link.path, expiresAtSeconds: BigInt(link.expiresAtSeconds) };
    },
    async isProfileCompleted(request, context) {
      return { isProfileCompleted: await employers.isProfileCompleted(context.userId, request.employerId) };
    },
    async hasAccess(request, context) {
      const answer = await employers.access(context.userId, request.employerId, actionWord(request.action) ?? '');
      return {
        hasAccess: answer.hasAccess,
        outcome: OUTCOME[answer.outcome],
        role: answer.role ? ROLE[answer.role] : undefined,
        permissions: actionValues(answer.permissions),
      };
    },
    async getEmployerSummary(request) {
      const view = await employers.summary(request.employerId);
      return {
        id: view.id,
        slug: view.slug,
        brand: view.profile.brand,
        logo: view.profile.logo ?? undefined,
        isSelfEmployed: view.isSelfEmployed,
        isProfileCompleted: view.isProfileCompleted,
        ownerUserId: view.ownerUserId,
      };
    },
    async listEmployers(request) {
      const { page, pageSize } = pageOrDefaults(request.page?.page, request.page?.pageSize);
      const { items, total } = await employers.list({
        page,
        pageSize,
        order: request.page?.order || 'newest',
        province: request.province,
        city: request.city,
        industry: request.industry,
        employerType: request.employerType,
        text: request.text,
      });
      return { items: items.map(employerMessage), page: { page, pageSize, total: BigInt(total) } };
    },
    async listPromotedEmployers() {
      return { items: (await employers.promoted()).map(employerMessage) };
    },

    async listAgents(request, context) {
      return { items: (await agents.list(context.userId, request.employerId)).map(agentMessage) };
    },
    async inviteAgent(request, context) {
      return {
        agent: agentMessage(await agents.invite(context.userId, request.employerId, agentInput(request.fields))),
      };
    },
    async updateAgent(request, context) {
      return {
        agent: agentMessage(
          await agents.update(context.userId, request.employerId, request.agentId, agentInput(request.fields)),
        ),
      };
    },
    async removeAgent(request, context) {
      await agents.remove(context.userId, request.employerId, request.agentId);
      return {};
    },

    async listTemplates(request, context) {
      return { items: (await templates.list(context.userId, request.employerId)).map(templateMessage) };
    },
    async createTemplate(request, context) {
      return { template: await templates.create(context.userId, request.employerId, request.name) };
    },
    async updateTemplate(request, context) {
      return { template: await templates.rename(context.userId, request.employerId, request.templateId, request.name) };
    },
    async deleteTemplate(request, context) {
      await templates.remove(context.userId, request.employerId, request.templateId);
      return {};
    },
    async listSteps(request, context) {
      return { items: await templates.steps(context.userId, request.employerId, request.templateId) };
    },
    async createStep(request, context) {
      return {
        step: await templates.addStep(context.userId, request.employerId, request.templateId, {
          name: request.name,
          kind: request.kind,
        }),
      };
    },
    async sortSteps(request, context) {
      return {
        items: await templates.sort(context.userId, request.employerId, request.templateId, [...request.stepIds]),
      };
    },
    async updateStep(request, context) {
      return {
        step: await templates.updateStep(context.userId, request.employerId, request.templateId, request.stepId, {
          name: request.name,
          kind: request.kind,
        }),
      };
    },
    async deleteStep(request, context) {
      await templates.removeStep(context.userId, request.employerId, request.templateId, request.stepId);
      return {};
    },
    async markTemplateInUse(request) {
      return { inUse: await templates.markTemplate(request.templateId, request.delta, request.referenceId) };
    },
    async markStepInUse(request) {
      return { inUse: await templates.markStep(request.stepId, request.delta, request.referenceId) };
    },
  };
}
