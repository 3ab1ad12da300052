// Sitemaps kept from other services' events, against the real service, its database and the
// event bus; every document is validated against the sitemaps.org 0.9 schemas.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { EmployerCreatedSchema, EmployerUpdatedSchema } from '@darmankar/proto/employer/v1/events_pb';
import { PostingChangedSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import { ResumeCreatedSchema } from '@darmankar/proto/resume/v1/events_pb';
import { validateXML } from 'xmllint-wasm';
import { HOUR_MS, START, startStack, WEB, type Stack } from './helpers.ts';

const SITEMAP_XSD = readFileSync(new URL('./schemas/sitemap.xsd', import.meta.url), 'utf8');
const SITEINDEX_XSD = readFileSync(new URL('./schemas/siteindex.xsd', import.meta.url), 'utf8');

async function assertValid(xml: string, xsd: string, name: string): Promise<void> {
  const result = await validateXML({
    xml: [{ fileName: `${name}.xml`, contents: xml }],
    schema: [{ fileName: `${name}.xsd`, contents: xsd }],
  });
  assert.equal(result.valid, true, `${name} is not valid: ${result.rawOutput}\n${xml}`);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const unescape = (text: string) => text.replace(/&amp;/g, '&');

async function sitemap(stack: Stack, name: string, part = 1): Promise<string> {
  const { xml } = await stack.client.getSitemap({ name, part });
  await assertValid(xml, SITEMAP_XSD, `${name}-${part}`);
  return xml;
}

let postingVersions = 0;
function posting(
  stack: Stack,
  id: string,
  status: string,
  fields: { slug?: string; jobCategory?: string; version?: bigint; at?: number } = {},
) {
  return stack.publish(
    PostingChangedSchema,
    {
      postingId: id,
      employerId: randomUUID(),
      version: fields.version ?? BigInt(++postingVersions),
      status,
      publishedNow: status === 'published',
      slug: fields.slug ?? `پرستار-${id.slice(0, 8)}`,
      jobCategory: fields.jobCategory ?? 'nursing',
    },
    'recruitment.posting.v1',
    id,
    fields.at,
  );
}

describe('sitemaps', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ sitemapPartSize: 2 });
  });
  after(async () => {
    await stack?.stop();
  });

  test('with nothing learned yet, every sitemap is valid and part 1 lists its listing page', async () => {
    const recruitments = await sitemap(stack, 'recruitments');
    assert.deepEqual(locs(recruitments), [`${WEB}/applicants/recruitments`]);
    const employers = await sitemap(stack, 'employers');
    assert.deepEqual(locs(employers), [`${WEB}/applicants/companies`]);
    const { xml } = await stack.client.getSitemapIndex({});
    await assertValid(xml, SITEINDEX_XSD, 'index-empty');
    assert.ok(locs(xml).includes(`${WEB}/sitemaps/recruitments-1.xml`));
    assert.ok(locs(xml).includes(`${WEB}/sitemaps/employers-1.xml`));
    // Every part, empty ones too, has its lastmod.
    assert.equal(
      [...xml.matchAll(/<sitemap><loc>[^<]+<\/loc><lastmod>[^<]+<\/lastmod><\/sitemap>/g)].length,
      locs(xml).length,
    );
  });

  test('a published posting appears with its lastmod; a draft never does; archiving takes it out', async () => {
    const published = randomUUID();
    const draft = randomUUID();
    const at = Date.parse('2026-11-20T10:15:30.456Z');
    await posting(stack, published, 'published', { slug: 'پرستار-بخش-icu', jobCategory: 'nursing', at });
    await posting(stack, draft, 'draft', { slug: 'پیش-نویس' });
    await stack.settled();
    let xml = await sitemap(stack, 'recruitments');
    const url = `${WEB}/applicants/recruitments/nursing/${encodeURIComponent('پرستار-بخش-icu')}`;
    assert.ok(locs(xml).includes(url), xml);
    assert.match(xml, new RegExp(`<loc>${url}</loc><lastmod>2026-11-20T10:15:30\\+00:00</lastmod>`));
    assert.ok(!xml.includes(encodeURIComponent('پیش-نویس')), 'a draft is never listed');

    await posting(stack, published, 'archived');
    await stack.settled();
    xml = await sitemap(stack, 'recruitments');
    assert.ok(!locs(xml).includes(url), 'an archived posting leaves the sitemap');
  });

  test('a redelivered or older event never brings a posting back', async () => {
    const id = randomUUID();
    const publishedEvent = await posting(stack, id, 'published', { version: 10n, slug: 'ماما-زایشگاه' });
    await posting(stack, id, 'closed', { version: 11n, slug: 'ماما-زایشگاه' });
    await stack.settled();
    await stack.republish(publishedEvent);
    await posting(stack, id, 'published', { version: 9n, slug: 'ماما-زایشگاه' });
    await stack.settled();
    const xml = await sitemap(stack, 'recruitments');
    assert.ok(!xml.includes(encodeURIComponent('ماما-زایشگاه')), xml);
    const { rows } = await stack.db.query(`SELECT version, status FROM postings WHERE id = $1`, [id]);
    assert.deepEqual(rows, [{ version: '11', status: 'closed' }]);
  });

  test('a published posting without a slug is skipped', async () => {
    const id = randomUUID();
    await posting(stack, id, 'published', { slug: '' });
    await stack.settled();
    const { rows } = await stack.db.query(`SELECT 1 FROM postings WHERE id = $1`, [id]);
    assert.equal(rows.length, 0);
  });

  test('an employer appears; a changed slug replaces the old one; a redelivery is harmless', async () => {
    const id = randomUUID();
    const created = await stack.publish(
      EmployerCreatedSchema,
      {
        employerId: id,
        ownerUserId: randomUUID(),
        slug: 'بیمارستان-مهر',
        brand: 'بیمارستان مهر',
        isSelfEmployed: false,
      },
      'employer.employer.v1',
      id,
      START - HOUR_MS,
    );
    await stack.settled();
    let xml = await sitemap(stack, 'employers');
    const old = `${WEB}/employers/${encodeURIComponent('بیمارستان-مهر')}`;
    assert.ok(locs(xml).includes(old), xml);

    await stack.publish(
      EmployerUpdatedSchema,
      { employerId: id, slug: 'بیمارستان-مهر-تهران', brand: 'بیمارستان مهر تهران' },
      'employer.employer.v1',
      id,
      START,
    );
    await stack.settled();
    await stack.republish(created);
    await stack.settled();
    xml = await sitemap(stack, 'employers');
    assert.ok(!locs(xml).includes(old), 'the old slug is gone');
    assert.ok(locs(xml).includes(`${WEB}/employers/${encodeURIComponent('بیمارستان-مهر-تهران')}`), xml);
  });

  test('resumes are never listed in a sitemap', async () => {
    const id = randomUUID();
    await stack.publish(
      ResumeCreatedSchema,
      { resumeId: id, ownerUserId: randomUUID(), slug: 'sara-rezaei' },
      'resume.resume.v1',
      id,
    );
    await stack.settled();
    for (const name of ['static', 'recruitments', 'employers']) {
      const xml = await sitemap(stack, name);
      assert.ok(!xml.includes('sara-rezaei'), `${name} lists a resume`);
    }
  });

  test('parts split at the part size; the index names each part with its newest lastmod', async () => {
    const times = [
      Date.parse('2026-10-01T00:00:00Z'),
      Date.parse('2026-10-02T00:00:00Z'),
      Date.parse('2026-10-03T00:00:00Z'),
    ];
    for (const at of times) await posting(stack, randomUUID(), 'published', { at });
    await stack.settled();
    const { rows } = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM postings WHERE status = 'published'`,
    );
    const listed = rows[0]!.n;
    assert.ok(listed >= 3);
    const parts = Math.ceil(listed / 2);
    let seen = 0;
    for (let part = 1; part <= parts; part++) {
      const count = locs(await sitemap(stack, 'recruitments', part)).length;
      assert.ok(count >= 1 && count <= 2, `part ${part} has ${count}`);
      seen += count;
    }
    assert.equal(seen, listed);
    await assert.rejects(
      stack.client.getSitemap({ name: 'recruitments', part: parts + 1 }),
      /EXC_SEO_SITEMAP_NOT_FOUND|not found/i,
    );

    const { xml } = await stack.client.getSitemapIndex({});
    await assertValid(xml, SITEINDEX_XSD, 'index');
    for (let part = 1; part <= parts; part++) assert.ok(locs(xml).includes(`${WEB}/sitemaps/recruitments-${part}.xml`));
    assert.ok(!locs(xml).includes(`${WEB}/sitemaps/recruitments-${parts + 1}.xml`));
    // Each <sitemap> has a W3C datetime lastmod when the part has entries.
    for (const match of xml.matchAll(
      /<sitemap><loc>[^<]*recruitments-\d+\.xml<\/loc>(<lastmod>[^<]*<\/lastmod>)?<\/sitemap>/g,
    ))
      assert.match(match[1] ?? '', /^<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00<\/lastmod>$/);
  });

  test('the static sitemap lists the site pages and every blog post, escaped and absolute', async () => {
    const static1 = locs(await sitemap(stack, 'static', 1));
    const static2 = locs(await sitemap(stack, 'static', 2));
    const all: string[] = [];
    for (let part = 1; ; part++) {
      try {
        all.push(...locs((await stack.client.getSitemap({ name: 'static', part })).xml));
      } catch {
        break;
      }
    }
    assert.deepEqual(all.slice(0, 4), [...static1, ...static2]);
    for (const path of [
      '/',
      '/applicants/recruitments',
      '/applicants/companies',
      '/employers',
      '/pricing',
      '/about-us',
      '/contact-us',
      '/blog',
      '/faq/job-seekers',
      '/faq/employers',
    ])
      assert.ok(all.includes(`${WEB}${path}`), path);
    for (const slug of ['نوشتن-رزومه', 'نوشته-خطرناک', 'استخدام-پرستار'])
      assert.ok(all.map(unescape).includes(`${WEB}/blog/${encodeURIComponent(slug)}`), slug);
    assert.equal(all.length, 13);
  });

  test('an unknown sitemap or a part below 1 is not found', async () => {
    await assert.rejects(stack.client.getSitemap({ name: 'resumes', part: 1 }), /EXC_SEO_SITEMAP_NOT_FOUND|not found/i);
    await assert.rejects(stack.client.getSitemap({ name: 'static', part: -1 }), /EXC_SEO_SITEMAP_NOT_FOUND|not found/i);
  });
});
