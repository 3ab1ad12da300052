// Head entries the content pages share.
import type { MetaDescriptor } from 'react-router';
import { translator } from '../../i18n/index.ts';
import { localePath, type Locale } from '../locale.ts';

/** Posts on one page of the blog's list. */
export const BLOG_PAGE_SIZE = 12;

/** The blog's feed. */
export const RSS_PATH = '/blog/rss.xml';

/** The feed's `<link rel="alternate">`, in every blog page's head. */
export function rssLink(locale: Locale): MetaDescriptor {
  return {
    tagName: 'link',
    rel: 'alternate',
    type: 'application/rss+xml',
    title: translator(locale)('blog.rssTitle'),
    href: localePath(locale, RSS_PATH),
  };
}
