// The one adapter between the gateway and the resume service: REST-shaped calls in, gRPC calls
// out, protobuf messages turned into the JSON the web app reads (null for every empty field).
import { createClient, createHealthChecker, type CallOptions, type ClientOptions } from '@darmankar/platform/grpc';
import { ResumeService, Section, type Resume, type SectionItem } from '@darmankar/proto/resume/v1/resume_pb';
import type { CallMeta } from '../../http/route.ts';
import { signedLinkJson, type SignedLink } from '../../routes/schemas.ts';
import type { z } from 'zod';
import type { itemResponses, resumeResponse, SectionName } from './schemas.ts';

export type ResumeJson = z.output<typeof resumeResponse>;
export type ItemJson = z.output<(typeof itemResponses)[SectionName]>;

const options = (meta: CallMeta): CallOptions => ({
  requestId: meta.requestId,
  userId: meta.userId,
  clientAddress: meta.clientAddress,
});

const SECTIONS: Record<SectionName, { section: Section; case: NonNullable<SectionItem['item']['case']> }> = {
  educations: { section: Section.EDUCATIONS, case: 'education' },
  jobs: { section: Section.JOBS, case: 'job' },
  skills: { section: Section.SKILLS, case: 'skill' },
  certificates: { section: Section.CERTIFICATES, case: 'certificate' },
  publications: { section: Section.PUBLICATIONS, case: 'publication' },
  languages: { section: Section.LANGUAGES, case: 'language' },
};

type Json = Record<string, unknown>;

/** Numbers as the service's strings; everything else as sent (the service judges it). */
function toWire(body: Json): Json {
  const wire: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    wire[key] = typeof value === 'number' ? String(value) : value;
  }
  return wire;
}

const orNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);
const numberOrNull = (value: string | undefined): number | null =>
  value === undefined || value === '' ? null : Number(value);

/** One item as JSON: empty optional fields null, the numeric ones numbers. */
function itemJson(section: SectionName, value: Json): ItemJson {
  const { $typeName: _, ...fields } = value;
  const item: Json = {};
  for (const [key, field] of Object.entries(fields)) item[key] = field === undefined ? null : field;
  // Optional proto fields that were never set are absent from the message object.
  const optional: Record<SectionName, string[]> = {
    educations: ['gpa', 'endYear'],
    jobs: ['industry', 'employmentType', 'province', 'city', 'description', 'endDate'],
    skills: [],
    languages: [],
    certificates: ['link', 'durationHours', 'completionDate'],
    publications: ['publisher', 'date', 'link', 'description'],
  };
  for (const key of optional[section]) item[key] = orNull(fields[key] as string | undefined);
  if (section === 'educations') {
    item.gpa = numberOrNull(fields.gpa as string | undefined);
    item.startYear = Number(fields.startYear);
    item.endYear = numberOrNull(fields.endYear as string | undefined);
  }
  if (section === 'certificates') item.durationHours = numberOrNull(fields.durationHours as string | undefined);
  return item as ItemJson;
}

function sectionOfItem(item: SectionItem): SectionName {
  return (Object.keys(SECTIONS) as SectionName[]).find((name) => SECTIONS[name].case === item.item.case)!;
}

export function resumeJson(resume: Resume): ResumeJson {
  const personal = resume.personal;
  const text = (key: string) => orNull((personal as unknown as Json | undefined)?.[key] as string | undefined);
  const list = (section: SectionName, items: object[]) => items.map((item) => itemJson(section, item as Json));
  const { $typeName: _, score, ...sections } = resume.completeness ?? { $typeName: '', score: 0 };
  return {
    id: resume.id,
    slug: resume.slug,
    firstName: personal?.firstName ?? '',
    lastName: personal?.lastName ?? '',
    email: text('email'),
    phone: text('phone'),
    birthday: text('birthday'),
    gender: text('gender'),
    maritalStatus: text('maritalStatus'),
    militaryStatus: text('militaryStatus'),
    hasDisability: personal?.hasDisability ?? false,
    isForeigner: personal?.isForeigner ?? false,
    province: text('province'),
    city: text('city'),
    url: text('url'),
    jobTitle: text('jobTitle'),
    about: text('about'),
    pic: orNull(resume.pictureFileId),
    fileId: orNull(resume.customFileId),
    customFileName: orNull(resume.customFileName),
    educations: list('educations', resume.educations),
    jobs: list('jobs', resume.jobs),
    skills: list('skills', resume.skills),
    certificates: list('certificates', resume.certificates),
    publications: list('publications', resume.publications),
    languages: list('languages', resume.languages),
    completeness: { score, sections },
    updatedAt: new Date(Number(resume.updatedAtMs)).toISOString(),
  } as ResumeJson;
}

