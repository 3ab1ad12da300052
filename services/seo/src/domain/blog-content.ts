// The blog's files, read once at start: categories.yaml, posts/*.md (YAML front matter, then
// Markdown) and images/. A post whose front matter is wrong stops the service with a message
// naming the file, so a broken post never reaches the site. Markdown is rendered with raw HTML
// off, and the HTML then passes an allowlist sanitiser: no script, style, iframe, object, event
// handler or javascript:/data: address survives, whatever the file holds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SLUG_PATTERN } from '@darmankar/platform/slug';
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml, parseDocument } from 'yaml';

export interface CategoryDef {
  slug: string;
  fa: string;
  en: string;
}

/** A calendar day, as the front matter writes it (Gregorian). */
export interface Day {
  year: number;
  month: number;
  day: number;
  iso: string;
}

export interface BlogPost {
  file: string;
  slug: string;
  title: string;
  summary: string;
  cover: string;
  coverAlt: string;
  categories: string[];
  publishedOn: Day;
  updatedOn: Day;
  author: string;
  html: string;
  readingMinutes: number;
}

export interface BlogImage {
  content: Uint8Array;
  contentType: string;
}

export interface BlogContent {
  categories: CategoryDef[];
  /** Newest first. */
  posts: BlogPost[];
  images: Map<string, BlogImage>;
}

/** A blog file that cannot be published; the message names the file and what is wrong. */
export class BlogContentError extends Error {
  constructor(file: string, problem: string) {
    super(`blog content ${file}: ${problem}`);
    this.name = 'BlogContentError';
  }
}

export const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_POST_SLUG = 80;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WORDS_PER_MINUTE = 200;

/** Reads and checks the whole blog folder; throws BlogContentError on the first bad file. */
export function loadBlogContent(dir: string): BlogContent {
  const categories = readCategories(path.join(dir, 'categories.yaml'));
  const images = readImages(path.join(dir, 'images'));
  const postsDir = path.join(dir, 'posts');
  const files = existsDir(postsDir)
    ? readdirSync(postsDir)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  const posts: BlogPost[] = [];
  const slugs = new Map<string, string>();
  const known = new Set(categories.map((c) => c.slug));
  for (const name of files) {
    const file = path.join(postsDir, name);
    const post = readPost(file, readFileSync(file, 'utf8'), known, images);
    const other = slugs.get(post.slug);
    if (other) throw new BlogContentError(file, `slug "${post.slug}" is already the slug of ${other}`);
    slugs.set(post.slug, file);
    posts.push(post);
  }
  posts.sort((a, b) => b.publishedOn.iso.localeCompare(a.publishedOn.iso) || a.slug.localeCompare(b.slug));
  return { categories, posts, images };
}

