// The detail's bookmark toggle and share button.
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { Button } from '../ui/Button.tsx';
import { toast, useExcToasts } from '../ui/Toaster.tsx';

import type { BookmarkResult } from '../../lib/recruitments/types.ts';

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill={filled ? 'currentColor' : 'none'}>
      <path d="M6 3.5h12v17l-6-4-6 4z" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Bookmarks or un-bookmarks the posting through the page's action (a plain POST form without
 * JavaScript). Logged out, the action answers EXC_AUTHENTICATION_REQUIRED, whose toast links to
 * the login page with this page as the way back (spec §8).
 */
export function BookmarkButton({ bookmarked }: { bookmarked: boolean }) {
  const t = useT();
  const fetcher = useFetcher<BookmarkResult>();
  useExcToasts(fetcher.data?.exc, fetcher.data?.at);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok) return;
    toast.success(
      t(fetcher.data.bookmarked ? 'recruitments.detail.bookmarkAdded' : 'recruitments.detail.bookmarkRemoved'),
      { id: `bookmark-${fetcher.data.at}` },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
  // While the answer is on its way the button already shows the new state.
  const pending = fetcher.formData?.get('intent');
  const shown = pending ? pending === 'bookmark' : bookmarked;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={shown ? 'unbookmark' : 'bookmark'} />
      <Button
        type="submit"
        variant={shown ? 'primary' : 'secondary'}
        aria-pressed={shown}
        data-testid="bookmark-toggle"
      >
        <BookmarkIcon filled={shown} />
        {t(shown ? 'recruitments.detail.bookmarked' : 'recruitments.detail.bookmark')}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Shares the page through the Web Share API where the device has one, else copies the link and
 * says so. Shown only once the page runs JavaScript: without it the button could do nothing.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const t = useT();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  const share = async () => {
    const href = url || window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: href });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(href);
      toast.success(t('recruitments.detail.linkCopied'), { id: 'link-copied' });
    } catch {
      toast.error(t('recruitments.detail.copyFailed'), { id: 'link-copy-failed' });
    }
  };
  return (
    <Button variant="secondary" onPress={() => void share()} data-testid="share">
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="18" cy="5" r="2.5" />
        <circle cx="6" cy="12" r="2.5" />
        <circle cx="18" cy="19" r="2.5" />
        <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
      </svg>
      {t('recruitments.detail.share')}
    </Button>
  );
}
