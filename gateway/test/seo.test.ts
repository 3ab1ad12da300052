// The seo routes over HTTP with a real stack: auth, the seo service (started through its
// package entry, with the blog as shipped) and the gateway on one clock, sharing a throw-away
// event log on which the test publishes the postings, employers and resumes other services
// would announce.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { seoConfig, seoService, type RunningSeoService } from '@darmankar/seo';
import { createEventBus, toBusMessage, type EventBus } from '@darmankar/platform/events/index';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import {
  createTestDatabase,
  eventually,
  freePort,
  testPostgresUrl,
  type TestDatabase,
} from '@darmankar/platform/testing';
import { EmployerCreatedSchema, EmployerUpdatedSchema } from '@darmankar/proto/employer/v1/events_pb';
import { PostingChangedSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import { ResumeCreatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import type { RunningGateway } from '../src/app.ts';
import { pageMetaSchema } from '../src/http/page-meta.ts';
import { PAGE_AREAS } from '../src/services/seo/schemas.ts';
import { visitor, type Client } from './clients.ts';
import { assertError, startGatewayFor, startStack, type Stack } from './helpers.ts';

const WEB = 'http://web.test';
const PRIVATE_PAGES = new Set([
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

interface Summary {
  slug: string;
  title: string;
  coverPath: string;
  categories: Array<{ slug: string; title: string; postCount: number }>;
  publishedOn: string;
  updatedOn: string;
  readingMinutes: number;
}

describe('seo over HTTP', () => {
  let stack: Stack;
  let database: TestDatabase;
  let seo: RunningSeoService | undefined;
  let bus: EventBus;
  let eventsUrl: string;
  const suffix = randomBytes(3).toString('hex');
  const posting = { id: randomUUID(), slug: `nurse-${suffix}`, jobCategory: 'nursing' };
  const draft = { id: randomUUID(), slug: `draft-${suffix}`, jobCategory: 'nursing' };
  const employer = { id: randomUUID(), slug: `clinic-${suffix}` };
  const resumeSlug = `sara-${suffix}`;
  /** A slug both an employer and a resume hold: the employer wins. */
  const sharedSlug = `shared-${suffix}`;

  const publish = <D extends DescMessage>(schema: D, fields: MessageInitShape<D>, topic: string, key: string) =>
    bus.publish([toBusMessage(schema, create(schema, fields), { topic, key })]);
  const call = (path: string, client: Client = visitor(), init: RequestInit = {}) =>
    fetch(`${stack.url}/api/v1${path}`, {
      ...init,
      headers: { ...client.headers, ...(init.headers as Record<string, string>) },
    });
  const text = async (path: string) => {
    const response = await call(path);
    const body = await response.text();
    assert.equal(response.status, 200, `${path}: ${response.status} ${body}`);
    return { response, body };
  };
  const ok = async <T = any>(path: string): Promise<T> => JSON.parse((await text(path)).body) as T;
  const eventMeta = () => ({ eventId: randomUUID(), occurredAtMs: BigInt(stack.clock()) });

  before(async () => {
    const url = new URL(testPostgresUrl());
    url.pathname = `/dk_test_events_gw_seo_${randomBytes(4).toString('hex')}`;
    eventsUrl = url.toString();
    database = await createTestDatabase('gateway_seo', serviceMigrationSets(seoService.dir));
    const port = await freePort();
    stack = await startStack({ gatewayEnv: { SEO_GRPC_URL: `127.0.0.1:${port}`, PUBLIC_WEB_URL: WEB } });
    seo = await seoService.start(
      seoConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        GRPC_PORT: String(port),
        EVENTS_DATABASE_URL: eventsUrl,
        PUBLIC_WEB_URL: WEB,
      }),
      { log: createLogger('seo-test', 'silent'), clock: stack.clock },
    );
    bus = await createEventBus({ eventsDatabaseUrl: eventsUrl });
    const postingEvent = (p: typeof posting, status: string) => ({
      meta: eventMeta(),
      postingId: p.id,
      employerId: employer.id,
      version: 1n,
      status,
      publishedNow: status === 'published',
      slug: p.slug,
      jobCategory: p.jobCategory,
    });
    await publish(PostingChangedSchema, postingEvent(posting, 'published'), 'recruitment.posting.v1', posting.id);
    await publish(PostingChangedSchema, postingEvent(draft, 'draft'), 'recruitment.posting.v1', draft.id);
    await publish(
      EmployerCreatedSchema,
      { meta: eventMeta(), employerId: employer.id, ownerUserId: randomUUID(), slug: employer.slug, brand: 'کلینیک' },
      'employer.employer.v1',
      employer.id,
    );
    const sharedEmployer = randomUUID();
    await publish(
      EmployerCreatedSchema,
      { meta: eventMeta(), employerId: sharedEmployer, ownerUserId: randomUUID(), slug: sharedSlug, brand: 'مطب' },
      'employer.employer.v1',
      sharedEmployer,
    );
    for (const slug of [resumeSlug, sharedSlug]) {
      const resumeId = randomUUID();
      await publish(
        ResumeCreatedSchema,
        { meta: eventMeta(), resumeId, ownerUserId: randomUUID(), slug },
        'resume.resume.v1',
        resumeId,
      );
    }
    await eventually(
      async () =>
        (await call(`/meta-data/profile-links/${resumeSlug}`)).status === 200 &&
        (await call(`/meta-data/profile-links/${sharedSlug}`)).status === 200 &&
        (await (await call('/meta-data/sitemap/recruitments')).text()).includes(posting.slug) &&
        (await (await call('/meta-data/sitemap/employers')).text()).includes(employer.slug),
      'the events in the seo service',
    );
  });

  after(async () => {
    await bus?.close();
    await seo?.stop();
    await stack?.stop();
    await database?.drop();
    if (eventsUrl) await dropDatabase(eventsUrl);
  });

  test('every page of every area answers its metadata in fa and en', async () => {
    const pages: Array<[string, string]> = [
      ['/meta-data/seo/home', 'home'],
      ...Object.entries(PAGE_AREAS).flatMap(([area, names]) =>
        names.map((name): [string, string] => [`/meta-data/seo/${area}/${name}`, `${area}/${name}`]),
      ),
    ];
    assert.equal(pages.length, 1 + 3 + 3 + 5 + 4 + 8);
    for (const [path, page] of pages) {
      const fa = pageMetaSchema.strict().parse(await ok(path));
      const en = pageMetaSchema.strict().parse(await ok(`${path}?locale=en`));
      assert.deepEqual(await ok(`${path}?locale=fa`), fa, `${page}: fa is the default`);
      assert.match(fa.title, /[\u0600-\u06ff]/, `${page}: a Persian title`);
      assert.doesNotMatch(en.title, /[\u0600-\u06ff]/, `${page}: an English title`);
      assert.ok(fa.description && en.description, `${page}: described`);
      assert.match(fa.canonicalPath, /^\/(?!en\/)/, `${page}: a site path without the locale`);
      assert.equal(en.canonicalPath, fa.canonicalPath, `${page}: one canonical path for both languages`);
      assert.equal(fa.robots, PRIVATE_PAGES.has(page) ? 'noindex, nofollow' : 'index, follow', `${page}: robots`);
      assert.ok(['website', 'article', 'profile'].includes(fa.ogType), `${page}: og type`);
      assert.ok(fa.imageUrl === '' || fa.imageUrl.startsWith(`${WEB}/`), `${page}: an absolute image or none`);
      const jsonLd = JSON.parse(fa.jsonLd) as Record<string, unknown>;
      const types = JSON.stringify(jsonLd);
      if (page === 'home') {
        assert.match(types, /"Organization"/);
        assert.match(types, /"SearchAction"/);
        assert.ok(types.includes('/applicants/recruitments?q={search_term_string}'), 'the site search');
      } else {
        assert.match(types, /"BreadcrumbList"/, `${page}: breadcrumbs`);
      }
    }
    const about = await ok<{ canonicalPath: string }>('/meta-data/seo/site/about-us');
    assert.equal(about.canonicalPath, '/about-us');
    assert.equal(
      (await ok<{ canonicalPath: string }>('/meta-data/seo/employers/companies')).canonicalPath,
      '/applicants/companies',
    );
  });

  test('an unknown page: 404 with its code; a bad locale: 400', async () => {
    for (const path of [
      '/meta-data/seo/authentication/register',
      '/meta-data/seo/employers/edit',
      '/meta-data/seo/resume-steps/hobbies',
      '/meta-data/seo/applicants/applications',
      '/meta-data/seo/site/careers',
    ])
      await assertError(await call(path), 404, 'EXC_SEO_PAGE_NOT_FOUND');
    await assertError(await call('/meta-data/seo/home?locale=de'), 400, 'EXC_BAD_REQUEST');
    await assertError(await call('/meta-data/seo/site/about-us?locale=ar'), 400, 'EXC_BAD_REQUEST');
  });

  test('the sitemap index: XML naming every sitemap, cached ten minutes', async () => {
    const { response, body } = await text('/meta-data/sitemap');
    assert.match(response.headers.get('content-type')!, /^application\/xml; charset=utf-8$/);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=600');
    assert.match(body, /^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    assert.match(body, /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    for (const name of ['static', 'recruitments', 'employers'])
      assert.ok(body.includes(`<loc>${WEB}/sitemaps/${name}-1.xml</loc>`), `${name} part 1`);
    assert.match(body, /<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)<\/lastmod>/);
  });

  test('the sitemaps: absolute addresses of what is public, never a draft', async () => {
    const part = async (name: string) => {
      const { response, body } = await text(`/meta-data/sitemap/${name}`);
      assert.match(response.headers.get('content-type')!, /^application\/xml/);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=600');
      assert.match(body, /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
      return body;
    };
    const statics = await part('static');
    for (const path of ['/', '/applicants/recruitments', '/employers', '/blog', '/faq/job-seekers', '/contact-us'])
      assert.ok(statics.includes(`<loc>${WEB}${path}</loc>`), `static lists ${path}`);
    const recruitments = await part('recruitments');
    assert.ok(
      recruitments.includes(`<loc>${WEB}/applicants/recruitments/${posting.jobCategory}/${posting.slug}</loc>`),
    );
    assert.ok(!recruitments.includes(draft.slug), 'a draft is never listed');
    assert.match(recruitments, /<lastmod>/);
    const employers = await part('employers');
    assert.ok(employers.includes(`<loc>${WEB}/employers/${employer.slug}</loc>`));
    assert.ok(!employers.includes(resumeSlug) && !recruitments.includes(resumeSlug), 'resumes are never listed');
    assert.equal(await part('employers?part=1'), employers);

    await assertError(await call('/meta-data/sitemap/resumes'), 404, 'EXC_SEO_SITEMAP_NOT_FOUND');
    await assertError(await call('/meta-data/sitemap/static?part=2'), 404, 'EXC_SEO_SITEMAP_NOT_FOUND');
    await assertError(await call('/meta-data/sitemap/static?part=0'), 400, 'EXC_PAGINATION_PAGE_IS_INVALID');
  });

  test('a slug change moves an employer in its sitemap', async () => {
    const moved = `moved-${suffix}`;
    await publish(
      EmployerUpdatedSchema,
      { meta: eventMeta(), employerId: employer.id, slug: moved, brand: 'کلینیک' },
      'employer.employer.v1',
      employer.id,
    );
    await eventually(
      async () => (await (await call('/meta-data/sitemap/employers')).text()).includes(`/employers/${moved}<`),
      'the new slug',
    );
    assert.ok(!(await (await call('/meta-data/sitemap/employers')).text()).includes(`/employers/${employer.slug}<`));
    employer.slug = moved;
  });

  test('profile links: an employer, a resume, the employer first, else 404', async () => {
    assert.deepEqual(await ok(`/meta-data/profile-links/${resumeSlug}`), {
      kind: 'resume',
      canonicalPath: `/applicants/resumes/${resumeSlug}`,
    });
    assert.deepEqual(await ok(`/meta-data/profile-links/${sharedSlug}`), {
      kind: 'employer',
      canonicalPath: `/employers/${sharedSlug}`,
    });
    await assertError(await call(`/meta-data/profile-links/nobody-${suffix}`), 404, 'EXC_SEO_PROFILE_NOT_FOUND');
  });

  test('the blog: the list, a category, a post with sanitised HTML, the feed, an image', async () => {
    const list = await ok<{
      items: Summary[];
      page: number;
      pageSize: number;
      total: number;
      categories: Array<{ slug: string; postCount: number }>;
      seo: { canonicalPath: string };
    }>('/meta-data/blog');
    assert.ok(list.total >= 1 && list.items.length >= 1, 'the blog has posts');
    assert.equal(list.page, 1);
    assert.equal(list.seo.canonicalPath, '/blog');
    assert.ok(list.categories.length >= 1);
    const dates = list.items.map((item) => item.publishedOn);
    assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
    const [first] = list.items;
    assert.match(first!.publishedOn, /^\d{4}-\d\d-\d\d$/);
    assert.match(first!.updatedOn, /^\d{4}-\d\d-\d\d$/);
    assert.ok(first!.readingMinutes >= 1);
    assert.match(first!.coverPath, /^\/blog\/images\/[^/]+$/);

    const category = first!.categories[0]!;
    const ofCategory = await ok<{ items: Summary[]; total: number }>(
      `/meta-data/blog?category=${encodeURIComponent(category.slug)}`,
    );
    assert.equal(ofCategory.total, list.categories.find((c) => c.slug === category.slug)!.postCount);
    assert.ok(ofCategory.items.every((item) => item.categories.some((c) => c.slug === category.slug)));
    const paged = await ok<{ items: Summary[]; pageSize: number }>('/meta-data/blog?page=1&pageSize=1');
    assert.equal(paged.items.length, 1);
    assert.equal(paged.pageSize, 1);
    await assertError(await call('/meta-data/blog?category=nothing-here'), 404, 'EXC_SEO_BLOG_CATEGORY_NOT_FOUND');
    await assertError(await call('/meta-data/blog?pageSize=500'), 400, 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');

    const one = await ok<{
      post: Summary & { html: string };
      seo: { canonicalPath: string; ogType: string; jsonLd: string; imageUrl: string };
      related: Summary[];
    }>(`/meta-data/blog/posts/${encodeURIComponent(first!.slug)}`);
    assert.equal(one.post.slug, first!.slug);
    assert.equal(one.post.title, first!.title);
    assert.ok(one.post.html.length > 0);
    assert.doesNotMatch(one.post.html, /<script|<style|<iframe|\son\w+=|javascript:/i);
    assert.equal(one.seo.canonicalPath, `/blog/${first!.slug}`);
    assert.equal(one.seo.ogType, 'article');
    assert.match(one.seo.jsonLd, /BlogPosting/);
    assert.equal(one.seo.imageUrl, `${WEB}${first!.coverPath}`);
    assert.ok(one.related.every((post) => post.slug !== first!.slug));
    const en = await ok<{ post: Summary }>(`/meta-data/blog/posts/${encodeURIComponent(first!.slug)}?locale=en`);
    assert.equal(en.post.slug, first!.slug);
    await assertError(
      await call(`/meta-data/blog/posts/${encodeURIComponent('نوشته-ای-که-نیست')}`),
      404,
      'EXC_SEO_BLOG_POST_NOT_FOUND',
    );

    const feed = await text('/meta-data/blog/rss');
    assert.match(feed.response.headers.get('content-type')!, /^application\/rss\+xml; charset=utf-8$/);
    assert.equal(feed.response.headers.get('cache-control'), 'public, max-age=600');
    assert.match(feed.body, /<rss [^>]*version="2\.0"/);
    assert.ok(feed.body.includes(`<link>${WEB}/blog/`), 'items link to the web site');

    const file = first!.coverPath.slice('/blog/images/'.length);
    const image = await call(`/meta-data/blog/images/${encodeURIComponent(file)}`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('cache-control'), 'public, max-age=86400');
    const bytes = Buffer.from(await image.arrayBuffer());
    assert.ok(bytes.length > 0);
    if (file.endsWith('.svg')) {
      assert.match(image.headers.get('content-type')!, /^image\/svg\+xml/);
      assert.equal(image.headers.get('content-security-policy'), "default-src 'none'; style-src 'unsafe-inline'");
      assert.match(bytes.toString('utf8'), /<svg/);
    } else {
      assert.match(image.headers.get('content-type')!, /^image\/(png|jpeg|webp)$/);
    }
    await assertError(await call('/meta-data/blog/images/missing.svg'), 404, 'EXC_SEO_BLOG_IMAGE_NOT_FOUND');
    await assertError(
      await call(`/meta-data/blog/images/${encodeURIComponent('../posts/x.md')}`),
      404,
      'EXC_SEO_BLOG_IMAGE_NOT_FOUND',
    );
  });

  describe('the contact form', () => {
    const message = (fields: Record<string, string> = {}): Record<string, string> => ({
      name: 'سارا احمدی',
      email: 'sara@example.com',
      subject: 'پرسش دربارهٔ آگهی',
      message: 'سلام، دربارهٔ آگهی‌های پرستاری پرسشی داشتم.',
      ...fields,
    });
    const send = (client: Client, body: unknown) =>
      call('/contact-messages', client, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const stored = async (id: string) => {
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        const { rows } = await db.query(
          'SELECT name, email, cellphone, subject, message, locale, client_address, is_spam FROM contact_messages WHERE id = $1',
          [id],
        );
        return rows[0] as Record<string, unknown> | undefined;
      } finally {
        await db.end();
      }
    };

    test('201 with its id and time; stored exactly as typed, with the client address', async () => {
      const client = visitor();
      const typed = message({
        name: '  سارا\r\nBcc: x@example.com ',
        subject: ' <b>سلام</b>\n',
        message: `<script>alert(1)</script>\r\n${'ا'.repeat(10_000)}  `,
        cellphone: '۰۹۱۲۱۲۳۴۵۶۷',
        locale: 'en',
      });
      const response = await send(client, typed);
      const body = (await response.json()) as { id: string; receivedAt: string };
      assert.equal(response.status, 201, JSON.stringify(body));
      assert.match(body.id, /^[0-9a-f-]{36}$/);
      assert.equal(body.receivedAt, new Date(stack.clock()).toISOString());
      const row = await stored(body.id);
      assert.deepEqual(
        { ...row },
        {
          name: typed.name,
          email: typed.email,
          cellphone: typed.cellphone,
          subject: typed.subject,
          message: typed.message,
          locale: 'en',
          client_address: client.headers['x-forwarded-for'],
          is_spam: false,
        },
      );
    });

    test('a filled honeypot answers alike and is kept as spam', async () => {
      const response = await send(visitor(), message({ website: 'http://spam.example' }));
      const body = (await response.json()) as { id: string; receivedAt: string };
      assert.equal(response.status, 201);
      assert.equal((await stored(body.id))?.is_spam, true);
    });

    test('an empty cellphone is no cellphone; a 20,000-character message is taken', async () => {
      assert.equal((await send(visitor(), message({ cellphone: '' }))).status, 201);
      assert.equal((await send(visitor(), message({ message: 'پ'.repeat(20_000) }))).status, 201);
    });

    test('bad input: 400 EXC_BAD_REQUEST', async () => {
      const client = visitor();
      for (const bad of [
        message({ message: 'پ'.repeat(20_001) }),
        message({ message: 'a'.repeat(21 * 1024) }),
        message({ message: '' }),
        message({ email: 'not-an-email' }),
        message({ email: `${'a'.repeat(250)}@example.com` }),
        message({ name: '' }),
        message({ name: 'ن'.repeat(101) }),
        message({ subject: 'م'.repeat(201) }),
        message({ cellphone: '12345' }),
        message({ locale: 'de' }),
        { name: 'سارا', email: 'sara@example.com' },
      ])
        await assertError(await send(client, bad), 400, 'EXC_BAD_REQUEST');
      // None of them spent the service's hourly count.
      assert.equal((await send(client, message())).status, 201);
    });

    test('the sixth message from one address in an hour: 429 EXC_SEO_CONTACT_TOO_MANY', async () => {
      const client = visitor();
      for (let i = 0; i < 5; i++) assert.equal((await send(client, message({ subject: `پیام ${i + 1}` }))).status, 201);
      await assertError(await send(client, message()), 429, 'EXC_SEO_CONTACT_TOO_MANY');
      assert.equal((await send(visitor(), message())).status, 201, 'another address is not held back');
    });

    test("the gateway's own budget per address: EXC_TOO_MANY_REQUESTS past it", async () => {
      let gateway: RunningGateway | undefined;
      try {
        gateway = await startGatewayFor(
          `127.0.0.1:${stack.auth.port}`,
          { SEO_GRPC_URL: `127.0.0.1:${seo!.port}`, RATE_LIMIT_CONTACT_IP_POINTS: '2' },
          stack.clock,
        );
        const client = visitor();
        const post = () =>
          fetch(`http://127.0.0.1:${gateway!.port}/api/v1/contact-messages`, {
            method: 'POST',
            headers: { ...client.headers, 'content-type': 'application/json' },
            body: JSON.stringify(message()),
          });
        assert.equal((await post()).status, 201);
        assert.equal((await post()).status, 201);
        const refused = await post();
        assert.ok(Number(refused.headers.get('retry-after')) > 0, 'Retry-After');
        await assertError(refused, 429, 'EXC_TOO_MANY_REQUESTS');
      } finally {
        await gateway?.stop();
      }
    });
  });

  test('the service stopped: 503, the gateway stays up', async () => {
    await seo!.stop();
    seo = undefined;
    await assertError(await call('/meta-data/seo/home'), 503, 'EXC_SERVICE_UNAVAILABLE');
    await assertError(await call('/meta-data/sitemap'), 503, 'EXC_SERVICE_UNAVAILABLE');
    await assertError(
      await call('/contact-messages', visitor(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'سارا', email: 'sara@example.com', subject: 'سلام', message: 'سلام' }),
      }),
      503,
      'EXC_SERVICE_UNAVAILABLE',
    );
    assert.equal((await fetch(`${stack.url}/healthz`)).status, 200, 'the gateway still answers');
  });
});
