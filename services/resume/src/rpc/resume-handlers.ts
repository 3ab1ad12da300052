// gRPC handlers: parse the request into domain values, call the domain, shape the answer.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ServiceHandlers } from '@darmankar/platform/grpc';
import {
  Section,
  type Certificate,
  type Education,
  type Job,
  type Language,
  type PersonalInfo as PersonalMessage,
  type Publication,
  type Resume as ResumeMessage,
  type ResumeService,
  type SectionItem,
  type Skill,
} from '@darmankar/proto/resume/v1/resume_pb';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { SectionItemSchema, ResumeSchema } from '@darmankar/proto/resume/v1/resume_pb';
import type { Item, Resumes, ResumeView } from '../domain/resumes.ts';
import type { PersonalInfo, Raw, SectionName } from '../domain/rules.ts';

const SECTION_NAMES: Partial<Record<Section, SectionName>> = {
  [Section.EDUCATIONS]: 'educations',
  [Section.JOBS]: 'jobs',
  [Section.SKILLS]: 'skills',
  [Section.CERTIFICATES]: 'certificates',
  [Section.PUBLICATIONS]: 'publications',
  [Section.LANGUAGES]: 'languages',
};

const ITEM_CASES: Record<SectionName, NonNullable<SectionItem['item']['case']>> = {
  educations: 'education',
  jobs: 'job',
  skills: 'skill',
  certificates: 'certificate',
  publications: 'publication',
  languages: 'language',
};

function sectionOf(section: Section): SectionName {
  const name = SECTION_NAMES[section];
  if (!name) throw new DomainError('EXC_BAD_REQUEST');
  return name;
}

function personalIn(message: PersonalMessage | undefined): Raw<PersonalInfo> {
  if (!message) return {};
  const { $typeName: _, ...fields } = message;
  return fields;
}

/** The item of a request and its section; its id (if any) is not part of the values. */
function itemIn(item: SectionItem | undefined): { section: SectionName; raw: Record<string, unknown> } {
  const value = item?.item;
  if (!value?.case) throw new DomainError('EXC_BAD_REQUEST');
  const section = (Object.keys(ITEM_CASES) as SectionName[]).find((name) => ITEM_CASES[name] === value.case)!;
  const {
    $typeName: _,
    id: __,
    ...raw
  } = value.value as unknown as Record<string, unknown> & { $typeName: string; id: string };
  return { section, raw };
}

const text = (value: number | null): string | undefined => (value === null ? undefined : String(value));
const optional = (value: string | null): string | undefined => value ?? undefined;

function itemOut(section: SectionName, item: Item): MessageInitShape<typeof SectionItemSchema> {
  switch (section) {
    case 'educations': {
      const e = item as Item<'educations'>;
      return {
        item: {
          case: 'education',
          value: {
            id: e.id,
            university: e.university,
            fieldOfStudy: e.fieldOfStudy,
            degreeLevel: e.degreeLevel,
            gpa: text(e.gpa),
            startYear: String(e.startYear),
            endYear: text(e.endYear),
            currentlyEnrolled: e.currentlyEnrolled,
          },
        },
      };
    }
    case 'jobs': {
      const j = item as Item<'jobs'>;
      return {
        item: {
          case: 'job',
          value: { ...nulls(j), currentlyEmployed: j.currentlyEmployed } as MessageInitShape<
            typeof import('@darmankar/proto/resume/v1/resume_pb').JobSchema
          >,
        },
      };
    }
    case 'skills':
      return { item: { case: 'skill', value: item as Item<'skills'> } };
    case 'languages':
      return { item: { case: 'language', value: item as Item<'languages'> } };
    case 'certificates': {
      const c = item as Item<'certificates'>;
      return {
        item: {
          case: 'certificate',
          value: {
            id: c.id,
            title: c.title,
            issuedBy: c.issuedBy,
            link: optional(c.link),
            durationHours: text(c.durationHours),
            completionDate: optional(c.completionDate),
          },
        },
      };
    }
    case 'publications': {
      const p = item as Item<'publications'>;
      return {
        item: {
          case: 'publication',
          value: {
            id: p.id,
            title: p.title,
            publisher: optional(p.publisher),
            authors: p.authors,
            date: optional(p.date),
            link: optional(p.link),
            description: optional(p.description),
          },
        },
      };
    }
  }
}

