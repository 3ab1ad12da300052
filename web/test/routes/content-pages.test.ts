// The content pages as the web server renders them (development mode: the real routes, loaders,
// actions and the head), in front of a stand-in gateway that answers the seo routes as the
// contract states them (JSON for the blog, profile links and page metadata; XML, RSS and an
// image passed through as they come). The real seo service runs in the browser test
// (e2e/content.test.ts).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { translator } from '../../app/i18n/index.ts';
import { formatDay } from '../../app/lib/content/dates.ts';
import { FAQ } from '../../app/lib/content/faq.ts';
import { startWeb, type RunningWeb } from '../support/web-server.ts';

const fa = translator('fa');
const en = translator('en');

const SLUG = 'رزومه-نویسی-پرستاران';
const OTHER_SLUG = 'مصاحبه-استخدامی';
const category = { slug: 'resume', title: 'رزومه', postCount: 2 };

const seo = (path: string, title: string, jsonLd = '') => ({
  title,
  description: `${title}: توضیح`,
  canonicalPath: path,
  jsonLd,
  robots: 'index, follow',
  ogType: 'website',
  imageUrl: '',
});

const summary = (slug: string, title: string, publishedOn: string, readingMinutes: number) => ({
  slug,
  title,
  summary: `خلاصهٔ ${title}`,
  coverPath: `/blog/images/${slug === SLUG ? 'cover-1.svg' : 'cover-2.svg'}`,
  coverAlt: `تصویر ${title}`,
  categories: [category],
  publishedOn,
  updatedOn: publishedOn,
  readingMinutes,
  author: 'تحریریهٔ درمانکار',
});

const first = summary(SLUG, 'رزومه‌نویسی برای پرستاران', '2026-11-15', 5);
const second = summary(OTHER_SLUG, 'آمادگی برای مصاحبهٔ استخدامی', '2026-10-02', 7);

const RSS = '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>درمانکار</title></channel></rss>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9"/></svg>';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** The gateway's seo routes as the contract states them; anything else 404 EXC_API_NOT_FOUND. */
function standInGateway(seen: Seen[]): Server {
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://gateway.invalid');
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/v1/, ''));
    seen.push({ method: req.method ?? 'GET', path, query: url.searchParams, body: Buffer.concat(chunks).toString() });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const refuse = (status: number, code: string) => {
      res.writeHead(status, { 'content-type': 'application/json', exc: code });
      res.end(JSON.stringify({ exc: [code], message: code }));
    };
    if (req.method === 'GET' && path === '/meta-data/blog') {
      if (url.searchParams.get('category') === 'nothing') return refuse(404, 'EXC_SEO_BLOG_CATEGORY_NOT_FOUND');
      return json(200, {
        items: [first, second],
        page: Number(url.searchParams.get('page') ?? 1),
        pageSize: 1,
        total: 2,
        categories: [category],
        seo: seo('/blog', 'وبلاگ درمانکار | درمانکار'),
      });
    }
    if (req.method === 'GET' && path === `/meta-data/blog/posts/${SLUG}`) {
      return json(200, {
        post: { ...first, html: '<h2>یک رزومهٔ خوب</h2><p>سابقهٔ بالینی را <strong>اول</strong> بنویسید.</p>' },
        seo: {
          ...seo(`/blog/${encodeURIComponent(SLUG)}`, first.title),
          ogType: 'article',
          jsonLd: JSON.stringify({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: first.title }),
        },
        related: [second],
      });
    }
    if (req.method === 'GET' && path.startsWith('/meta-data/blog/posts/'))
      return refuse(404, 'EXC_SEO_BLOG_POST_NOT_FOUND');
    if (req.method === 'GET' && path === '/meta-data/blog/rss') {
      res.writeHead(200, {
        'content-type': 'application/rss+xml; charset=utf-8',
        'cache-control': 'public, max-age=600',
      });
      return res.end(RSS);
    }
    if (req.method === 'GET' && path === '/meta-data/blog/images/cover-1.svg') {
      res.writeHead(200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      return res.end(SVG);
    }
    if (req.method === 'GET' && path.startsWith('/meta-data/blog/images/'))
      return refuse(404, 'EXC_SEO_BLOG_IMAGE_NOT_FOUND');
    if (req.method === 'GET' && (path === '/meta-data/sitemap' || path.startsWith('/meta-data/sitemap/'))) {
      const name = path.split('/')[3] ?? 'index';
      if (name === 'employers' && url.searchParams.get('part') === '9') return refuse(404, 'EXC_SEO_SITEMAP_NOT_FOUND');
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
      return res.end(`<?xml version="1.0"?><!-- ${name} ${url.searchParams.get('part') ?? ''} -->`);
    }
    if (req.method === 'GET' && path === '/meta-data/profile-links/clinic-a') {
      return json(200, { kind: 'employer', canonicalPath: '/employers/clinic-a' });
    }
    if (req.method === 'GET' && path === '/meta-data/profile-links/درمانگاه-مهر') {
      return json(200, { kind: 'employer', canonicalPath: '/employers/درمانگاه-مهر' });
    }
    if (req.method === 'GET' && path.startsWith('/meta-data/profile-links/'))
      return refuse(404, 'EXC_SEO_PROFILE_NOT_FOUND');
    if (req.method === 'GET' && path.startsWith('/meta-data/seo/site/')) {
      const page = path.split('/').pop()!;
      return json(200, seo(`/${page.replace(/^faq-/, 'faq/')}`, `صفحهٔ ${page}`));
    }
    if (req.method === 'POST' && path === '/contact-messages') {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { name: string };
      if (body.name === 'پرکار') return refuse(429, 'EXC_SEO_CONTACT_TOO_MANY');
      return json(201, { id: 'c1', receivedAt: '2026-11-25T10:00:00.000Z' });
    }
    return refuse(404, 'EXC_API_NOT_FOUND');
  });
}

