// Text inside XML (sitemaps, the feed): escaped, so an address or a title can only ever be text.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// Characters XML 1.0 does not allow at all (C0 controls other than tab, LF, CR; lone surrogates; U+FFFE/F).
// eslint-disable-next-line no-control-regex
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` safe inside an element or a quoted attribute of an XML document. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** W3C datetime (sitemaps' lastmod): UTC to the second. */
export function w3cDatetime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** The site's absolute URL of `path` ('/a/b'), the base's own path kept. */
export function absoluteUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** A site path of percent-encoded segments: '/blog/' + encodeURIComponent(slug). */
export function encodedPath(...segments: string[]): string {
  return segments.map((segment) => '/' + encodeURIComponent(segment)).join('');
}
