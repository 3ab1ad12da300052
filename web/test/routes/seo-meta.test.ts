// The head of the server-rendered HTML on the real stack (every service, the gateway, the built
// web app): for the home page, the job listing, a posting, an employer, a resume and a blog post,
// one <title> with the page's title, a description, one absolute canonical link, the robots the
// page should carry, Open Graph title and URL, and JSON-LD of the page's schema.org type; the
// error pages (404, 403, 500) and a signed-in person's page are noindex. The metadata is the seo
// service's (or the by-slug-with-seo answers'), so each case checks the HTML against the service's
// answer and against what the page is known to be.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Window } from 'happy-dom';
import { startStack, type RunningStack } from '../../../scripts/stack.ts';
import { translator } from '../../app/i18n/index.ts';
import { localePath, type Locale } from '../../app/lib/locale.ts';
import type { PageMeta } from '../../app/lib/seo-meta.ts';
import { cookieRest, createResume, employerWithPlan, openPosting, type Rest } from '../my-applies-support.ts';
import { logInThroughApi } from './support/login.ts';

const run = Date.now() % 100_000;
const INDEX = 'index, follow';

interface Head {
  titles: string[];
  description: string | null;
  canonicals: string[];
  robots: string[];
  ogTitle: string | null;
  ogUrl: string | null;
  /** The schema.org types of every JSON-LD block (a @graph's items one by one). */
  jsonLdTypes: string[];
  status: number;
}

function typesOf(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  if (Array.isArray(record['@graph'])) return record['@graph'].flatMap(typesOf);
  const type = record['@type'];
  return Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
}

/**
 * The page's server HTML, read as a browser (or a crawler without JavaScript) reads it, after
 * the redirects it is sent through (a listing's query is put in its one canonical order first).
 */
