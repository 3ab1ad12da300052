// Page metadata and profile links against the real service.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { rejectsWith } from '@darmankar/platform/testing';
import { EmployerCreatedSchema } from '@darmankar/proto/employer/v1/events_pb';
import { ResumeCreatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import { AREAS } from '../src/domain/pages.ts';
import { startStack, WEB, type Stack } from './helpers.ts';

const PRIVATE = new Set([
  'authentication/login',
  'authentication/verify',
  'authentication/role',
  'resume-steps/personal',
  'resume-steps/educations',
  'resume-steps/jobs',
  'resume-steps/skills',
  'resume-steps/certificates',
  'applicants/settings',
  'applicants/notifications',
  'applicants/saved',
  'employers/add',
  'site/not-found',
  'site/error',
]);

const CONTRACT_PAGES: Record<string, string[]> = {
  authentication: ['login', 'verify', 'role'],
  employers: ['index', 'add', 'companies'],
  'resume-steps': ['personal', 'educations', 'jobs', 'skills', 'certificates'],
  applicants: ['recruitments', 'saved', 'settings', 'notifications'],
  site: ['about-us', 'contact-us', 'blog', 'pricing', 'faq-job-seekers', 'faq-employers', 'not-found', 'error'],
};

describe('page metadata', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({
      env: { ORGANIZATION_SAME_AS: 'https://www.instagram.com/darmankar,https://www.linkedin.com/company/darmankar' },
    });
  });
  after(async () => {
    await stack?.stop();
  });

  test('home: its own title, Organization and WebSite with a SearchAction', async () => {
    const { meta } = await stack.client.getPageMeta({ area: 'home', locale: 'fa' });
    assert.equal(meta?.title, 'درمانکار | استخدام پزشک، پرستار و کادر درمان');
    assert.equal(meta?.canonicalPath, '/');
    assert.equal(meta?.robots, 'index, follow');
    assert.equal(meta?.ogType, 'website');
    assert.equal(meta?.imageUrl, '');
    const ld = JSON.parse(meta!.jsonLd) as { '@context': string; '@graph': Array<Record<string, unknown>> };
    assert.equal(ld['@context'], 'https://schema.org');
    const organization = ld['@graph'].find((o) => o['@type'] === 'Organization')!;
    assert.equal(organization.name, 'درمانکار');
    assert.equal(organization.url, `${WEB}/`);
    assert.equal(organization.logo, `${WEB}/favicon.svg`);
    assert.deepEqual(organization.sameAs, [
      'https://www.instagram.com/darmankar',
      'https://www.linkedin.com/company/darmankar',
    ]);
    const website = ld['@graph'].find((o) => o['@type'] === 'WebSite') as {
      potentialAction: { target: { urlTemplate: string }; 'query-input': string };
    };
    assert.equal(website.potentialAction.target.urlTemplate, `${WEB}/applicants/recruitments?q={search_term_string}`);
    assert.equal(website.potentialAction['query-input'], 'required name=search_term_string');

    const en = await stack.client.getPageMeta({ area: 'home', locale: 'en' });
    assert.equal(en.meta?.title, 'Darmankar | Healthcare jobs for doctors, nurses and medical staff');
  });

  test('every page of the contract, in both languages: titled, described, robots by privacy, a breadcrumb', async () => {
    for (const [area, pages] of Object.entries(CONTRACT_PAGES)) {
      assert.deepEqual(Object.keys(AREAS[area]!).sort(), [...pages].sort(), `${area} has exactly the contract's pages`);
      for (const page of pages) {
        for (const locale of ['fa', 'en'] as const) {
          const { meta } = await stack.client.getPageMeta({ area, page, locale });
          const suffix = locale === 'fa' ? ' | درمانکار' : ' | Darmankar';
          assert.ok(
            meta!.title.endsWith(suffix) && meta!.title.length > suffix.length,
            `${area}/${page} ${locale}: ${meta!.title}`,
          );
          assert.ok(meta!.description.length >= 20, `${area}/${page} ${locale} has a description`);
          assert.equal(
            meta!.robots,
            PRIVATE.has(`${area}/${page}`) ? 'noindex, nofollow' : 'index, follow',
            `${area}/${page}`,
          );
          assert.ok(meta!.canonicalPath.startsWith('/') && !meta!.canonicalPath.startsWith('/en'), meta!.canonicalPath);
          const ld = JSON.parse(meta!.jsonLd) as {
            '@type': string;
            itemListElement: Array<{ position: number; name: string; item: string }>;
          };
          assert.equal(ld['@type'], 'BreadcrumbList');
          assert.equal(ld.itemListElement.length, 2);
          assert.equal(ld.itemListElement[0]!.item, `${WEB}/`);
          assert.equal(ld.itemListElement[1]!.item, `${WEB}${meta!.canonicalPath}`);
          assert.equal(`${ld.itemListElement[1]!.name}${suffix}`, meta!.title);
        }
      }
    }
    const faq = await stack.client.getPageMeta({ area: 'site', page: 'faq-job-seekers' });
    assert.equal(faq.meta?.canonicalPath, '/faq/job-seekers');
    const step = await stack.client.getPageMeta({ area: 'resume-steps', page: 'jobs' });
    assert.equal(step.meta?.canonicalPath, '/applicants/resumes/add/jobs');
  });

  test('an unknown area or page is not found; an unknown locale is a bad request', async () => {
    await rejectsWith(stack.client.getPageMeta({ area: 'site', page: 'secret' }), 'EXC_SEO_PAGE_NOT_FOUND');
    await rejectsWith(stack.client.getPageMeta({ area: 'admin', page: 'index' }), 'EXC_SEO_PAGE_NOT_FOUND');
    await rejectsWith(stack.client.getPageMeta({ area: 'site', page: 'toString' }), 'EXC_SEO_PAGE_NOT_FOUND');
    await rejectsWith(stack.client.getPageMeta({ area: 'home', page: 'x' }), 'EXC_SEO_PAGE_NOT_FOUND');
    await rejectsWith(stack.client.getPageMeta({ area: 'site', page: 'blog', locale: 'ar' }), 'EXC_BAD_REQUEST');
    const noLocale = await stack.client.getPageMeta({ area: 'site', page: 'blog' });
    assert.equal(noLocale.meta?.title, 'بلاگ درمانکار | درمانکار');
  });

  test('a profile link: the employer first, then the resume; slugs match exactly', async () => {
    const employerId = randomUUID();
    const resumeId = randomUUID();
    const otherResume = randomUUID();
    await stack.publish(
      EmployerCreatedSchema,
      { employerId, ownerUserId: randomUUID(), slug: 'کلینیک-نور', brand: 'کلینیک نور', isSelfEmployed: false },
      'employer.employer.v1',
      employerId,
    );
    await stack.publish(
      ResumeCreatedSchema,
      { resumeId, ownerUserId: randomUUID(), slug: 'کلینیک-نور' },
      'resume.resume.v1',
      resumeId,
    );
    await stack.publish(
      ResumeCreatedSchema,
      { resumeId: otherResume, ownerUserId: randomUUID(), slug: 'Sara-Rezaei' },
      'resume.resume.v1',
      otherResume,
    );
    await stack.settled();
    assert.deepEqual(
      { ...(await stack.client.resolveProfileLink({ slug: 'کلینیک-نور' })) },
      {
        ...(await stack.client.resolveProfileLink({ slug: 'کلینیک-نور' })),
        kind: 'employer',
        canonicalPath: '/employers/کلینیک-نور',
      },
    );
    const resume = await stack.client.resolveProfileLink({ slug: 'Sara-Rezaei' });
    assert.equal(resume.kind, 'resume');
    assert.equal(resume.canonicalPath, '/applicants/resumes/Sara-Rezaei');
    await rejectsWith(stack.client.resolveProfileLink({ slug: 'sara-rezaei' }), 'EXC_SEO_PROFILE_NOT_FOUND');
    await rejectsWith(stack.client.resolveProfileLink({ slug: '' }), 'EXC_SEO_PROFILE_NOT_FOUND');
    await rejectsWith(stack.client.resolveProfileLink({ slug: "x' OR '1'='1" }), 'EXC_SEO_PROFILE_NOT_FOUND');
  });
});
