import type { Route } from './+types/blog';
import { Page } from '../components/layout/Page.tsx';
import { EmptyState } from '../components/ui/States.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { orEmpty } from '../lib/api.ts';
import { getServerApi } from '../lib/api.server.ts';
import { formatJalaliDate } from '../lib/format.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';

interface Post {
  slug: string;
  title: string;
  summary?: string;
  publishedAt?: string;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'blog.title', 'blog.description');

export async function loader({ params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  try {
    const posts = await orEmpty(api.get<Post[] | { items: Post[] }>('/meta-data/blog'));
    return { posts: Array.isArray(posts) ? posts : (posts?.items ?? []) };
  } catch (error) {
    console.error('blog unavailable', error);
    return { posts: [] as Post[] };
  }
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <Page title={t('blog.title')} intro={t('blog.description')} testId="blog-page">
      {loaderData.posts.length === 0 ? (
        <EmptyState>{t('blog.empty')}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {loaderData.posts.map((post) => (
            <li key={post.slug} className="rounded-2xl border border-line p-5">
              <h2 className="font-bold">{post.title}</h2>
              {post.publishedAt && (
                <p className="text-xs text-muted">{formatJalaliDate(new Date(post.publishedAt), locale)}</p>
              )}
              {post.summary && <p className="mt-2 text-muted">{post.summary}</p>}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
