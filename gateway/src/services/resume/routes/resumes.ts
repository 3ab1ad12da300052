// resumes/*: the public resume by slug, the caller's own resume, its personal information,
// picture and custom resume, and the six sections' items. The resume service checks that the
// caller owns what they read privately or change.
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { defineRoute, type RouteDefinition } from '../../../http/route.ts';
import { FILE_CLAIM_ERRORS, signedLinkResponse } from '../../../routes/schemas.ts';
import type { ModuleContext } from '../../module.ts';
import type { ResumeAdapter } from '../client.ts';
import {
  fieldCodes,
  fileBody,
  idAndSlugResponse,
  itemBody,
  itemParams,
  itemResponses,
  itemsResponse,
  personalBody,
  resumeIdParams,
  resumeResponse,
  SECTION_NAMES,
  slugParams,
  type SectionName,
} from '../schemas.ts';

const tag = 'resumes';
/** What every call on one resume id can answer besides its own codes. */
const OWNED: ExcCode[] = ['EXC_RESUME_ID_IS_INVALID', 'EXC_AUTHORIZATION_FORBIDDEN'];

const SECTION_TITLES: Record<SectionName, string> = {
  educations: 'education',
  jobs: 'job',
  skills: 'skill',
  certificates: 'certificate',
  publications: 'publication',
  languages: 'language',
};

