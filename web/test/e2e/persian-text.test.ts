// Free text through the whole product (docs/conventions.md, Persian text): what a person typed,
// with digits of three scripts, ZWNJ, the ezafe, tanween and Arabic letters, comes back as typed
// on the public resume page, in its meta description and in its PDF, and on the company page and
// its meta description. The real stack: auth, resume, employer, gateway and the built web app.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PERSIAN_TEXT_CASES } from '@darmankar/platform/testing/persian-text-cases';
import { pdfText } from '../resume-pdf-text.ts';
import { outboxCode, startWorld, stopWorld, uniqueCellphone, type World } from './support.ts';

const ABOUT = PERSIAN_TEXT_CASES.map((entry) => entry.typed).join('\n');
const ADDRESS = 'کوچه ۱۲، پلاک ۴';

/** The content of the page's `<meta name="description">`, unescaped. */
function metaDescription(html: string): string {
  const content = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  assert.ok(content !== undefined, 'the page has a meta description');
  return content
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

describe('Persian free text as typed, end to end', () => {
  let world: World;
  let headers: Record<string, string>;
  const api = (method: string, route: string, body?: unknown) =>
    fetch(`${world.stack.gatewayUrl}/api/v1/${route}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  async function ok<T = any>(response: Promise<Response>): Promise<T> {
    const answer = await response;
    const text = await answer.text();
    assert.equal(answer.status, 200, text);
    return JSON.parse(text) as T;
  }

  before(async () => {
    world = await startWorld('web-persian-text');
    const cellphone = uniqueCellphone();
    const sent = await fetch(`${world.stack.gatewayUrl}/api/v1/authentication/cellphone/${cellphone}`, {
      method: 'POST',
    });
    assert.equal(sent.status, 200, await sent.text());
    const code = await outboxCode(world, cellphone);
    const verified = await ok<{ session: { accessToken: string } }>(
      fetch(`${world.stack.gatewayUrl}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      }),
    );
    headers = { authorization: `Bearer ${verified.session.accessToken}` };
  });
  after(() => stopWorld(world));

  test('the public resume page, its meta description and its PDF show the about as typed', async () => {
    const { slug } = await ok<{ slug: string }>(
      api('POST', 'resumes', { firstName: 'سارا', lastName: 'محمدی', jobTitle: 'پرستار', about: ABOUT }),
    );
    const page = await fetch(`${world.stack.webUrl}/applicants/resumes/${encodeURIComponent(slug)}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    for (const { label, typed } of PERSIAN_TEXT_CASES)
      assert.ok(html.includes(typed), `${label}: «${typed}» on the page`);
    assert.equal(metaDescription(html), ABOUT.replace(/\s+/g, ' ').slice(0, 160).trim(), 'the meta description');

    const download = await fetch(`${world.stack.webUrl}/applicants/resumes/${encodeURIComponent(slug)}/pdf`);
    assert.equal(download.status, 200);
    const { text } = pdfText(Buffer.from(await download.arrayBuffer()));
    // Read back from the glyphs (NFKC-folded) word by word, as the PDF places them: what the
    // glyphs tell apart. ZWNJ draws nothing, so it is checked on the page above.
    const words = new Set(text.split(/\s+/));
    const probes: [string, string][] = [
      ['Persian digits', '۱۲'],
      ['Arabic-Indic digits', '١٣٩٥'],
      ['Arabic-Indic digits', '٤٥٦'],
      ['Latin digits', '24'],
      ['the address', '۴'],
      ['ezafe (هٔ folds to ۀ)', 'دورۀ'],
      ['tanween', 'اصلاً'],
      ['harakat', 'پَرَستار'],
      ['Arabic yeh', 'علي'],
      ['Arabic kaf', 'كريمي'],
      ['teh marbuta', 'مدرسة'],
      ['tatweel', 'مـــدیر'],
    ];
    for (const [label, probe] of probes)
      assert.ok(words.has(probe), `${label}: «${probe}» in the PDF: ${JSON.stringify(text)}`);
    for (const normalised of ['12', '1395', 'دوره', 'علی'])
      assert.equal(words.has(normalised), false, `no normalised «${normalised}» in the PDF`);
  });

  test('the company page and its meta description show the about and the address as typed', async () => {
    const created = await ok<{ id: string; slug: string }>(
      api('POST', 'employers', { brand: 'درمانگاه متن', isSelfEmployed: false }),
    );
    await ok(api('PUT', `employers/${created.id}/company`, { brand: 'درمانگاه متن', about: ABOUT, address: ADDRESS }));
    const page = await fetch(`${world.stack.webUrl}/employers/${encodeURIComponent(created.slug)}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    for (const { label, typed } of PERSIAN_TEXT_CASES)
      assert.ok(html.includes(typed), `${label}: «${typed}» on the company page`);
    assert.ok(html.includes(ADDRESS), 'the address');
    // The description is the about as typed, its line breaks read as spaces, cut at 160 characters.
    const description = metaDescription(html);
    assert.ok([...description].length <= 160, `the meta description is at most 160 characters: ${description}`);
    assert.ok(
      ABOUT.replace(/\s+/g, ' ').startsWith(description.replace(/…$/, '')) && description.length > 100,
      `the meta description is the about as typed: ${description}`,
    );
  });
});
