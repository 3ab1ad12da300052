import type { Route } from './+types/clone';
import { PostingFormPage, type PostingActionData } from '../../components/postings/PostingFormPage.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { loadPostingForm, postingFormAction } from '../../lib/postings/pages.server.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'postings.form.cloneTitle', 'postings.form.intro', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  requireKnownLocale(args.params);
  return loadPostingForm(args, 'clone');
}

export const action = (args: Route.ActionArgs) => postingFormAction(args, 'clone');

/** `/recruitments/{id}/clone`: a new draft from any posting (see PostingFormPage). */
export default function PostingClone({ loaderData, actionData }: Route.ComponentProps) {
  return <PostingFormPage loaderData={loaderData} actionData={actionData as PostingActionData | undefined} />;
}
