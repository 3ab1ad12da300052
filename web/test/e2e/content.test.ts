// The content pages on the real stack (seo, notification, employer, auth, gateway and the web
// app) in Debian's Chromium: the blog list, a category and a post with its breadcrumbs; both FAQ
// pages opened from the footer and their questions from the keyboard; the contact form refused on
// its fields, then sent, with the acknowledgement reaching the development outbox, and sent once
// more with JavaScript off; a short /in/ link landing on an employer's page. axe at 1280 and
// 390 px on the blog, a post, the contact page and both FAQ pages.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { webBuildNeeded } from '../../../scripts/lib/web-build.mjs';
import { translator } from '../../app/i18n/index.ts';
import { FAQ } from '../../app/lib/content/faq.ts';
import {
  accessibleAtBothWidths,
  goto,
  newPage,
  outboxCode,
  pressByKeyboard,
  startWorld,
  stopWorld,
  uniqueCellphone,
  type World,
} from './support.ts';

const t = translator('fa');
let world: World | undefined;

const assertAccessibleAtBothWidths = accessibleAtBothWidths('content');

/** The messages the development outbox holds for an address, once at least one is there. */
async function outboxFor(w: World, to: string): Promise<Array<{ subject?: string; text: string }>> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const response = await fetch(`${w.stack.gatewayUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await response.json()) as { messages: Array<{ subject?: string; text: string }> };
    if (body.messages.length > 0) return body.messages;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return [];
}

async function fillContact(page: Page, fields: Record<string, string>): Promise<void> {
  const labels: Record<string, string> = {
    name: t('contact.form.name'),
    email: t('contact.form.email'),
    cellphone: t('contact.form.cellphone'),
    subject: t('contact.form.subject'),
    message: t('contact.form.message'),
  };
  for (const [field, value] of Object.entries(fields))
    await page.getByLabel(labels[field]!, { exact: true }).fill(value);
}

describe('content pages on the real stack', () => {
  before(async () => {
    // The production build when it is current; the source through Vite otherwise.
    world = await startWorld('web-content', { webMode: webBuildNeeded() ? 'dev' : 'production' });
  });
  after(() => stopWorld(world));

  test('the blog: cards with Jalali dates and reading time, a category, a post with breadcrumbs and related posts', async () => {
    const { context, page } = await newPage(world!);
    try {
      await goto(page, '/blog');
      const cards = page.getByTestId('blog-card');
      assert.ok((await cards.count()) >= 2, 'the published posts are listed');
      const firstCard = cards.first();
      assert.match(await firstCard.getByTestId('post-date').innerText(), /[۰-۹]{4}/);
      assert.match(await firstCard.getByTestId('post-reading').innerText(), /^[۰-۹]+ دقیقه مطالعه$/);
      assert.equal(await page.locator('link[rel="alternate"][type="application/rss+xml"]').count(), 1);
      await assertAccessibleAtBothWidths(page, 'blog');

      // A category chip narrows the list and heads it.
      const chip = page.getByTestId('blog-categories').getByRole('link').nth(1);
      await chip.click();
      await page.waitForURL(/\/blog\?category=/);
      await page.getByTestId('blog-category-heading').waitFor();

      // A post from its title: heading, breadcrumbs back to the blog, its body.
      const title = await page.getByTestId('blog-card').first().getByRole('heading').innerText();
      await page.getByTestId('blog-card').first().getByRole('link', { name: title }).click();
      await page.waitForURL(/\/blog\/[^?]+$/);
      await page.getByTestId('blog-post').waitFor();
      assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), title);
      const crumbs = page.getByRole('navigation', { name: t('blog.breadcrumbs') });
      assert.equal(await crumbs.getByRole('link', { name: t('blog.title') }).getAttribute('href'), '/blog');
      assert.ok((await page.getByTestId('blog-post-body').innerText()).length > 200);
      assert.equal(await page.locator('[data-testid="blog-post-body"] script').count(), 0);
      const cover = page.getByTestId('blog-post').locator('img').first();
      assert.ok(
        await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        'the cover loads',
      );
      await assertAccessibleAtBothWidths(page, 'post');

      // An unknown post: the site's 404 page.
      const missing = await page.goto(`/blog/${encodeURIComponent('مطلبی-که-نیست')}`);
      assert.equal(missing?.status(), 404);
      assert.ok(await page.getByTestId('error-404').isVisible());
    } finally {
      await context.close();
    }
  });

  test('both FAQ pages from the footer: questions open from the keyboard, FAQPage JSON-LD in the head', async () => {
    const { context, page } = await newPage(world!);
    try {
      await goto(page, '/');
      for (const [link, path, audience] of [
        [t('footer.faqSeekers'), '/faq/job-seekers', 'jobSeekers'],
        [t('footer.faqEmployers'), '/faq/employers', 'employers'],
      ] as const) {
        await page.getByTestId('site-footer').getByRole('link', { name: link }).click();
        await page.waitForURL((url) => url.pathname === path);
        await page.getByTestId(`faq-page-${audience}`).waitFor();
        const items = page.getByTestId('faq-item');
        assert.equal(await items.count(), FAQ[audience].length);
        const first = items.first();
        assert.equal(await first.getAttribute('open'), null);
        await pressByKeyboard(page, first.locator('summary'));
        assert.notEqual(await first.getAttribute('open'), null, 'Enter opens the question');
        assert.ok(await first.getByText(t(FAQ[audience][0]!.answer)).isVisible());
        const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
        assert.ok(
          jsonLd.some((text) => text.includes('"FAQPage"')),
          `${path}: FAQPage JSON-LD`,
        );
        await assertAccessibleAtBothWidths(page, `faq ${audience}`);
      }
    } finally {
      await context.close();
    }
  });

  test('the contact form: refused fields marked, then sent and acknowledged by email; the footer’s college link', async () => {
    const { context, page } = await newPage(world!);
    try {
      await goto(page, '/contact-us');
      const college = page.getByTestId('college-link');
      assert.equal(await college.getAttribute('href'), 'https://college.darmankar.ir');
      assert.equal(await college.getAttribute('target'), null);
      await assertAccessibleAtBothWidths(page, 'contact');

      await fillContact(page, { name: 'سارا محمدی', email: 'not-an-address', subject: 'پرسش', message: 'سلام' });
      await page.getByTestId('contact-submit').click();
      const email = page.getByLabel(t('contact.form.email'), { exact: true });
      await page.getByTestId('contact-fix-errors').waitFor();
      assert.equal(await email.getAttribute('aria-invalid'), 'true');
      assert.ok(await page.getByText(t('contact.form.error.emailInvalid')).isVisible());
      await assertAccessibleAtBothWidths(page, 'contact refused');

      const address = `contact-${randomUUID().slice(0, 8)}@example.com`;
      await fillContact(page, {
        email: address,
        subject: 'پرسش دربارهٔ ثبت آگهی',
        message: 'سلام،\nچطور آگهی دوم را ثبت کنم؟',
      });
      await page.getByTestId('contact-submit').click();
      assert.equal(await page.getByTestId('contact-sent').innerText(), 'پیام شما رسید؛ پاسخ را به ایمیلتان می‌فرستیم');
      const mails = await outboxFor(world!, address);
      assert.equal(mails.length, 1, 'one acknowledgement reaches the sender');
    } finally {
      await context.close();
    }
  });

  test('the contact form works without JavaScript; a filled honeypot is never acknowledged', async () => {
    // A form filler that fills every field, the honeypot too: the same answer, never an email.
    const spam = `spam-${randomUUID().slice(0, 8)}@example.com`;
    const posted = await fetch(`${world!.stack.webUrl}/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'ربات',
        email: spam,
        subject: 'x',
        message: 'y',
        website: 'https://spam.example',
      }),
    });
    assert.equal(posted.status, 201);

    const { context, page } = await newPage(world!, 390, { javaScriptEnabled: false });
    try {
      await page.goto('/contact-us');
      const address = `nojs-${randomUUID().slice(0, 8)}@example.com`;
      await fillContact(page, { name: 'رضا', email: address, subject: 'بدون جاوااسکریپت', message: 'پیام ساده' });
      await page.getByTestId('contact-submit').click();
      await page.getByTestId('contact-sent').waitFor();
      assert.equal((await outboxFor(world!, address)).length, 1);
    } finally {
      await context.close();
    }
    // The message sent after it has been acknowledged: the honeypot's would have been by now.
    const response = await fetch(`${world!.stack.gatewayUrl}/api/dev/outbox?to=${encodeURIComponent(spam)}`);
    assert.deepEqual(((await response.json()) as { messages: unknown[] }).messages, []);
  });

  test('/in/{employer slug} lands on the employer’s page', async () => {
    const w = world!;
    const { context, page } = await newPage(w);
    try {
      // An employer made through the app's /api proxy (the login screens have their own tests).
      const cellphone = uniqueCellphone();
      const headers = { 'accept-cookie': 'true' };
      const sent = await page.request.post(`/api/v1/authentication/cellphone/${cellphone}`, { headers });
      assert.ok(sent.ok(), `code: ${sent.status()} ${sent.headers().exc}`);
      const verified = await page.request.post(`/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
        headers,
        data: { code: await outboxCode(w, cellphone) },
      });
      assert.ok(verified.ok(), `verify: ${verified.status()} ${verified.headers().exc}`);
      const created = await page.request.post('/api/v1/employers', {
        headers,
        data: { brand: `درمانگاه ${randomUUID().slice(0, 6)}`, isSelfEmployed: false },
      });
      assert.ok(created.ok(), `POST /employers: ${created.status()} ${created.headers().exc}`);
      const { slug } = (await created.json()) as { slug: string };

      // The seo service learns the employer from its event: a moment after it is created.
      const link = `${w.stack.gatewayUrl}/api/v1/meta-data/profile-links/${encodeURIComponent(slug)}`;
      let known = '';
      for (let attempt = 0; attempt < 120 && !known.startsWith('200'); attempt++) {
        const answer = await fetch(link);
        known = `${answer.status} ${answer.headers.get('exc') ?? (await answer.text())}`;
        if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.match(known, /^200 /, `the seo service knows the employer: ${known}`);
      const response = await page.goto(`/in/${encodeURIComponent(slug)}`);
      assert.equal(response?.status(), 200);
      assert.equal(decodeURIComponent(new URL(page.url()).pathname), `/employers/${slug}`);
      assert.ok(await page.getByTestId('employer-profile-page').isVisible());
    } finally {
      await context.close();
    }
  });
});
