// The blog against the real service reading the test blog (fixtures/blog): lists, posts,
// sanitising, metadata, feed and images; and the start refused for a bad post.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLogger } from '@darmankar/platform/log';
import { rejectsWith } from '@darmankar/platform/testing';
import { loadBlogContent, readingMinutes, renderMarkdown } from '../src/domain/blog-content.ts';
import { startSeoService } from '../src/app.ts';
import { DEFAULT_BLOG_CONTENT_DIR, seoConfig } from '../src/config.ts';
import { FIXTURE_BLOG, startStack, WEB, type Stack } from './helpers.ts';

/** No element or attribute that can run or load anything: only the allowed tags, no handlers, no script or data addresses. */
function assertNothingRuns(html: string): void {
  const tags = [...html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)];
  const allowed = new Set([
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    's',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ]);
  for (const [tag, name, attributes] of tags) {
    assert.ok(allowed.has(name!.toLowerCase()), `element ${tag} survived in ${html}`);
    assert.doesNotMatch(attributes!, /\son\w+\s*=/i, `an event handler survived: ${tag}`);
    assert.doesNotMatch(
      attributes!,
      /(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i,
      `a script address survived: ${tag}`,
    );
    assert.doesNotMatch(attributes!, /\sstyle\s*=/i, `a style survived: ${tag}`);
  }
}

