// The one shape of a page's metadata on the REST surface (the contract's PageMeta): the seo
// service's pages and the employer and recruitment by-slug-with-seo answers all carry it.
import type { PageMeta } from '@darmankar/proto/common/v1/common_pb';
import { z } from 'zod';

export const pageMetaSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    canonicalPath: z.string().meta({ description: 'The site path, without host or locale prefix.' }),
    jsonLd: z.string().meta({ description: "schema.org JSON-LD as JSON text; '' when none." }),
    robots: z.string().meta({ example: 'index, follow' }),
    ogType: z.string().meta({ description: 'Open Graph type: website, article or profile.' }),
    imageUrl: z.string().meta({ description: "An absolute URL of the preview image; '' when none." }),
  })
  .meta({ description: "A page's metadata for search engines and link previews." });

export type PageMetaAnswer = z.infer<typeof pageMetaSchema>;

/** The contract's PageMeta as the REST answer (an absent message answers empty strings). */
export function pageMetaOf(meta: PageMeta | undefined): PageMetaAnswer {
  return {
    title: meta?.title ?? '',
    description: meta?.description ?? '',
    canonicalPath: meta?.canonicalPath ?? '',
    jsonLd: meta?.jsonLd ?? '',
    robots: meta?.robots || 'index, follow',
    ogType: meta?.ogType || 'website',
    imageUrl: meta?.imageUrl ?? '',
  };
}
