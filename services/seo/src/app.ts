// Assembles the seo service from its configuration and serves it over gRPC: the blog read from
// its folder at start (a bad post stops the start), the event consumers that keep the sitemaps'
// and profile links' copies, and the handlers.
import { createCallerVerifier } from '@darmankar/platform/caller-identity';
import { systemClock } from '@darmankar/platform/clock';
import type { Consumer } from '@darmankar/platform/events/index';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { connectEvents, type ServiceEvents, type StartOptions } from '@darmankar/platform/service';
import { SeoService } from '@darmankar/proto/seo/v1/seo_pb';
import type { SeoConfig } from './config.ts';
import { createPool, inPgTransaction } from './db/client.ts';
import { Blog } from './domain/blog.ts';
import { loadBlogContent } from './domain/blog-content.ts';
import { ContactMessages } from './domain/contact.ts';
import { Listings } from './domain/listings.ts';
import { PageMetas } from './domain/page-meta.ts';
import { PAGES_REVISED_ON, STATIC_SITEMAP_PATHS } from './domain/pages.ts';
import { Sitemaps } from './domain/sitemaps.ts';
import type { Sql } from './domain/sql.ts';
import { announceContact } from './events/contact-events.ts';
import { consumeEvents } from './events/consumers.ts';
import { seoHandlers } from './rpc/seo-handlers.ts';

export interface RunningSeoService {
  port: number;
  stop(): Promise<void>;
}

/** The site's own files under PUBLIC_WEB_URL (web/public): the logo; no preview image yet. */
const LOGO_PATH = '/favicon.svg';
const IMAGE_PATH = '';

export interface SeoStartOptions extends StartOptions {
  /** URLs per sitemap part (sitemaps.org allows 50,000; tests use a few). */
  sitemapPartSize?: number;
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startSeoService(config: SeoConfig, options: SeoStartOptions = {}): Promise<RunningSeoService> {
  const log = options.log ?? createLogger('seo', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  // Read before anything opens: a post with bad front matter stops the start with its file's name.
  const content = loadBlogContent(config.BLOG_CONTENT_DIR);
  const pool = createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log });
  const db = pool as unknown as Sql;
  const transaction = <T>(work: (sql: Sql) => Promise<T>) =>
    inPgTransaction(pool, (client) => work(client as unknown as Sql));
  let events: ServiceEvents | undefined;
  let consumer: Consumer | undefined;
  try {
    const pages = new PageMetas({
      publicWebUrl: config.PUBLIC_WEB_URL,
      logoPath: LOGO_PATH,
      imagePath: IMAGE_PATH,
      sameAs: config.ORGANIZATION_SAME_AS,
    });
    const blog = new Blog(content, pages, config.PUBLIC_WEB_URL);
    const blogUpdated = blog.newestUpdate();
    const sitemaps = new Sitemaps(db, {
      publicWebUrl: config.PUBLIC_WEB_URL,
      partSize: options.sitemapPartSize,
      staticEntries: () => [
        ...STATIC_SITEMAP_PATHS.map((path) => ({
          path,
          lastmod: path === '/blog' && blogUpdated && blogUpdated > PAGES_REVISED_ON ? blogUpdated : PAGES_REVISED_ON,
        })),
        ...blog.sitemapEntries(),
      ],
      emptyStandIns: {
        static: { path: '/', lastmod: PAGES_REVISED_ON },
        recruitments: { path: '/applicants/recruitments', lastmod: PAGES_REVISED_ON },
        employers: { path: '/applicants/companies', lastmod: PAGES_REVISED_ON },
      },
    });
    const listings = new Listings(log);
    events = await connectEvents({
      databaseUrl: config.DATABASE_URL,
      kafkaBrokers: config.KAFKA_BROKERS,
      eventsDatabaseUrl: config.EVENTS_DATABASE_URL,
      log,
    });
    if (events.bus) consumer = await consumeEvents(events.bus, pool, listings);
    else log.warn('no bus: the recruitments and employers sitemaps and profile links stay empty');
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [
        bindService(
          SeoService,
          seoHandlers({
            db,
            pages,
            sitemaps,
            listings,
            blog,
            contact: new ContactMessages(transaction, announceContact, clock, config.CONTACT_MESSAGES_PER_HOUR),
          }),
        ),
      ],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    log.info({ posts: content.posts.length, images: content.images.size }, 'blog loaded');
    return {
      port: server.port,
      async stop() {
        await server.shutdown();
        await consumer?.stop();
        await events?.stop();
        await pool.end();
      },
    };
  } catch (error) {
    await consumer?.stop();
    await events?.stop();
    await pool.end();
    throw error;
  }
}