/** null → unset, for optional proto fields. */
function nulls<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v === null ? undefined : v])) as {
    [K in keyof T]: Exclude<T[K], null> | undefined;
  };
}

function resumeOut(resume: ResumeView): { resume: MessageInitShape<typeof ResumeSchema> } {
  const sectionItems = <S extends SectionName>(section: S) =>
    resume.sections[section].map((item) => itemOut(section, item).item!.value);
  return {
    resume: {
      id: resume.id,
      slug: resume.slug,
      personal: nulls(resume.personal),
      pictureFileId: optional(resume.pictureFileId),
      customFileId: optional(resume.customFileId),
      customFileName: optional(resume.customFileName),
      educations: sectionItems('educations') as Education[],
      jobs: sectionItems('jobs') as Job[],
      skills: sectionItems('skills') as Skill[],
      certificates: sectionItems('certificates') as Certificate[],
      publications: sectionItems('publications') as Publication[],
      languages: sectionItems('languages') as Language[],
      completeness: { score: resume.completeness.score, ...resume.completeness.sections },
      updatedAtMs: BigInt(resume.updatedAtMs),
      ownedByCaller: resume.ownedByCaller,
    } satisfies MessageInitShape<typeof ResumeSchema> as MessageInitShape<typeof ResumeSchema>,
  };
}

export type { ResumeMessage };

export function resumeHandlers(resumes: Resumes): ServiceHandlers<typeof ResumeService> {
  return {
    getResumeBySlug: async (request, context) => resumeOut(await resumes.bySlug(request.slug, context.userId)),
    getCurrentUserResume: async (_request, context) => resumeOut(await resumes.ofUser(context.userId)),
    createResume: async (request, context) =>
      resumeOut(await resumes.create(context.userId, personalIn(request.personal))),
    updateResume: async (request, context) =>
      resumeOut(await resumes.update(context.userId, request.resumeId, personalIn(request.personal))),
    setPicture: async (request, context) =>
      resumeOut(await resumes.setPicture(context.userId, request.resumeId, request.fileId)),
    removePicture: async (request, context) => resumeOut(await resumes.removePicture(context.userId, request.resumeId)),
    setCustomResume: async (request, context) =>
      resumeOut(await resumes.setCustom(context.userId, request.resumeId, request.fileId, request.fileName ?? null)),
    removeCustomResume: async (request, context) =>
      resumeOut(await resumes.removeCustom(context.userId, request.resumeId)),
    async issueCustomResumeLink(request, context) {
      const link = await resumes.customLink(context.userId, request.resumeId);
      return { path: link.path, expiresAtSeconds: BigInt(link.expiresAtSeconds) };
    },
    async listItems(request, context) {
      const section = sectionOf(request.section);
      const items = await resumes.listItems(context.userId, request.resumeId, section);
      return { items: items.map((item) => itemOut(section, item)) };
    },
    async addItem(request, context) {
      const { section, raw } = itemIn(request.item);
      return { item: itemOut(section, await resumes.addItem(context.userId, request.resumeId, section, raw as never)) };
    },
    async updateItem(request, context) {
      const { section, raw } = itemIn(request.item);
      return {
        item: itemOut(
          section,
          await resumes.updateItem(context.userId, request.resumeId, section, request.itemId, raw as never),
        ),
      };
    },
    async deleteItem(request, context) {
      await resumes.deleteItem(context.userId, request.resumeId, sectionOf(request.section), request.itemId);
      return {};
    },
  };
}