function sectionRoutes(resumes: ResumeAdapter, section: SectionName): RouteDefinition[] {
  const one = SECTION_TITLES[section];
  const codes = fieldCodes(section);
  return [
    defineRoute({
      methods: ['get'],
      path: `/resumes/:id/${section}`,
      summary: `The ${section} of your resume${section === 'jobs' || section === 'educations' ? ', newest first' : ''}`,
      tag,
      session: 'required',
      params: resumeIdParams,
      responses: [{ status: 200, description: `The ${section}`, body: itemsResponse(section) }],
      errors: OWNED,
      handle: ({ params, meta }) => resumes.listItems(params.id, section, meta),
    }),
    defineRoute({
      methods: ['post'],
      path: `/resumes/:id/${section}`,
      summary: `Add a ${one} to your resume; every broken field rule is answered at once`,
      tag,
      session: 'required',
      params: resumeIdParams,
      body: itemBody(section),
      responses: [{ status: 200, description: `The ${one} as stored`, body: itemResponses[section] }],
      errors: [...OWNED, ...codes],
      handle: ({ params, body, meta }) => resumes.addItem(params.id, section, body, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: `/resumes/:id/${section}/:itemId`,
      summary: `Replace a ${one} of your resume`,
      tag,
      session: 'required',
      params: itemParams,
      body: itemBody(section),
      responses: [{ status: 200, description: `The ${one} as stored`, body: itemResponses[section] }],
      errors: [...OWNED, 'EXC_RESUMES_ITEM_NOT_FOUND', ...codes],
      handle: ({ params, body, meta }) => resumes.updateItem(params.id, section, params.itemId, body, meta),
    }),
    defineRoute({
      methods: ['delete'],
      path: `/resumes/:id/${section}/:itemId`,
      summary: `Delete a ${one} of your resume`,
      tag,
      session: 'required',
      params: itemParams,
      responses: [{ status: 204, description: 'Deleted' }],
      errors: [...OWNED, 'EXC_RESUMES_ITEM_NOT_FOUND'],
      handle: ({ params, meta }) => resumes.deleteItem(params.id, section, params.itemId, meta),
    }),
  ];
}

export function resumeRoutes(resumes: ResumeAdapter, context: ModuleContext): RouteDefinition[] {
  const personalCodes = fieldCodes('personal');
  return [
    defineRoute({
      methods: ['get'],
      path: '/resumes/by-slug/:slug',
      summary: 'A resume by its slug: the public view, or everything for its owner',
      tag,
      session: 'optional',
      params: slugParams,
      responses: [
        {
          status: 200,
          description: 'The resume; for anyone but its owner the private fields are null or false',
          body: resumeResponse,
          headers: { 'Cache-Control': 'private, no-cache' },
        },
      ],
      errors: ['EXC_RESUME_ID_IS_INVALID'],
      async handle({ params, req, res, meta }) {
        // A missing or stale session only means the public view; it is never an error here.
        const viewer = await context.sessions.presented(req);
        if (viewer) meta.userId = viewer.userId;
        res.set('Cache-Control', 'private, no-cache');
        return resumes.bySlug(params.slug, meta);
      },
    }),
    defineRoute({
      methods: ['get'],
      path: '/resumes/by-current-user',
      summary: 'Your resume',
      tag,
      session: 'required',
      responses: [{ status: 200, description: 'Your resume', body: resumeResponse }],
      errors: ['EXC_RESUME_ID_IS_INVALID'],
      handle: ({ meta }) => resumes.ofCurrentUser(meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/resumes/by-current-user/id-and-slug',
      summary: 'The id and slug of your resume',
      tag,
      session: 'required',
      responses: [{ status: 200, description: 'Its id and slug', body: idAndSlugResponse }],
      errors: ['EXC_RESUME_ID_IS_INVALID'],
      async handle({ meta }) {
        const resume = await resumes.ofCurrentUser(meta);
        return { id: resume.id, slug: resume.slug };
      },
    }),
    defineRoute({
      methods: ['post'],
      path: '/resumes',
      summary: 'Create your resume with its personal information; every broken field rule is answered at once',
      tag,
      session: 'required',
      body: personalBody,
      responses: [{ status: 200, description: 'The new resume', body: resumeResponse }],
      errors: ['EXC_RESUMES_ALREADY_EXISTS', ...personalCodes],
      handle: ({ body, meta }) => resumes.create(body, meta),
    }),
    defineRoute({
      methods: ['put'],
      path: '/resumes/:id',
      summary: 'Replace the personal information of your resume (its slug stays)',
      tag,
      session: 'required',
      params: resumeIdParams,
      body: personalBody,
      responses: [{ status: 200, description: 'The resume', body: resumeResponse }],
      errors: [...OWNED, ...personalCodes],
      handle: ({ params, body, meta }) => resumes.update(params.id, body, meta),
    }),
    defineRoute({
      methods: ['post'],
      path: '/resumes/:id/picture',
      summary: 'Set the picture to an upload of yours of category RESUME_PICTURE (the previous one is let go)',
      tag,
      session: 'required',
      params: resumeIdParams,
      body: fileBody,
      responses: [{ status: 200, description: 'The resume', body: resumeResponse }],
      errors: [...OWNED, ...FILE_CLAIM_ERRORS],
      handle: ({ params, body, meta }) => resumes.setPicture(params.id, body.fileId, meta),
    }),
    defineRoute({
      methods: ['delete'],
      path: '/resumes/:id/picture',
      summary: 'Remove the picture',
      tag,
      session: 'required',
      params: resumeIdParams,
      responses: [{ status: 200, description: 'The resume', body: resumeResponse }],
      errors: OWNED,
      handle: ({ params, meta }) => resumes.removePicture(params.id, meta),
    }),
    defineRoute({
      methods: ['post'],
      path: '/resumes/:id/custom',
      summary:
        'Attach an upload of yours of category CUSTOM_RESUME as your own resume file (the previous one is let go)',
      tag,
      session: 'required',
      params: resumeIdParams,
      body: fileBody,
      responses: [{ status: 200, description: 'The resume', body: resumeResponse }],
      errors: [...OWNED, ...FILE_CLAIM_ERRORS],
      handle: ({ params, body, meta }) => resumes.setCustom(params.id, body.fileId, body.fileName ?? null, meta),
    }),
    defineRoute({
      methods: ['delete'],
      path: '/resumes/:id/custom',
      summary: 'Remove the custom resume file',
      tag,
      session: 'required',
      params: resumeIdParams,
      responses: [{ status: 200, description: 'The resume', body: resumeResponse }],
      errors: OWNED,
      handle: ({ params, meta }) => resumes.removeCustom(params.id, meta),
    }),
    defineRoute({
      methods: ['get'],
      path: '/resumes/:id/custom/link',
      summary: 'A short-lived signed link to your custom resume file',
      tag,
      session: 'required',
      params: resumeIdParams,
      responses: [
        { status: 200, description: 'The link', body: signedLinkResponse, headers: { 'Cache-Control': 'no-store' } },
      ],
      errors: [...OWNED, 'EXC_RESUMES_CUSTOM_RESUME_NOT_FOUND', 'EXC_FILES_NOT_FOUND'],
      async handle({ params, res, meta }) {
        res.set('Cache-Control', 'no-store');
        return resumes.customLink(params.id, meta);
      },
    }),
    ...SECTION_NAMES.flatMap((section) => sectionRoutes(resumes, section)),
  ];
}
