// The posting and employer pages' heads come from their by-slug-with-seo answers' PageMeta
// through the one head builder (seoMeta): robots as the service says (a member's closed posting
// is never indexed), the canonical absolute with the locale, fa/en alternates, the preview
// image and the JSON-LD @graph; without data the not-found head (noindex).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MetaDescriptor } from 'react-router';
import { meta as postingMeta } from '../../app/routes/recruitments/detail.tsx';
import { meta as employerMeta } from '../../app/routes/employer/profile.tsx';

const ORIGIN = 'https://darmankar.test';
const matches = [{ id: 'root', data: { origin: ORIGIN } }];

const seo = (overrides: Record<string, string> = {}) => ({
  title: 'پرستار بخش ICU | بیمارستان سینا',
  description: 'مراقبت از بیماران',
  canonicalPath: '/applicants/recruitments/nursing/%D9%BE%D8%B1%D8%B3%D8%AA%D8%A7%D8%B1',
  jsonLd: '{"@context":"https://schema.org","@graph":[{"@type":"JobPosting"},{"@type":"BreadcrumbList"}]}',
  robots: 'index, follow',
  ogType: 'website',
  imageUrl: `${ORIGIN}/api/v1/files/logo-1?width=256`,
  ...overrides,
});

type Args = Parameters<typeof postingMeta>[0];
const args = (pathname: string, data: unknown) => ({ data, location: { pathname }, matches }) as unknown as Args;

const field = (tag: MetaDescriptor, key: string) => (tag as Record<string, unknown>)[key];
const find = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.find((tag) => field(tag, key) === value) as Record<string, unknown> | undefined;

test("a posting's head is its PageMeta: robots, absolute canonical with the locale, alternates, image, JSON-LD", () => {
  const tags = postingMeta(args('/en/applicants/recruitments/nursing/x', { posting: { id: 'p' }, seo: seo() }));
  assert.ok(tags.some((tag) => 'title' in tag && tag.title === seo().title));
  assert.equal(find(tags, 'name', 'robots')?.content, 'index, follow');
  assert.equal(find(tags, 'rel', 'canonical')?.href, `${ORIGIN}/en${seo().canonicalPath}`);
  assert.deepEqual(
    tags.filter((tag) => field(tag, 'rel') === 'alternate').map((tag) => field(tag, 'href')),
    [`${ORIGIN}${seo().canonicalPath}`, `${ORIGIN}/en${seo().canonicalPath}`],
  );
  assert.equal(find(tags, 'property', 'og:image')?.content, seo().imageUrl);
  assert.equal(find(tags, 'property', 'og:type')?.content, 'website');
  const ld = field(
    tags.find((tag) => 'script:ld+json' in tag)!,
    'script:ld+json',
  ) as {
    '@graph': { '@type': string }[];
  };
  assert.deepEqual(
    ld['@graph'].map((node) => node['@type']),
    ['JobPosting', 'BreadcrumbList'],
  );

  const closed = postingMeta(
    args('/applicants/recruitments/nursing/x', { posting: { id: 'p' }, seo: seo({ robots: 'noindex, nofollow' }) }),
  );
  assert.deepEqual(
    closed.filter((tag) => field(tag, 'name') === 'robots').map((tag) => field(tag, 'content')),
    ['noindex, nofollow'],
    'one robots tag, the service’s',
  );
});

test("an employer's head is its PageMeta; no logo, no og:image", () => {
  const tags = employerMeta(
    args('/employers/sina', {
      employer: { id: 'e' },
      positions: [],
      seo: seo({
        title: 'بیمارستان سینا | درمانکار',
        canonicalPath: '/employers/sina',
        imageUrl: '',
        jsonLd: '{"@context":"https://schema.org","@graph":[{"@type":"Organization"},{"@type":"BreadcrumbList"}]}',
      }),
    }) as unknown as Parameters<typeof employerMeta>[0],
  );
  assert.ok(tags.some((tag) => 'title' in tag && tag.title === 'بیمارستان سینا | درمانکار'));
  assert.equal(find(tags, 'rel', 'canonical')?.href, `${ORIGIN}/employers/sina`);
  assert.equal(find(tags, 'property', 'og:image'), undefined);
  assert.equal(find(tags, 'name', 'twitter:card')?.content, 'summary');
  assert.ok(tags.some((tag) => 'script:ld+json' in tag));
});

test('without data both pages have the not-found head, never indexed', () => {
  for (const tags of [
    postingMeta(args('/applicants/recruitments/nursing/gone', undefined)),
    employerMeta(args('/employers/nobody', undefined) as unknown as Parameters<typeof employerMeta>[0]),
  ]) {
    assert.equal(find(tags, 'name', 'robots')?.content, 'noindex');
    assert.equal(find(tags, 'rel', 'canonical'), undefined);
  }
});
