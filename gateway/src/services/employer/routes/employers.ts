// employers/*: the caller's employers, profiles (private, public, SEO), the listing, the access
// check, agents and hiring templates. The employer service decides every rule and access.
import { title } from '@darmankar/platform/closed-lists';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import { FILE_CLAIM_ERRORS, signedLinkResponse } from '../../../routes/schemas.ts';
import type { EmployerAdapter, PublicEmployerJson } from '../client.ts';
import {
  agentBody, agentParams, agentSchema, completedResponse, createBody, employerIdParams, employerSchema, employerSummarySchema, fileParams, hasAccessParams,
  hasAccessResponse, idResponse, itemsOf, listQuery, listResponse, profileBody, publicEmployerSchema, seoResponse, slugParams, sortBody, stepBody,
  stepParams, stepSchema, templateBody, templateParams, templateSchema,
} from '../schemas.ts';

const TAG = 'employers';
const MEMBER: ExcCode[] = ['EXC_EMPLOYERS_NOT_FOUND', 'EXC_AUTHORIZATION_FORBIDDEN'];
const GATED: ExcCode[] = [...MEMBER, 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'];
const BRAND: ExcCode[] = ['EXC_EMPLOYERS_BRAND_IS_REQUIRED', 'EXC_EMPLOYERS_BRAND_IS_TOO_LONG'];
const PROFILE: ExcCode[] = [
  ...BRAND, 'EXC_EMPLOYERS_REGISTERED_NAME_IS_TOO_LONG', 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID', 'EXC_EMPLOYERS_REGISTRATION_NUMBER_IS_INVALID',
  'EXC_EMPLOYERS_MEDICAL_REGISTRATION_NUMBER_IS_INVALID', 'EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_INVALID', 'EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_IN_FUTURE',
  'EXC_EMPLOYERS_WEBSITE_IS_INVALID', 'EXC_EMPLOYERS_CELLPHONE_IS_INVALID', 'EXC_EMPLOYERS_PHONE_IS_INVALID', 'EXC_EMPLOYERS_CONTACT_EMAIL_IS_INVALID',
  'EXC_EMPLOYERS_CONTACT_NAME_IS_TOO_LONG', 'EXC_EMPLOYERS_ABOUT_IS_TOO_LONG', 'EXC_EMPLOYERS_ADDRESS_IS_TOO_LONG', 'EXC_EMPLOYERS_NUMBER_OF_EMPLOYEES_IS_INVALID',
  'EXC_EMPLOYERS_BENEFITS_ARE_INVALID', 'EXC_EMPLOYERS_FILE_ID_IS_INVALID',
  'EXC_EMPLOYERS_EMPLOYER_TYPE_IS_INVALID', 'EXC_EMPLOYERS_INDUSTRY_IS_INVALID', 'EXC_EMPLOYERS_OWNERSHIP_TYPE_IS_INVALID', 'EXC_EMPLOYERS_PROVINCE_IS_INVALID',
  'EXC_EMPLOYERS_CITY_IS_INVALID',
];
const AGENT: ExcCode[] = [
  'EXC_EMPLOYERS_AGENT_FIRST_NAME_IS_REQUIRED', 'EXC_EMPLOYERS_AGENT_LAST_NAME_IS_REQUIRED', 'EXC_EMPLOYERS_AGENT_NAME_IS_TOO_LONG',
  'EXC_EMPLOYERS_AGENT_TITLE_IS_TOO_LONG', 'EXC_EMPLOYERS_AGENT_CELLPHONE_IS_INVALID', 'EXC_EMPLOYERS_AGENT_PERMISSIONS_ARE_INVALID',
  'EXC_EMPLOYERS_AGENT_IS_DUPLICATE', 'EXC_EMPLOYERS_AGENT_IS_OWNER',
];
const TEMPLATE_NAME: ExcCode[] = ['EXC_EMPLOYERS_TEMPLATE_NAME_IS_REQUIRED', 'EXC_EMPLOYERS_TEMPLATE_NAME_IS_TOO_LONG'];
const STEP: ExcCode[] = ['EXC_EMPLOYERS_STEP_NAME_IS_REQUIRED', 'EXC_EMPLOYERS_STEP_NAME_IS_TOO_LONG', 'EXC_EMPLOYERS_STEP_KIND_IS_INVALID'];
const PAGINATION: ExcCode[] = ['EXC_PAGINATION_PAGE_IS_INVALID', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID', 'EXC_PAGINATION_ORDER_IS_INVALID', 'EXC_EMPLOYERS_FILTER_IS_INVALID'];

function seo(employer: PublicEmployerJson) {
  // Closed-list fields hold ids; the description speaks Persian, so their Persian titles.
  const where = [title('cities', employer.city, 'fa'), title('provinces', employer.province, 'fa')].filter(Boolean).join('، ');
  const about = employer.about ? employer.about.slice(0, 155) : `${employer.brand}${where ? ` در ${where}` : ''}: فرصت‌های شغلی و معرفی در درمانکار`;
  return { title: `${employer.brand} | درمانکار`, description: about, canonicalPath: `/employers/${encodeURIComponent(employer.slug)}` };
}

export function employerRoutes(employers: EmployerAdapter): RouteDefinition[] {
  return [
    defineRoute({
      methods: ['get'], path: '/employers', summary: 'The caller\'s employers: owned, and those where the caller is an agent', tag: TAG, session: 'required',
      responses: [{ status: 200, description: 'An invited agent is linked on the first call after logging in with the invited cellphone', body: itemsOf(employerSummarySchema) }],
      errors: [],
      handle: async ({ meta }) => ({ items: await employers.mine(meta) }),
    }),
    defineRoute({
      methods: ['post'], path: '/employers', summary: 'Create an organisation or a self-employed profile, owned by the caller, with a default hiring template', tag: TAG, session: 'required',
      body: createBody,
      responses: [{ status: 200, description: 'Created', body: employerSchema }],
      errors: BRAND,
      handle: ({ body, meta }) => employers.create(body, meta),
    }),
    // Before /employers/:slug, so `list` is never taken for a slug.
    defineRoute({
      methods: ['get'], path: '/employers/list', summary: 'Employers, promoted first, filtered and paged', tag: TAG, session: 'none',
      query: listQuery,
      responses: [{ status: 200, description: 'One page', body: listResponse }],
      errors: PAGINATION,
      handle: ({ query, meta }) => employers.list(query, meta),
    }),
    defineRoute({
      methods: ['get'], path: '/employers/list/promoted', summary: 'Employers whose plan includes promotion (the home page shows them)', tag: TAG, session: 'none',
      responses: [{ status: 200, description: 'Promoted employers', body: itemsOf(publicEmployerSchema) }],
      errors: [],
      handle: async ({ meta }) => ({ items: await employers.promoted(meta) }),
    }),
    defineRoute({
      methods: ['get'], path: '/employers/by-slug-with-seo/:slug', summary: 'The public profile with its page title, description and canonical path', tag: TAG, session: 'none',
      params: slugParams,
      responses: [{ status: 200, description: 'The employer and its SEO fields', body: seoResponse }],
      errors: ['EXC_EMPLOYERS_NOT_FOUND'],
      handle: async ({ params, meta }) => {
        const employer = await employers.publicBySlug(params.slug, meta);
        return { employer, seo: seo(employer) };
      },
    }),
    defineRoute({
      methods: ['get'], path: '/employers/:slug', summary: 'The profile, for the employer\'s members: the whole of it with EmployerEdit; without it the private fields (national id, registration numbers, cellphone, contact person, documents) are null or empty', tag: TAG, session: 'required',
      params: slugParams,
      responses: [{ status: 200, description: 'The employer', body: employerSchema }],
      errors: MEMBER,
      handle: ({ params, meta }) => employers.bySlug(params.slug, meta),
    }),
    defineRoute({
      methods: ['get'], path: '/employers/:slug/public', summary: 'The public profile', tag: TAG, session: 'none',
      params: slugParams,
      responses: [{ status: 200, description: 'The employer', body: publicEmployerSchema }],
      errors: ['EXC_EMPLOYERS_NOT_FOUND'],
      handle: ({ params, meta }) => employers.publicBySlug(params.slug, meta),
    }),
    defineRoute({
      methods: ['get'], path: '/employers/:slug/get-id', summary: 'The id of the employer with this slug', tag: TAG, session: 'none',
      params: slugParams,
      responses: [{ status: 200, description: 'Its id', body: idResponse }],
      errors: ['EXC_EMPLOYERS_NOT_FOUND'],
      handle: async ({ params, meta }) => ({ id: await employers.idOf(params.slug, meta) }),
    }),
    defineRoute({
      methods: ['put'], path: '/employers/:id/company', summary: 'Replace the profile as an organisation (EmployerEdit)', tag: TAG, session: 'required',
      params: employerIdParams, body: profileBody,
      responses: [{ status: 200, description: 'Saved', body: employerSchema }],
      errors: [...GATED, ...PROFILE, ...FILE_CLAIM_ERRORS],
      handle: ({ params, body, meta }) => employers.update(params.id, false, body, meta),
    }),
    defineRoute({
      methods: ['put'], path: '/employers/:id/self-employment', summary: 'Replace the profile as a self-employed clinician (EmployerEdit)', tag: TAG, session: 'required',
      params: employerIdParams, body: profileBody,
      responses: [{ status: 200, description: 'Saved', body: employerSchema }],
      errors: [...GATED, ...PROFILE, ...FILE_CLAIM_ERRORS],
      handle: ({ params, body, meta }) => employers.update(params.id, true, body, meta),
    }),
    defineRoute({
      methods: ['get'], path: '/employers/:id/files/:fileId/link', summary: 'A short-lived signed link to one of the employer\'s files, e.g. a private document (EmployerEdit)', tag: TAG, session: 'required',
      params: fileParams,
      responses: [{ status: 200, description: 'The link', body: signedLinkResponse, headers: { 'Cache-Control': 'no-store' } }],
      errors: [...GATED, 'EXC_FILES_NOT_FOUND'],
      async handle({ params, res, meta }) {
        res.set('Cache-Control', 'no-store');
        return employers.fileLink(params.id, params.fileId, meta);
      },
    }),
    defineRoute({
      methods: ['get'], path: '/employers/:id/is-profile-completed', summary: 'Whether the profile allows posting ads: a medical registration number, or a national id with a registration number', tag: TAG, session: 'required',
      params: employerIdParams,
      responses: [{ status: 200, description: 'The answer', body: completedResponse }],
      errors: MEMBER,
      handle: async ({ params, meta }) => ({ isProfileCompleted: await employers.isProfileCompleted(params.id, meta) }),
    }),
    defineRoute({
      methods: ['get'], path: '/employers/:id/has-access/:action', summary: 'Whether the caller may do this action at the employer (false for a stranger or a denied agent)', tag: TAG, session: 'required',
      params: hasAccessParams,
      responses: [{ status: 200, description: 'The answer', body: hasAccessResponse }],
      errors: ['EXC_EMPLOYERS_ACTION_IS_INVALID'],
      handle: async ({ params, meta }) => ({ hasAccess: await employers.hasAccess(params.id, params.action, meta) }),
    }),

    defineRoute({
      methods: ['get'], path: '/employers/:id/agents', summary: 'The employer\'s agents (AgentManage)', tag: TAG, session: 'required',
      params: employerIdParams,
      responses: [{ status: 200, description: 'The agents', body: itemsOf(agentSchema) }],
      errors: GATED,
      handle: async ({ params, meta }) => ({ items: await employers.agents(params.id, meta) }),
    }),
    defineRoute({
      methods: ['post'], path: '/employers/:id/agents', summary: 'Invite an agent by cellphone (AgentManage); the invitation is sent as a message. An agent grants only permissions they hold; AgentManage only the owner grants', tag: TAG, session: 'required',
      params: employerIdParams, body: agentBody,
      responses: [{ status: 200, description: 'Invited', body: agentSchema }],
      errors: [...GATED, ...AGENT, 'EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS'],
      handle: ({ params, body, meta }) => employers.invite(params.id, body, meta),
    }),
    defineRoute({
      methods: ['put'], path: '/employers/:id/agents/:agentId', summary: 'Change an agent and their permissions (AgentManage); takes effect at once. An agent adds only permissions they hold, never AgentManage, and never changes their own; another cellphone is another person, so all the permissions count as added', tag: TAG, session: 'required',
      params: agentParams, body: agentBody,
      responses: [{ status: 200, description: 'Saved', body: agentSchema }],
      errors: [...GATED, ...AGENT, 'EXC_EMPLOYERS_AGENT_NOT_FOUND', 'EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS', 'EXC_EMPLOYERS_AGENT_CANNOT_CHANGE_OWN_PERMISSIONS'],
      handle: ({ params, body, meta }) => employers.updateAgent(params.id, params.agentId, body, meta),
    }),
    defineRoute({
      methods: ['delete'], path: '/employers/:id/agents/:agentId', summary: 'Remove an agent (AgentManage); their access ends at once', tag: TAG, session: 'required',
      params: agentParams,
      responses: [{ status: 204, description: 'Removed' }],
      errors: [...GATED, 'EXC_EMPLOYERS_AGENT_NOT_FOUND'],
      handle: ({ params, meta }) => employers.removeAgent(params.id, params.agentId, meta).then(() => undefined),
    }),

    defineRoute({
      methods: ['get'], path: '/employers/:id/templates', summary: 'Hiring templates with their steps (EmployerEdit, RecruitmentCreate, RecruitmentEdit or ApplyManage)', tag: TAG, session: 'required',
      params: employerIdParams,
      responses: [{ status: 200, description: 'The templates, the default first', body: itemsOf(templateSchema) }],
      errors: GATED,
      handle: async ({ params, meta }) => ({ items: await employers.templates(params.id, meta) }),
    }),
    defineRoute({
      methods: ['post'], path: '/employers/:id/templates', summary: 'Add a hiring template with the default steps (EmployerEdit)', tag: TAG, session: 'required',
      params: employerIdParams, body: templateBody,
      responses: [{ status: 200, description: 'Created', body: templateSchema }],
      errors: [...GATED, ...TEMPLATE_NAME],
      handle: ({ params, body, meta }) => employers.createTemplate(params.id, body.name, meta),
    }),
    defineRoute({
      methods: ['put'], path: '/employers/:id/templates/:templateId', summary: 'Rename a hiring template (EmployerEdit)', tag: TAG, session: 'required',
      params: templateParams, body: templateBody,
      responses: [{ status: 200, description: 'Saved', body: templateSchema }],
      errors: [...GATED, ...TEMPLATE_NAME, 'EXC_HIRING_TEMPLATE_NOT_FOUND'],
      handle: ({ params, body, meta }) => employers.renameTemplate(params.id, params.templateId, body.name, meta),
    }),
    defineRoute({
      methods: ['delete'], path: '/employers/:id/templates/:templateId', summary: 'Delete a hiring template no posting uses (EmployerEdit); the default stays', tag: TAG, session: 'required',
      params: templateParams,
      responses: [{ status: 204, description: 'Deleted' }],
      errors: [...GATED, 'EXC_HIRING_TEMPLATE_NOT_FOUND', 'EXC_EMPLOYERS_TEMPLATE_IS_IN_USE', 'EXC_EMPLOYERS_TEMPLATE_IS_DEFAULT', 'EXC_EMPLOYERS_STEP_IS_IN_USE'],
      handle: ({ params, meta }) => employers.removeTemplate(params.id, params.templateId, meta).then(() => undefined),
    }),
    defineRoute({
      methods: ['get'], path: '/employers/:id/templates/:templateId/steps', summary: 'A template\'s steps in order', tag: TAG, session: 'required',
      params: templateParams,
      responses: [{ status: 200, description: 'The steps', body: itemsOf(stepSchema) }],
      errors: [...GATED, 'EXC_HIRING_TEMPLATE_NOT_FOUND'],
      handle: async ({ params, meta }) => ({ items: await employers.steps(params.id, params.templateId, meta) }),
    }),
    defineRoute({
      methods: ['post'], path: '/employers/:id/templates/:templateId/steps', summary: 'Append a step (EmployerEdit)', tag: TAG, session: 'required',
      params: templateParams, body: stepBody,
      responses: [{ status: 200, description: 'Added', body: stepSchema }],
      errors: [...GATED, ...STEP, 'EXC_HIRING_TEMPLATE_NOT_FOUND'],
      handle: ({ params, body, meta }) => employers.createStep(params.id, params.templateId, body, meta),
    }),
    defineRoute({
      methods: ['put'], path: '/employers/:id/templates/:templateId/steps', summary: 'Reorder the steps: the whole list of ids in the new order (EmployerEdit)', tag: TAG, session: 'required',
      params: templateParams, body: sortBody,
      responses: [{ status: 200, description: 'The steps in their new order', body: itemsOf(stepSchema) }],
      errors: [...GATED, 'EXC_HIRING_TEMPLATE_NOT_FOUND', 'EXC_EMPLOYERS_STEPS_ORDER_IS_INVALID'],
      handle: async ({ params, body, meta }) => ({ items: await employers.sortSteps(params.id, params.templateId, body.stepIds, meta) }),
    }),
    defineRoute({
      methods: ['put'], path: '/employers/:id/templates/:templateId/steps/:stepId', summary: 'Rename a step or change its kind (EmployerEdit)', tag: TAG, session: 'required',
      params: stepParams, body: stepBody,
      responses: [{ status: 200, description: 'Saved', body: stepSchema }],
      errors: [...GATED, ...STEP, 'EXC_HIRING_TEMPLATE_NOT_FOUND', 'EXC_EMPLOYERS_STEP_NOT_FOUND'],
      handle: ({ params, body, meta }) => employers.updateStep(params.id, params.templateId, params.stepId, body, meta),
    }),
    defineRoute({
      methods: ['delete'], path: '/employers/:id/templates/:templateId/steps/:stepId', summary: 'Delete a step no application stands on (EmployerEdit)', tag: TAG, session: 'required',
      params: stepParams,
      responses: [{ status: 204, description: 'Deleted' }],
      errors: [...GATED, 'EXC_HIRING_TEMPLATE_NOT_FOUND', 'EXC_EMPLOYERS_STEP_NOT_FOUND', 'EXC_EMPLOYERS_STEP_IS_IN_USE'],
      handle: ({ params, meta }) => employers.removeStep(params.id, params.templateId, params.stepId, meta).then(() => undefined),
    }),
  ];
}
