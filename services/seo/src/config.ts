import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { databaseConfigShape, parseConfig, serviceBaseConfigSchema } from '@darmankar/platform/config';

/** The blog's files as shipped with the service (posts/, images/, categories.yaml). */
export const DEFAULT_BLOG_CONTENT_DIR = fileURLToPath(new URL('../content/blog', import.meta.url));

export const seoConfigSchema = serviceBaseConfigSchema
  .extend({
    ...databaseConfigShape(),
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50059),
    /** The event bus: sitemaps and profile links are kept from other services' events. */
    EVENTS_DATABASE_URL: z.string().min(1).optional(),
    /** The web site: every sitemap, feed and JSON-LD address is absolute on it. */
    PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:3000'),
    /** The blog's folder (posts/*.md, images/, categories.yaml), read once at start. */
    BLOG_CONTENT_DIR: z.string().min(1).default(DEFAULT_BLOG_CONTENT_DIR),
    /** The organisation's profiles elsewhere (Instagram, LinkedIn, …), comma-separated: the home page's schema.org sameAs. */
    ORGANIZATION_SAME_AS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url())),
    /** Contact messages one client address may send in an hour. */
    CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().positive().default(5),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && /^http:\/\/(127\.0\.0\.1|localhost)/.test(config.PUBLIC_WEB_URL))
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_WEB_URL'],
        message: 'required in production (sitemaps and feeds give absolute addresses on it)',
      });
  });

export type SeoConfig = z.infer<typeof seoConfigSchema>;

/** For tests and embedders: the configuration from `env` over the defaults. */
export function seoConfig(env: Record<string, string | undefined>): SeoConfig {
  return parseConfig(seoConfigSchema, env);
}