/** The start tag of the element carrying `attribute` (e.g. `name="email"`). */
function tagWith(html: string, attribute: string): string {
  const at = html.indexOf(attribute);
  assert.ok(at >= 0, `no element with ${attribute}`);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
}

describe('content pages rendered by the web server', () => {
  const seen: Seen[] = [];
  const gatewayServer = standInGateway(seen);
  let web: RunningWeb;
  const get = (path: string, init: RequestInit = {}) => fetch(`${web.url}${path}`, { redirect: 'manual', ...init });
  const post = (path: string, fields: Record<string, string>) =>
    get(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  before(async () => {
    await new Promise<void>((resolve) => gatewayServer.listen(0, '127.0.0.1', resolve));
    const gatewayUrl = `http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`;
    web = await startWeb({ NODE_ENV: 'development', GATEWAY_URL: gatewayUrl });
  });
  after(async () => {
    await web?.close();
    gatewayServer.closeAllConnections();
    await new Promise((resolve) => gatewayServer.close(resolve));
  });

  test('the blog list: titles, Jalali dates, reading time, category links, covers sized and lazy after the first, the feed in the head', async () => {
    const response = await get('/blog');
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.ok(html.includes(first.title) && html.includes(second.title));
    assert.ok(html.includes(fa('blog.publishedOn', { date: formatDay(first.publishedOn, 'fa') })));
    assert.ok(html.includes('۲۴ آبان ۱۴۰۵'), 'the first post’s day in the Jalali calendar, Persian digits');
    assert.ok(html.includes('۵ دقیقه مطالعه') && html.includes('۷ دقیقه مطالعه'));
    assert.ok(html.includes('href="/blog?category=resume"'));
    assert.match(html, /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/blog\/rss.xml"/);
    const firstCover = tagWith(html, 'src="/blog/images/cover-1.svg"');
    const secondCover = tagWith(html, 'src="/blog/images/cover-2.svg"');
    assert.match(firstCover, /width="640"/);
    assert.match(firstCover, /height="360"/);
    assert.match(firstCover, /loading="eager"/);
    assert.match(secondCover, /loading="lazy"/);
    assert.ok(html.includes(`alt="${first.coverAlt}"`));
    // Two posts at one per page: a second page, linked as a plain link.
    assert.ok(html.includes('href="/blog?page=2"'));
    const call = seen.find((request) => request.path === '/meta-data/blog');
    assert.equal(call?.query.get('locale'), 'fa');
    // The head is the service's metadata: its title and canonical.
    assert.ok(html.includes('<title>وبلاگ درمانکار | درمانکار</title>'));
    assert.match(html, /<link rel="canonical" href="[^"]*\/blog"/);
  });

  test('a category: the list asks for it and heads it; an unknown category is the 404 page', async () => {
    const html = await (await get('/blog?category=resume')).text();
    assert.ok(html.includes(fa('blog.categoryHeading', { title: category.title })));
    assert.equal(seen.findLast((request) => request.path === '/meta-data/blog')?.query.get('category'), 'resume');
    const unknown = await get('/blog?category=nothing');
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /<meta name="robots" content="noindex"/);
  });

  test('a post by its Persian slug: title, Jalali date, reading time, the body, breadcrumbs, related posts and the service’s JSON-LD', async () => {
    const response = await get(`/blog/${encodeURIComponent(SLUG)}`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.ok(html.includes(`>${first.title}</h1>`));
    assert.ok(html.includes('۲۴ آبان ۱۴۰۵') && html.includes('۵ دقیقه مطالعه'));
    assert.ok(html.includes('<h2>یک رزومهٔ خوب</h2><p>سابقهٔ بالینی را <strong>اول</strong> بنویسید.</p>'));
    assert.ok(html.includes(`aria-label="${fa('blog.breadcrumbs')}"`));
    assert.ok(html.includes(second.title), 'the related post');
    assert.ok(html.includes('"@type":"BlogPosting"'));
    assert.match(html, /<meta property="og:type" content="article"/);
    assert.match(html, /<link rel="alternate" type="application\/rss\+xml"/);
  });

  test('an unknown post is the site’s 404 page, kept out of search engines', async () => {
    const response = await get(`/blog/${encodeURIComponent('مطلبی-که-نیست')}`);
    assert.equal(response.status, 404);
    const html = await response.text();
    assert.match(html, /<meta name="robots" content="noindex"/);
    assert.ok(html.includes(fa('error.notFoundTitle')));
  });

  test('the feed and images pass through with the gateway’s content type and cache headers', async () => {
    const rss = await get('/blog/rss.xml');
    assert.equal(rss.status, 200);
    assert.equal(rss.headers.get('content-type'), 'application/rss+xml; charset=utf-8');
    assert.equal(rss.headers.get('cache-control'), 'public, max-age=600');
    assert.equal(await rss.text(), RSS);
    assert.equal(seen.findLast((request) => request.path === '/meta-data/blog/rss')?.query.get('locale'), 'fa');
    await get('/en/blog/rss.xml').then((answer) => answer.text());
    assert.equal(seen.findLast((request) => request.path === '/meta-data/blog/rss')?.query.get('locale'), 'en');

    const image = await get('/blog/images/cover-1.svg');
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/svg+xml');
    assert.equal(image.headers.get('cache-control'), 'public, max-age=86400');
    assert.equal(await image.text(), SVG);
    const missing = await get('/blog/images/none.png');
    assert.equal(missing.status, 404);
    assert.doesNotMatch(await missing.text(), /<html/);
  });

  test('the sitemap index and its parts come from the service; a file name of no part is a 404 without asking it', async () => {
    const index = await get('/sitemap.xml');
    assert.equal(index.status, 200);
    assert.equal(index.headers.get('content-type'), 'application/xml; charset=utf-8');
    assert.match(await index.text(), /<!-- index/);
    const part = await get('/sitemaps/recruitments-2.xml');
    assert.equal(part.status, 200);
    assert.match(await part.text(), /<!-- recruitments 2 -->/);
    const pastTheLast = await get('/sitemaps/employers-9.xml');
    assert.equal(pastTheLast.status, 404);
    const before = seen.length;
    for (const file of ['resumes-1.xml', 'static-0.xml', 'static.xml', 'static-1.txt']) {
      assert.equal((await get(`/sitemaps/${file}`)).status, 404, file);
    }
    assert.equal(seen.length, before, 'no gateway call for a file that is no part');
  });

  test('robots.txt: the public site allowed, private areas disallowed in both languages, the sitemap named', async () => {
    const response = await get('/robots.txt');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    const text = await response.text();
    assert.match(text, /^User-agent: \*\nAllow: \/\n/);
    for (const path of [
      '/login',
      '/applicants/settings',
      '/notifications',
      '/recruitments/',
      '/orders/',
      '/payments/',
      '/employers/*/edit',
      '/en/login',
    ]) {
      assert.ok(text.split('\n').includes(`Disallow: ${path}`), path);
    }
    assert.ok(!text.includes('Disallow: /applicants/recruitments\n'), 'the public postings stay open');
    assert.ok(text.includes(`Sitemap: ${web.url}/sitemap.xml`));
  });

  test('/in/{slug} moves permanently to the profile in the link’s language; an unknown slug is the 404 page', async () => {
    const moved = await get('/in/clinic-a');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/employers/clinic-a');
    const english = await get('/en/in/clinic-a');
    assert.equal(english.status, 301);
    assert.equal(english.headers.get('location'), '/en/employers/clinic-a');
    const persian = await get(`/in/${encodeURIComponent('درمانگاه-مهر')}`);
    assert.equal(persian.status, 301);
    assert.equal(persian.headers.get('location'), `/employers/${encodeURIComponent('درمانگاه-مهر')}`);
    const unknown = await get('/in/nobody');
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /<meta name="robots" content="noindex"/);
  });

  test('the FAQ pages: every question in a disclosure widget, the FAQPage JSON-LD in the head; another audience is a 404', async () => {
    for (const [path, audience] of [
      ['/faq/job-seekers', 'jobSeekers'],
      ['/faq/employers', 'employers'],
    ] as const) {
      const html = await (await get(path)).text();
      assert.equal(html.match(/<details/g)?.length, FAQ[audience].length, path);
      assert.ok(FAQ[audience].length >= 8 && FAQ[audience].length <= 10);
      for (const entry of FAQ[audience]) assert.ok(html.includes(fa(entry.question)), `${path}: ${entry.question}`);
      assert.ok(html.includes('"@type":"FAQPage"'), path);
      assert.ok(html.includes(`"name":"${fa(FAQ[audience][0]!.question)}"`), path);
    }
    const english = await (await get('/en/faq/employers')).text();
    assert.ok(english.includes(en('faq.employers.q1')));
    assert.ok(english.includes(`"name":"${en('faq.employers.q1')}"`));
    assert.equal((await get('/faq/students')).status, 404);
  });

  test('the footer: both FAQ links, the college site in the same tab, the trust seal’s slot', async () => {
    const html = await (await get('/about-us')).text();
    assert.ok(html.includes('href="/faq/job-seekers"') && html.includes('href="/faq/employers"'));
    const college = tagWith(html, 'href="https://college.darmankar.ir"');
    assert.match(college, /rel="noopener"/);
    assert.doesNotMatch(college, /target=/);
    assert.ok(html.includes(fa('footer.college')));
    assert.ok(html.includes('data-testid="trust-seal"'));
    assert.ok(html.includes('<title>صفحهٔ about-us</title>'), 'about us takes its head from the seo service');
  });

  test('the contact form without JavaScript: refused fields marked with their messages, what was typed kept', async () => {
    const response = await post('/contact-us', {
      name: '',
      email: 'not-an-email',
      cellphone: '12345',
      subject: 'پرسش',
      message: 'سلام',
      website: '',
    });
    assert.equal(response.status, 400);
    const html = await response.text();
    for (const field of ['name', 'email', 'cellphone']) {
      assert.match(tagWith(html, `name="${field}"`), /aria-invalid="true"/, field);
    }
    assert.doesNotMatch(tagWith(html, 'name="subject"'), /aria-invalid="true"/);
    assert.ok(html.includes(fa('contact.form.error.nameRequired')));
    assert.ok(html.includes(fa('contact.form.error.emailInvalid')));
    assert.ok(html.includes(fa('contact.form.error.cellphoneInvalid')));
    assert.match(tagWith(html, 'name="email"'), /value="not-an-email"/);
    assert.ok(!seen.some((request) => request.path === '/contact-messages'), 'nothing sent');
    // The honeypot: hidden, out of the tab order, never filled in by the browser, labelled.
    const honeypot = tagWith(html, 'name="website"');
    assert.match(honeypot, /tabindex="-1"/);
    assert.match(honeypot, /autoComplete="off"|autocomplete="off"/);
    assert.ok(html.includes(fa('contact.form.website')));

    const tooLong = await post('/contact-us', {
      name: 'س'.repeat(101),
      email: 'a@example.com',
      subject: 'x',
      message: 'y'.repeat(20_001),
    });
    const tooLongHtml = await tooLong.text();
    assert.ok(tooLongHtml.includes(fa('contact.form.error.nameTooLong')));
    assert.ok(tooLongHtml.includes(fa('contact.form.error.messageTooLong')));
  });

  test('the contact form sends the message as typed and confirms; too many messages are said plainly', async () => {
    const message = '<b>سلام</b>\r\nخط دوم';
    const response = await post('/contact-us', {
      name: 'سارا محمدی',
      email: 'sara@example.com',
      cellphone: '۰۹۱۲ ۱۲۳ ۴۵ ۶۷',
      subject: 'پرسش دربارهٔ آگهی',
      message,
      website: '',
    });
    assert.equal(response.status, 201);
    assert.ok((await response.text()).includes(fa('contact.form.sent')));
    const sent = JSON.parse(seen.findLast((request) => request.path === '/contact-messages')!.body) as Record<
      string,
      string
    >;
    assert.deepEqual(sent, {
      name: 'سارا محمدی',
      email: 'sara@example.com',
      cellphone: '09121234567',
      subject: 'پرسش دربارهٔ آگهی',
      message,
      website: '',
      locale: 'fa',
    });

    const limited = await post('/contact-us', {
      name: 'پرکار',
      email: 'busy@example.com',
      subject: 'دوباره',
      message: 'پیام ششم',
    });
    assert.equal(limited.status, 429);
    const limitedHtml = await limited.text();
    assert.ok(limitedHtml.includes(fa('contact.form.tooMany')));
    assert.ok(limitedHtml.includes('>پیام ششم</textarea>'), 'the message is kept to send later');
  });
});
