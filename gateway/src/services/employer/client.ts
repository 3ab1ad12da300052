// The one adapter between the gateway and the employer service: REST-shaped calls in, gRPC
// calls out, protobuf messages turned into the JSON of the REST contract (every key present,
// null when empty).
import { actionValue, actionWord, type EmployerAction } from '@darmankar/platform/employer-actions';
import { createClient, createHealthChecker, type CallOptions, type ClientOptions } from '@darmankar/platform/grpc';
import {
  EmployerService,
  Role,
  type Agent,
  type Employer,
  type Step,
  type Template,
} from '@darmankar/proto/employer/v1/employer_pb';
import type { z } from 'zod';
import { pageMetaOf, type PageMetaAnswer } from '../../http/page-meta.ts';
import type { CallMeta } from '../../http/route.ts';
import { signedLinkJson, type SignedLink } from '../../routes/schemas.ts';
import type {
  agentBody,
  agentSchema,
  employerSchema,
  employerSummarySchema,
  listQuery,
  profileBody,
  publicEmployerSchema,
  stepSchema,
  templateSchema,
} from './schemas.ts';

export type EmployerJson = z.input<typeof employerSchema>;
export type PublicEmployerJson = z.input<typeof publicEmployerSchema>;
export type SummaryJson = z.input<typeof employerSummarySchema>;
export type AgentJson = z.input<typeof agentSchema>;
export type TemplateJson = z.input<typeof templateSchema>;
export type StepJson = z.input<typeof stepSchema>;
type Action = SummaryJson['permissions'][number];

/** The service's enum values as the contract's words (a value this gateway does not know is left out). */
const actionWords = (values: readonly EmployerAction[]): Action[] =>
  values.map(actionWord).filter((word) => word !== undefined);

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});
const n = (value: string | undefined): string | null => value ?? null;

export function employerJson(employer: Employer): EmployerJson {
  const f = employer.fields!;
  return {
    ...publicJson(employer),
    nationalId: n(f.nationalId),
    registrationNumber: n(f.registrationNumber),
    medicalRegistrationNumber: n(f.medicalRegistrationNumber),
    cellphone: n(f.cellphone),
    officialGazetteFileId: n(f.officialGazetteFileId),
    nationalCardFileId: n(f.nationalCardFileId),
    medicalDocumentFileIds: [...f.medicalDocumentFileIds],
    contactFirstName: n(f.contactFirstName),
    contactLastName: n(f.contactLastName),
    contactEmail: n(f.contactEmail),
    isProfileCompleted: employer.isProfileCompleted,
    createdAt: new Date(Number(employer.createdAtMs)).toISOString(),
  };
}

export function publicJson(employer: Employer): PublicEmployerJson {
  const f = employer.fields!;
  return {
    id: employer.id,
    slug: employer.slug,
    isSelfEmployed: employer.isSelfEmployed,
    brand: f.brand,
    registeredName: n(f.registeredName),
    logo: n(f.logo),
    employerType: n(f.employerType),
    industry: n(f.industry),
    ownershipType: n(f.ownershipType),
    province: n(f.province),
    city: n(f.city),
    address: n(f.address),
    phone: n(f.phone),
    website: n(f.website),
    numberOfEmployees: n(f.numberOfEmployees),
    establishmentDate: n(f.establishmentDate),
    about: n(f.about),
    benefits: [...f.benefits],
    isPromoted: employer.isPromoted,
  };
}

const agentJson = (agent: Agent): AgentJson => ({
  id: agent.id,
  userId: n(agent.userId),
  firstName: agent.firstName,
  lastName: agent.lastName,
  title: n(agent.title),
  cellphone: agent.cellphone,
  permissions: actionWords(agent.permissions),
  createdAt: new Date(Number(agent.createdAtMs)).toISOString(),
});
const stepJson = (step: Step): StepJson => ({
  id: step.id,
  name: step.name,
  kind: step.kind as StepJson['kind'],
  position: step.position,
});
const templateJson = (template: Template): TemplateJson => ({
  id: template.id,
  name: template.name,
  isDefault: template.isDefault,
  steps: template.steps.map(stepJson),
});