function existsDir(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function readCategories(file: string): CategoryDef[] {
  let list: unknown;
  try {
    list = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BlogContentError(file, `cannot be read as YAML (${(error as Error).message})`);
  }
  if (list === null || list === undefined) return [];
  if (!Array.isArray(list)) throw new BlogContentError(file, 'must be a list of { slug, fa, en }');
  const seen = new Set<string>();
  return list.map((item: unknown, index) => {
    const c = item as Partial<Record<string, unknown>> | null;
    const where = `category ${index + 1}`;
    if (typeof c?.slug !== 'string' || !CATEGORY_SLUG.test(c.slug))
      throw new BlogContentError(file, `${where}: slug must be latin lower-case words joined by "-"`);
    if (typeof c.fa !== 'string' || c.fa.trim() === '') throw new BlogContentError(file, `${where}: fa is missing`);
    if (typeof c.en !== 'string' || c.en.trim() === '') throw new BlogContentError(file, `${where}: en is missing`);
    if (seen.has(c.slug)) throw new BlogContentError(file, `${where}: slug "${c.slug}" appears twice`);
    seen.add(c.slug);
    return { slug: c.slug, fa: c.fa.trim(), en: c.en.trim() };
  });
}

function readImages(dir: string): Map<string, BlogImage> {
  const images = new Map<string, BlogImage>();
  if (!existsDir(dir)) return images;
  for (const name of readdirSync(dir).sort()) {
    const contentType = IMAGE_TYPES[path.extname(name).toLowerCase()];
    const file = path.join(dir, name);
    if (!contentType || !statSync(file).isFile()) continue;
    images.set(name, { content: new Uint8Array(readFileSync(file)), contentType });
  }
  return images;
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** One post file: its front matter checked, its Markdown rendered and sanitised. */
export function readPost(
  file: string,
  text: string,
  categories: ReadonlySet<string>,
  images: ReadonlyMap<string, BlogImage>,
): BlogPost {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new BlogContentError(file, 'must start with front matter between two "---" lines');
  const document = parseDocument(match[1]!);
  if (document.errors.length > 0)
    throw new BlogContentError(file, `front matter is not valid YAML (${document.errors[0]!.message})`);
  const fm = document.toJS() as Record<string, unknown> | null;
  if (fm === null || typeof fm !== 'object' || Array.isArray(fm))
    throw new BlogContentError(file, 'front matter must be a mapping of fields');
  const text_ = (field: string, max?: number): string => {
    const value = fm[field];
    if (typeof value !== 'string' || value.trim() === '') throw new BlogContentError(file, `${field} is missing`);
    if (max !== undefined && value.trim().length > max)
      throw new BlogContentError(file, `${field} is longer than ${max} characters`);
    return value.trim();
  };
  const title = text_('title');
  const slug = text_('slug', MAX_POST_SLUG);
  if (!SLUG_PATTERN.test(slug))
    throw new BlogContentError(file, `slug "${slug}" must be words of letters and digits joined by "-" (no spaces)`);
  const summary = text_('summary', 160);
  const cover = text_('cover');
  if (!images.has(cover)) throw new BlogContentError(file, `cover "${cover}" is not a file in images/`);
  const coverAlt = text_('coverAlt');
  const author = text_('author');
  const list = fm.categories;
  if (!Array.isArray(list) || list.length === 0)
    throw new BlogContentError(file, 'categories must list at least one category slug');
  for (const category of list) {
    if (typeof category !== 'string' || !categories.has(category))
      throw new BlogContentError(file, `category "${String(category)}" is not in categories.yaml`);
  }
  const publishedOn = day(file, 'publishedOn', fm.publishedOn);
  const updatedOn =
    fm.updatedOn === undefined || fm.updatedOn === null ? publishedOn : day(file, 'updatedOn', fm.updatedOn);
  if (updatedOn.iso < publishedOn.iso) throw new BlogContentError(file, 'updatedOn is before publishedOn');
  const body = match[2]!;
  return {
    file,
    slug,
    title,
    summary,
    cover,
    coverAlt,
    categories: [...new Set(list as string[])],
    publishedOn,
    updatedOn,
    author,
    html: renderMarkdown(body),
    readingMinutes: readingMinutes(body),
  };
}

function day(file: string, field: string, value: unknown): Day {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  const match = typeof text === 'string' ? ISO_DAY.exec(text) : null;
  if (!match) throw new BlogContentError(file, `${field} must be a date written YYYY-MM-DD`);
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== dayOfMonth)
    throw new BlogContentError(file, `${field} "${text as string}" is not a day of the calendar`);
  return { year, month, day: dayOfMonth, iso: text as string };
}

/** Words / 200, rounded up, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** A heading's id: its words joined by "-", Persian letters kept (readable in the address bar). */
export function headingId(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/[\u200C\u200D]/g, '-')
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/gu, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).use(anchor, {
  slugify: headingId,
  level: 2,
  tabIndex: false,
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    ol: ['start'],
  },
  // Site paths and web addresses only: javascript:, data:, vbscript: and the rest are dropped.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // The page's own h1 is the post's title.
  transformTags: { h1: 'h2' },
  // Whatever is not allowed goes, with its content for script/style-like elements.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
};

/** Markdown (raw HTML off) to HTML, then through the allowlist sanitiser. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITIZE).trim();
}