export interface ResumeAdapter {
  bySlug(slug: string, meta: CallMeta): Promise<ResumeJson>;
  ofCurrentUser(meta: CallMeta): Promise<ResumeJson>;
  create(personal: Json, meta: CallMeta): Promise<ResumeJson>;
  update(id: string, personal: Json, meta: CallMeta): Promise<ResumeJson>;
  setPicture(id: string, fileId: string, meta: CallMeta): Promise<ResumeJson>;
  removePicture(id: string, meta: CallMeta): Promise<ResumeJson>;
  setCustom(id: string, fileId: string, fileName: string | null, meta: CallMeta): Promise<ResumeJson>;
  removeCustom(id: string, meta: CallMeta): Promise<ResumeJson>;
  customLink(id: string, meta: CallMeta): Promise<SignedLink>;
  listItems(id: string, section: SectionName, meta: CallMeta): Promise<{ items: ItemJson[] }>;
  addItem(id: string, section: SectionName, body: Json, meta: CallMeta): Promise<ItemJson>;
  updateItem(id: string, section: SectionName, itemId: string, body: Json, meta: CallMeta): Promise<ItemJson>;
  deleteItem(id: string, section: SectionName, itemId: string, meta: CallMeta): Promise<undefined>;
  isServing(timeoutMs: number): Promise<boolean>;
  close(): void;
}

export function createResumeAdapter(address: string, defaults: ClientOptions): ResumeAdapter {
  const client = createClient(ResumeService, address, defaults);
  const health = createHealthChecker(address);
  const item = (section: SectionName, body: Json) =>
    ({ item: { case: SECTIONS[section].case, value: toWire(body) } }) as never;
  const itemOut = (answer: { item?: SectionItem }) =>
    itemJson(sectionOfItem(answer.item!), answer.item!.item.value as unknown as Json);
  return {
    bySlug: async (slug, meta) => resumeJson((await client.getResumeBySlug({ slug }, options(meta))).resume!),
    ofCurrentUser: async (meta) => resumeJson((await client.getCurrentUserResume({}, options(meta))).resume!),
    create: async (personal, meta) =>
      resumeJson((await client.createResume({ personal: toWire(personal) }, options(meta))).resume!),
    update: async (id, personal, meta) =>
      resumeJson((await client.updateResume({ resumeId: id, personal: toWire(personal) }, options(meta))).resume!),
    setPicture: async (id, fileId, meta) =>
      resumeJson((await client.setPicture({ resumeId: id, fileId }, options(meta))).resume!),
    removePicture: async (id, meta) =>
      resumeJson((await client.removePicture({ resumeId: id }, options(meta))).resume!),
    setCustom: async (id, fileId, fileName, meta) =>
      resumeJson(
        (await client.setCustomResume({ resumeId: id, fileId, fileName: fileName ?? undefined }, options(meta)))
          .resume!,
      ),
    removeCustom: async (id, meta) =>
      resumeJson((await client.removeCustomResume({ resumeId: id }, options(meta))).resume!),
    async customLink(id, meta) {
      return signedLinkJson(await client.issueCustomResumeLink({ resumeId: id }, options(meta)));
    },
    async listItems(id, section, meta) {
      const { items } = await client.listItems({ resumeId: id, section: SECTIONS[section].section }, options(meta));
      return { items: items.map((entry) => itemJson(section, entry.item.value as unknown as Json)) };
    },
    addItem: async (id, section, body, meta) =>
      itemOut(await client.addItem({ resumeId: id, item: item(section, body) }, options(meta))),
    updateItem: async (id, section, itemId, body, meta) =>
      itemOut(await client.updateItem({ resumeId: id, itemId, item: item(section, body) }, options(meta))),
    async deleteItem(id, section, itemId, meta) {
      await client.deleteItem({ resumeId: id, section: SECTIONS[section].section, itemId }, options(meta));
      return undefined;
    },
    isServing: (timeoutMs) => health.isServing(timeoutMs),
    close() {
      client.close();
      health.close();
    },
  };
}