/** null and absent are the same to the service: no value. */
const some = (value: string | null | undefined) => value ?? undefined;

export interface EmployerAdapter {
  mine(meta: CallMeta): Promise<SummaryJson[]>;
  create(input: { brand: string; isSelfEmployed: boolean }, meta: CallMeta): Promise<EmployerJson>;
  bySlug(slug: string, meta: CallMeta): Promise<EmployerJson>;
  publicBySlug(slug: string, meta: CallMeta): Promise<PublicEmployerJson>;
  publicBySlugWithSeo(slug: string, meta: CallMeta): Promise<{ employer: PublicEmployerJson; seo: PageMetaAnswer }>;
  idOf(slug: string, meta: CallMeta): Promise<string>;
  update(
    id: string,
    isSelfEmployed: boolean,
    body: z.output<typeof profileBody>,
    meta: CallMeta,
  ): Promise<EmployerJson>;
  isProfileCompleted(id: string, meta: CallMeta): Promise<boolean>;
  fileLink(id: string, fileId: string, meta: CallMeta): Promise<SignedLink>;
  hasAccess(id: string, action: string, meta: CallMeta): Promise<boolean>;
  list(
    query: z.output<typeof listQuery>,
    meta: CallMeta,
  ): Promise<{ items: PublicEmployerJson[]; page: number; pageSize: number; total: number }>;
  promoted(meta: CallMeta): Promise<PublicEmployerJson[]>;
  agents(id: string, meta: CallMeta): Promise<AgentJson[]>;
  invite(id: string, body: z.output<typeof agentBody>, meta: CallMeta): Promise<AgentJson>;
  updateAgent(id: string, agentId: string, body: z.output<typeof agentBody>, meta: CallMeta): Promise<AgentJson>;
  removeAgent(id: string, agentId: string, meta: CallMeta): Promise<void>;
  templates(id: string, meta: CallMeta): Promise<TemplateJson[]>;
  createTemplate(id: string, name: string, meta: CallMeta): Promise<TemplateJson>;
  renameTemplate(id: string, templateId: string, name: string, meta: CallMeta): Promise<TemplateJson>;
  removeTemplate(id: string, templateId: string, meta: CallMeta): Promise<void>;
  steps(id: string, templateId: string, meta: CallMeta): Promise<StepJson[]>;
  createStep(id: string, templateId: string, input: { name: string; kind: string }, meta: CallMeta): Promise<StepJson>;
  sortSteps(id: string, templateId: string, stepIds: string[], meta: CallMeta): Promise<StepJson[]>;
  updateStep(
    id: string,
    templateId: string,
    stepId: string,
    input: { name: string; kind: string },
    meta: CallMeta,
  ): Promise<StepJson>;
  removeStep(id: string, templateId: string, stepId: string, meta: CallMeta): Promise<void>;
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

export function createEmployerAdapter(address: string, defaults: ClientOptions): EmployerAdapter {
  const client = createClient(EmployerService, address, defaults);
  const health = createHealthChecker(address);
  // A word that names no action goes as UNSPECIFIED: the service refuses it (EXC_EMPLOYERS_AGENT_PERMISSIONS_ARE_INVALID).
  const agentFields = (body: z.output<typeof agentBody>) => ({
    ...body,
    title: some(body.title),
    permissions: body.permissions.map(actionValue),
  });
  return {
    async mine(meta) {
      const { items } = await client.listMyEmployers({}, options(meta));
      return items.map((item) => ({
        id: item.id,
        slug: item.slug,
        brand: item.brand,
        registeredName: n(item.registeredName),
        logo: n(item.logo),
        isSelfEmployed: item.isSelfEmployed,
        role: item.role === Role.OWNER ? 'owner' : 'agent',
        permissions: actionWords(item.permissions),
        isProfileCompleted: item.isProfileCompleted,
      }));
    },
    async create(input, meta) {
      return employerJson((await client.createEmployer(input, options(meta))).employer!);
    },
    async bySlug(slug, meta) {
      return employerJson((await client.getEmployer({ slug }, options(meta))).employer!);
    },
    async publicBySlug(slug, meta) {
      return publicJson((await client.getPublicEmployer({ slug }, options(meta))).employer!);
    },
    async publicBySlugWithSeo(slug, meta) {
      const answer = await client.getPublicEmployerWithSeo({ slug }, options(meta));
      return { employer: publicJson(answer.employer!), seo: pageMetaOf(answer.seo) };
    },
    async idOf(slug, meta) {
      return (await client.getEmployerId({ slug }, options(meta))).id;
    },
    async update(id, isSelfEmployed, body, meta) {
      const fields: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(body)) if (value !== null && value !== undefined) fields[key] = value;
      return employerJson(
        (await client.updateEmployer({ employerId: id, isSelfEmployed, fields: fields as never }, options(meta)))
          .employer!,
      );
    },
    async fileLink(id, fileId, meta) {
      return signedLinkJson(await client.issueFileLink({ employerId: id, fileId }, options(meta)));
    },
    async isProfileCompleted(id, meta) {
      return (await client.isProfileCompleted({ employerId: id }, options(meta))).isProfileCompleted;
    },
    async hasAccess(id, action, meta) {
      return (await client.hasAccess({ employerId: id, action: actionValue(action) }, options(meta))).hasAccess;
    },
    async list(query, meta) {
      const answer = await client.listEmployers(
        {
          page: { page: query.page, pageSize: query.pageSize, order: query.order ?? '' },
          province: query.province,
          city: query.city,
          industry: query.industry,
          employerType: query.employerType,
          text: query.text,
        },
        options(meta),
      );
      return {
        items: answer.items.map(publicJson),
        page: answer.page!.page,
        pageSize: answer.page!.pageSize,
        total: Number(answer.page!.total),
      };
    },
    async promoted(meta) {
      return (await client.listPromotedEmployers({}, options(meta))).items.map(publicJson);
    },
    async agents(id, meta) {
      return (await client.listAgents({ employerId: id }, options(meta))).items.map(agentJson);
    },
    async invite(id, body, meta) {
      return agentJson((await client.inviteAgent({ employerId: id, fields: agentFields(body) }, options(meta))).agent!);
    },
    async updateAgent(id, agentId, body, meta) {
      return agentJson(
        (await client.updateAgent({ employerId: id, agentId, fields: agentFields(body) }, options(meta))).agent!,
      );
    },
    async removeAgent(id, agentId, meta) {
      await client.removeAgent({ employerId: id, agentId }, options(meta));
    },
    async templates(id, meta) {
      return (await client.listTemplates({ employerId: id }, options(meta))).items.map(templateJson);
    },
    async createTemplate(id, name, meta) {
      return templateJson((await client.createTemplate({ employerId: id, name }, options(meta))).template!);
    },
    async renameTemplate(id, templateId, name, meta) {
      return templateJson((await client.updateTemplate({ employerId: id, templateId, name }, options(meta))).template!);
    },
    async removeTemplate(id, templateId, meta) {
      await client.deleteTemplate({ employerId: id, templateId }, options(meta));
    },
    async steps(id, templateId, meta) {
      return (await client.listSteps({ employerId: id, templateId }, options(meta))).items.map(stepJson);
    },
    async createStep(id, templateId, input, meta) {
      return stepJson((await client.createStep({ employerId: id, templateId, ...input }, options(meta))).step!);
    },
    async sortSteps(id, templateId, stepIds, meta) {
      return (await client.sortSteps({ employerId: id, templateId, stepIds }, options(meta))).items.map(stepJson);
    },
    async updateStep(id, templateId, stepId, input, meta) {
      return stepJson((await client.updateStep({ employerId: id, templateId, stepId, ...input }, options(meta))).step!);
    },
    async removeStep(id, templateId, stepId, meta) {
      await client.deleteStep({ employerId: id, templateId, stepId }, options(meta));
    },
    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