async function headOf(webUrl: string, path: string, cookie?: string): Promise<Head> {
  const response = await fetch(`${webUrl}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const window = new Window({ url: webUrl });
  try {
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
    const jsonLdTypes = [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
      // Invalid JSON fails the case here, with the text that did not parse.
      const parsed = JSON.parse(script.textContent ?? '') as unknown;
      return Array.isArray(parsed) ? parsed.flatMap(typesOf) : typesOf(parsed);
    });
    return {
      status: response.status,
      titles: [...document.querySelectorAll('title')].map((title) => title.textContent ?? ''),
      description: content('meta[name="description"]'),
      canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')!),
      robots: [...document.querySelectorAll('meta[name="robots"]')].map((meta) => meta.getAttribute('content')!),
      ogTitle: content('meta[property="og:title"]'),
      ogUrl: content('meta[property="og:url"]'),
      jsonLdTypes,
    };
  } finally {
    await window.happyDOM.close();
  }
}

/** What every indexable or private page's head holds. */
function assertHead(
  head: Head,
  expected: { title: string; canonical: string; robots: string; types: string[] },
  what: string,
): void {
  assert.equal(head.status, 200, `${what}: status`);
  assert.deepEqual(head.titles, [expected.title], `${what}: exactly one <title>`);
  assert.ok(head.description && head.description.trim() !== '', `${what}: a description`);
  assert.deepEqual(head.canonicals, [expected.canonical], `${what}: one absolute canonical`);
  assert.match(expected.canonical, /^https?:\/\//, `${what}: the canonical is absolute`);
  assert.deepEqual(head.robots, [expected.robots], `${what}: robots`);
  assert.equal(head.ogTitle, expected.title, `${what}: og:title`);
  assert.equal(head.ogUrl, expected.canonical, `${what}: og:url`);
  for (const type of expected.types)
    assert.ok(head.jsonLdTypes.includes(type), `${what}: JSON-LD ${type} in [${head.jsonLdTypes}]`);
}

describe('page heads in the server HTML on the real stack', () => {
  let stack: RunningStack | undefined;
  let web: string;
  let cookie: string;
  let rest: Rest;

  /** An anonymous read of the gateway, as the seo service answers it. */
  async function gateway<T>(path: string): Promise<T> {
    const response = await fetch(`${stack!.gatewayUrl}/api/v1/${path}`);
    assert.equal(response.status, 200, `GET ${path}: ${response.status} ${await response.clone().text()}`);
    return (await response.json()) as T;
  }

  const canonicalOf = (locale: Locale, path: string) => `${web}${localePath(locale, path)}`;

  before(async () => {
    stack = await startStack({ name: 'web-seo-meta', output: 'quiet' });
    web = stack.webUrl;
    cookie = await logInThroughApi(stack.gatewayUrl);
    rest = cookieRest(stack.gatewayUrl, cookie);
  });
  after(async () => {
    await stack?.stop();
  });

  test('home (fa): the service title, canonical /, indexed, Organization and WebSite JSON-LD', async () => {
    const seo = await gateway<PageMeta>('meta-data/seo/home?locale=fa');
    assert.equal(seo.canonicalPath, '/');
    assertHead(
      await headOf(web, '/'),
      { title: seo.title, canonical: `${web}/`, robots: INDEX, types: ['Organization', 'WebSite'] },
      'home',
    );
  });

  test('home (en): English title, canonical /en', async () => {
    const seo = await gateway<PageMeta>('meta-data/seo/home?locale=en');
    assert.notEqual(seo.title, (await gateway<PageMeta>('meta-data/seo/home?locale=fa')).title);
    assertHead(
      await headOf(web, '/en'),
      { title: seo.title, canonical: `${web}/en`, robots: INDEX, types: ['Organization', 'WebSite'] },
      'home (en)',
    );
  });

  test('listing (fa): canonical without the filters, indexed', async () => {
    const seo = await gateway<PageMeta>('meta-data/seo/applicants/recruitments?locale=fa');
    const head = await headOf(web, `/applicants/recruitments?text=${encodeURIComponent('پرستار')}`);
    assertHead(
      head,
      { title: seo.title, canonical: `${web}/applicants/recruitments`, robots: INDEX, types: ['BreadcrumbList'] },
      'listing',
    );
  });

  test('listing (en), page 2: the canonical keeps ?page=2 and the English prefix', async () => {
    const seo = await gateway<PageMeta>('meta-data/seo/applicants/recruitments?locale=en');
    assertHead(
      await headOf(web, '/en/applicants/recruitments?page=2'),
      { title: seo.title, canonical: `${web}/en/applicants/recruitments?page=2`, robots: INDEX, types: [] },
      'listing (en) page 2',
    );
  });

  describe('an employer, its posting and a resume', () => {
    const brand = `درمانگاه متا ${run}`;
    const title = `پرستار بخش متا ${run}`;
    let employer: { id: string; slug: string };
    let posting: Awaited<ReturnType<typeof openPosting>>;
    let resume: { id: string; slug: string };

    before(async () => {
      employer = await employerWithPlan(rest, brand);
      posting = await openPosting(rest, employer.id, title);
      resume = await createResume(rest, 'سارا', `محمدی ${run}`);
    });

    test('posting (fa): its title, its own canonical, JobPosting and BreadcrumbList JSON-LD', async () => {
      const { seo } = await gateway<{ seo: PageMeta }>(
        `recruitments/by-slug-with-seo/${encodeURIComponent(posting.slug)}?locale=fa`,
      );
      assert.ok(seo.title.includes(title), `the service's title names the posting: ${seo.title}`);
      assert.equal(canonicalOf('fa', seo.canonicalPath), `${web}${posting.path}`);
      assertHead(
        await headOf(web, posting.path),
        {
          title: seo.title,
          canonical: `${web}${posting.path}`,
          robots: INDEX,
          types: ['JobPosting', 'BreadcrumbList'],
        },
        'posting',
      );
    });

    test('employer (fa): its brand in the title, Organization JSON-LD', async () => {
      const { seo } = await gateway<{ seo: PageMeta }>(
        `employers/by-slug-with-seo/${encodeURIComponent(employer.slug)}?locale=fa`,
      );
      assert.ok(seo.title.includes(brand), `the service's title names the employer: ${seo.title}`);
      const path = `/employers/${encodeURIComponent(employer.slug)}`;
      assertHead(
        await headOf(web, path),
        { title: seo.title, canonical: `${web}${path}`, robots: INDEX, types: ['Organization'] },
        'employer',
      );
    });

    test('resume (fa): the person named in the title, never indexed', async () => {
      const path = `/applicants/resumes/${encodeURIComponent(resume.slug)}`;
      const head = await headOf(web, path);
      assert.equal(head.titles.length, 1, 'one <title>');
      assert.ok(head.titles[0]!.startsWith(`سارا محمدی ${run}`), `the person's name: ${head.titles[0]}`);
      assertHead(
        head,
        { title: head.titles[0]!, canonical: `${web}${path}`, robots: 'noindex, nofollow', types: [] },
        'resume',
      );
    });
  });

  test('blog post (fa): its title, canonical /blog/{slug}, BlogPosting JSON-LD', async () => {
    const list = await gateway<{ items: Array<{ slug: string }> }>('meta-data/blog?locale=fa');
    const slug = list.items[0]?.slug;
    assert.ok(slug, 'the blog has a post');
    const { seo } = await gateway<{ seo: PageMeta }>(`meta-data/blog/posts/${encodeURIComponent(slug)}?locale=fa`);
    const path = `/blog/${encodeURIComponent(slug)}`;
    assert.equal(decodeURIComponent(canonicalOf('fa', seo.canonicalPath)), decodeURIComponent(`${web}${path}`));
    assertHead(
      await headOf(web, path),
      { title: seo.title, canonical: canonicalOf('fa', seo.canonicalPath), robots: INDEX, types: ['BlogPosting'] },
      'blog post',
    );
  });

  test('a signed-in person’s page (settings) is noindex in its server HTML', async () => {
    const seo = await gateway<PageMeta>('meta-data/seo/applicants/settings?locale=fa');
    assertHead(
      await headOf(web, '/applicants/settings', cookie),
      { title: seo.title, canonical: `${web}/applicants/settings`, robots: 'noindex, nofollow', types: [] },
      'settings',
    );
  });

  test('error pages (404, 403, 500) are noindex in the server HTML, with one title', async () => {
    const fa = translator('fa');
    const cases = [
      { path: `/no-such-page-${run}`, status: 404, title: fa('error.notFoundTitle') },
      {
        path: '/something-went-wrong?code=EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
        status: 403,
        title: fa('error.forbiddenTitle'),
      },
      { path: '/something-went-wrong', status: 500, title: fa('error.serverTitle') },
    ];
    for (const each of cases) {
      const head = await headOf(web, each.path);
      assert.equal(head.status, each.status, each.path);
      assert.deepEqual(head.titles, [`${each.title} | ${fa('app.name')}`], `${each.path}: one title`);
      assert.ok(head.robots.length > 0, `${each.path}: a robots meta`);
      for (const robots of head.robots) assert.match(robots, /noindex/, `${each.path}: ${robots}`);
    }
  });
});