describe('blog', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(async () => {
    await stack?.stop();
  });

  test('lists posts newest first with categories and their counts', async () => {
    const list = await stack.client.listBlogPosts({ locale: 'fa' });
    assert.deepEqual(
      list.posts.map((p) => p.slug),
      ['نوشته-خطرناک', 'نوشتن-رزومه', 'استخدام-پرستار'],
    );
    assert.equal(list.page?.total, 3n);
    assert.equal(list.page?.page, 1);
    assert.equal(list.page?.pageSize, 20);
    assert.deepEqual(
      list.categories.map((c) => [c.slug, c.title, c.postCount]),
      [
        ['resume', 'رزومه و درخواست شغل', 2],
        ['employers', 'برای کارفرمایان', 2],
        ['learning', 'آموزش و گواهی‌ها', 0],
      ],
    );
    const resume = list.posts.find((p) => p.slug === 'نوشتن-رزومه')!;
    assert.equal(resume.coverPath, '/blog/images/cover.svg');
    assert.deepEqual([resume.publishedOn?.year, resume.publishedOn?.month, resume.publishedOn?.day], [2026, 5, 1]);
    assert.deepEqual([resume.updatedOn?.year, resume.updatedOn?.month, resume.updatedOn?.day], [2026, 5, 1]);
    assert.equal(resume.readingMinutes, 2);
    assert.equal(list.meta?.title, 'بلاگ درمانکار | درمانکار');
    assert.equal(list.meta?.canonicalPath, '/blog');
    assert.equal(list.meta?.robots, 'index, follow');
  });

  test('filters by category, in English titles when asked; an unknown category is not found', async () => {
    const list = await stack.client.listBlogPosts({ locale: 'en', category: 'employers' });
    assert.deepEqual(
      list.posts.map((p) => p.slug),
      ['نوشته-خطرناک', 'استخدام-پرستار'],
    );
    assert.equal(list.posts[1]!.categories[0]!.title, 'For employers');
    assert.equal(list.meta?.canonicalPath, '/blog?category=employers');
    assert.match(list.meta?.title ?? '', /For employers .* \| Darmankar$/);
    await rejectsWith(stack.client.listBlogPosts({ category: 'nope' }), 'EXC_SEO_BLOG_CATEGORY_NOT_FOUND');
  });

  test('pages within bounds; out-of-bounds pages are refused', async () => {
    const second = await stack.client.listBlogPosts({ page: { page: 2, pageSize: 2 } });
    assert.deepEqual(
      second.posts.map((p) => p.slug),
      ['استخدام-پرستار'],
    );
    assert.equal(second.page?.total, 3n);
    await rejectsWith(
      stack.client.listBlogPosts({ page: { page: 1, pageSize: 51 } }),
      'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
    );
    await rejectsWith(stack.client.listBlogPosts({ page: { page: -1 } }), 'EXC_PAGINATION_PAGE_IS_INVALID');
    await rejectsWith(stack.client.listBlogPosts({ locale: 'de' }), 'EXC_BAD_REQUEST');
  });

  test('a post: sanitised HTML with heading ids, article metadata, JSON-LD and related posts', async () => {
    const post = await stack.client.getBlogPost({ slug: 'نوشته-خطرناک', locale: 'fa' });
    const html = post.html;
    assertNothingRuns(html);
    // Raw HTML was never HTML: it shows, escaped, as the text it was.
    assert.ok(html.includes('&lt;script&gt;'), html);
    assert.match(html, /<h2 id="سرفصل-امن">سرفصل امن<\/h2>/);
    assert.match(html, /<h2>عنوان سطح یک<\/h2>/, 'a body h1 becomes an h2');
    assert.match(html, /<a href="https:\/\/darmankar\.ir\/applicants\/recruitments">پیوند امن<\/a>/);

    const meta = post.meta!;
    assert.equal(meta.title, 'نوشته‌ای با محتوای خطرناک | درمانکار');
    assert.equal(meta.canonicalPath, '/blog/نوشته-خطرناک');
    assert.equal(meta.ogType, 'article');
    assert.equal(meta.imageUrl, `${WEB}/blog/images/photo.png`);
    const ld = JSON.parse(meta.jsonLd) as { '@graph': Array<Record<string, unknown>> };
    const posting = ld['@graph'].find((o) => o['@type'] === 'BlogPosting')!;
    assert.equal(posting.headline, 'نوشته‌ای با محتوای خطرناک');
    assert.equal(posting.datePublished, '2026-06-01');
    assert.equal(posting.dateModified, '2026-06-15');
    assert.deepEqual(posting.author, { '@type': 'Person', name: 'سارا محمدی' });
    const crumbs = ld['@graph'].find((o) => o['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ item: string }>;
    };
    assert.deepEqual(
      crumbs.itemListElement.map((c) => c.item),
      [`${WEB}/`, `${WEB}/blog`, `${WEB}/blog/${encodeURIComponent('نوشته-خطرناک')}`],
    );
    assert.deepEqual(
      post.related.map((p) => p.slug),
      ['نوشتن-رزومه', 'استخدام-پرستار'],
    );
    assert.equal(post.summary?.author, 'سارا محمدی');
    assert.equal(post.summary?.coverAlt, 'تصویر آزمون');

    await rejectsWith(stack.client.getBlogPost({ slug: 'نوشته-ناموجود' }), 'EXC_SEO_BLOG_POST_NOT_FOUND');
  });

  test('the RSS 2.0 feed: escaped titles, absolute links, RFC 822 dates, categories, atom:link self', async () => {
    const { xml } = await stack.client.getBlogFeed({ locale: 'fa' });
    assert.match(
      xml,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    assert.ok(xml.includes(`<atom:link href="${WEB}/blog/rss.xml" rel="self" type="application/rss+xml"/>`));
    assert.ok(xml.includes('<title>رزومه &amp; مصاحبه &lt;نکته‌ها&gt;</title>'));
    assert.ok(xml.includes('&quot;نقل‌قول&quot;'));
    const link = `${WEB}/blog/${encodeURIComponent('نوشتن-رزومه')}`;
    assert.ok(xml.includes(`<link>${link}</link>`));
    assert.ok(xml.includes(`<guid isPermaLink="true">${link}</guid>`));
    assert.ok(xml.includes('<pubDate>Fri, 01 May 2026 00:00:00 GMT</pubDate>'));
    assert.ok(xml.includes('<category>رزومه و درخواست شغل</category>'));
    assert.equal([...xml.matchAll(/<item>/g)].length, 3);
    const { xml: en } = await stack.client.getBlogFeed({ locale: 'en' });
    assert.ok(en.includes(`<atom:link href="${WEB}/en/blog/rss.xml"`));
    assert.ok(en.includes('<category>Resumes and applications</category>'));
  });

  test('images: files of images/ with their type; anything else is not found', async () => {
    const svg = await stack.client.getBlogImage({ name: 'cover.svg' });
    assert.equal(svg.contentType, 'image/svg+xml');
    assert.match(Buffer.from(svg.content).toString('utf8'), /^<svg /);
    const png = await stack.client.getBlogImage({ name: 'photo.png' });
    assert.equal(png.contentType, 'image/png');
    assert.deepEqual([...png.content.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    for (const name of [
      'notes.txt',
      '../posts/resume.md',
      '..',
      'images/cover.svg',
      '..\\cover.svg',
      'cover.svg\0',
      '',
      '/etc/passwd',
      'missing.png',
    ])
      await rejectsWith(stack.client.getBlogImage({ name }), 'EXC_SEO_BLOG_IMAGE_NOT_FOUND');
  });
});

describe('blog content checks', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  function blogWith(post: string): { dir: string; file: string } {
    const dir = mkdtempSync(path.join(tmpdir(), 'seo-blog-'));
    dirs.push(dir);
    cpSync(path.join(FIXTURE_BLOG, 'categories.yaml'), path.join(dir, 'categories.yaml'));
    cpSync(path.join(FIXTURE_BLOG, 'images'), path.join(dir, 'images'), { recursive: true });
    mkdirSync(path.join(dir, 'posts'));
    cpSync(path.join(FIXTURE_BLOG, 'posts', 'resume.md'), path.join(dir, 'posts', 'a-good.md'));
    writeFileSync(path.join(dir, 'posts', 'z-bad.md'), post);
    return { dir, file: path.join(dir, 'posts', 'z-bad.md') };
  }

  const front = (fields: Record<string, string | undefined>) => {
    const all: Record<string, string | undefined> = {
      title: 'عنوان',
      slug: 'نوشته-تازه',
      summary: 'خلاصه',
      cover: 'cover.svg',
      coverAlt: 'جلد',
      categories: '[resume]',
      publishedOn: '2026-01-02',
      author: 'تحریریه درمانکار',
      ...fields,
    };
    const lines = Object.entries(all)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${v}`);
    return `---\n${lines.join('\n')}\n---\nمتن\n`;
  };

  const cases: Array<[string, string, RegExp]> = [
    ['a missing title', front({ title: undefined }), /title is missing/],
    ['an unknown category', front({ categories: '[cooking]' }), /category "cooking" is not in categories\.yaml/],
    ['no category', front({ categories: '[]' }), /at least one category/],
    ['a duplicate slug', front({ slug: 'نوشتن-رزومه' }), /slug "نوشتن-رزومه" is already the slug of .*a-good\.md/],
    ['a bad date', front({ publishedOn: '2026-02-30' }), /publishedOn "2026-02-30" is not a day/],
    ['a date in another form', front({ publishedOn: '1405/07/10' }), /publishedOn must be a date written YYYY-MM-DD/],
    ['a slug with spaces', front({ slug: '"نوشته تازه"' }), /slug .* must be words/],
    ['a cover not in images/', front({ cover: 'nope.svg' }), /cover "nope\.svg" is not a file in images\//],
    ['no front matter', 'متن بدون سرآغاز\n', /must start with front matter/],
  ];
  for (const [what, text, message] of cases) {
    test(`${what} stops the start, naming the file`, async () => {
      const { dir, file } = blogWith(text);
      assert.throws(
        () => loadBlogContent(dir),
        (error: Error) => {
          assert.ok(error.message.includes(file), error.message);
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }

  test('the service refuses to start on a bad post', async () => {
    const { dir, file } = blogWith(front({ categories: '[cooking]' }));
    const config = seoConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      GRPC_PORT: '0',
      BLOG_CONTENT_DIR: dir,
    });
    await assert.rejects(startSeoService(config, { log: createLogger('seo-test', 'silent') }), (error: Error) =>
      error.message.includes(file),
    );
  });

  test('the shipped blog loads', () => {
    const content = loadBlogContent(DEFAULT_BLOG_CONTENT_DIR);
    assert.ok(content.categories.length > 0);
    for (const post of content.posts) assert.ok(content.images.has(post.cover), post.file);
  });

  test('reading time is words / 200 rounded up, at least 1', () => {
    assert.equal(readingMinutes('یک'), 1);
    assert.equal(readingMinutes(Array(200).fill('واژه').join(' ')), 1);
    assert.equal(readingMinutes(Array(201).fill('واژه').join(' ')), 2);
    assert.equal(readingMinutes(''), 1);
  });

  test('the renderer drops raw HTML, handlers and script addresses', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[a](javascript:alert(3)) [b](vbscript:x) ![c](data:image/png;base64,AA==)\n\n## عنوان و **نکته**',
    );
    assertNothingRuns(html);
    assert.doesNotMatch(html, /<[^>]*\s(src|href)=/, 'no address of those schemes is kept');
    assert.match(html, /<h2 id="عنوان-و-نکته">عنوان و <strong>نکته<\/strong><\/h2>/);
  });
});
