// The posting page's apply slot (spec §2, issue 19): "send resume" behind a confirmation naming
// the resume (an application cannot be edited), the login or 'create resume' toast when the
// viewer cannot apply yet, the application's date and state once sent, and no button at all on
// a posting of the viewer's own organisation. Every form posts without JavaScript too.
import { useFetcher, useLocation, useRouteLoaderData, useSearchParams } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { formatJalaliDate } from '../../lib/format.ts';
import type { ApplySlotData } from '../../lib/recruitments/apply.server.ts';
import type { ApplyActionResult } from '../../lib/recruitments/applies-types.ts';
import { mayAct, type Viewer } from '../../lib/viewer.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmAction } from '../ui/ConfirmAction.tsx';
import { useExcToasts } from '../ui/Toaster.tsx';
import { ApplyRefusal } from './ApplyRefusal.tsx';
import { ApplyStateBadge } from './ApplyStateBadge.tsx';

export interface ApplySlotProps {
  posting: { id: string; title: string; open: boolean; employer: { id: string; brand: string } };
  slot: ApplySlotData;
  loggedIn: boolean;
  /** The page's action answer after a post without JavaScript. */
  result: ApplyActionResult | undefined;
}

const linkClass = 'inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline';

/**
 * For someone who cannot apply yet (a visitor, someone without a resume): the button posts, and
 * the action's code becomes the toast whose link leads to login or to the resume builder and
 * back here (spec §8).
 */
function ApplyWithoutConfirm({ recruitmentId, name }: { recruitmentId: string; name: string }) {
  const t = useT();
  const fetcher = useFetcher<ApplyActionResult>();
  useExcToasts(fetcher.data?.exc, fetcher.data?.at);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="recruitmentId" value={recruitmentId} />
      <Button type="submit" className="w-full" aria-label={name} data-testid="apply-button">
        {t('myApplies.slot.send')}
      </Button>
    </fetcher.Form>
  );
}

export function ApplySlot({ posting, slot, loggedIn, result }: ApplySlotProps) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const [search] = useSearchParams();
  const layout = useRouteLoaderData('routes/site-layout') as { viewer?: Viewer } | undefined;
  const membership = layout?.viewer?.employers.find((employer) => employer.id === posting.employer.id);
  const sendName = t('myApplies.slot.sendName', { title: posting.title });
  const refused = result && !result.ok && result.intent === 'apply' ? (result.exc ?? []) : [];

  let body;
  if (membership) {
    // The service refuses a publisher's application (EXC_HIRING_PUBLISHER_CANNOT_APPLY); the page
    // does not offer what would be refused, and leads to where this posting's applications are.
    body = (
      <>
        <p data-testid="apply-publisher">{t('myApplies.slot.publisher')}</p>
        {mayAct(membership, 'ApplyManage') && (
          <LocaleLink
            to={`/recruitments/${encodeURIComponent(posting.id)}/apply-management`}
            className={linkClass}
            data-testid="apply-manage-link"
          >
            {t('myApplies.slot.manage')}
          </LocaleLink>
        )}
      </>
    );
  } else if (slot.apply) {
    const { apply } = slot;
    body = (
      <div className="flex flex-col gap-2" data-testid="apply-status">
        <p>
          {t('myApplies.slot.applied', {
            date: formatJalaliDate(new Date(apply.appliedAt), locale),
          })}
        </p>
        <p className="flex items-center gap-2">
          <span className="text-muted">{t('myApplies.slot.status')}:</span>
          <ApplyStateBadge state={apply.state} />
        </p>
        {slot.resume && (
          <LocaleLink
            to={`/applicants/resumes/${encodeURIComponent(slot.resume.slug)}/recruitments?tab=applies`}
            className={linkClass}
            data-testid="apply-mine-link"
          >
            {t('myApplies.slot.seeAll')}
          </LocaleLink>
        )}
      </div>
    );
  } else if (!posting.open) {
    body = <p>{t('myApplies.slot.closed')}</p>;
  } else if (slot.unavailable) {
    body = <p data-testid="apply-unavailable">{t('myApplies.slot.unavailable')}</p>;
  } else if (!loggedIn || !slot.resume) {
    body = (
      <>
        <p className="text-muted">{t(loggedIn ? 'myApplies.slot.noResumeHint' : 'myApplies.slot.visitorHint')}</p>
        <ApplyWithoutConfirm recruitmentId={posting.id} name={sendName} />
      </>
    );
  } else {
    body = (
      <>
        <p className="text-muted">{t('myApplies.slot.readyHint', { name: slot.resume.name })}</p>
        <ConfirmAction
          intent="apply"
          testId="apply-button"
          fields={{ recruitmentId: posting.id }}
          triggerLabel={t('myApplies.slot.send')}
          triggerName={sendName}
          title={t('myApplies.confirm.title')}
          text={t('myApplies.confirm.text', { name: slot.resume.name, brand: posting.employer.brand })}
          confirmLabel={t('myApplies.confirm.yes')}
          doneText={t('myApplies.sent')}
          variant="primary"
          isAsked={search.get('confirm') === 'apply'}
          backTo={location.pathname}
        />
      </>
    );
  }

  return (
    <section
      aria-labelledby="apply-slot-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm"
      data-testid="apply-slot"
    >
      <h2 id="apply-slot-title" className="text-base font-bold text-brand-900">
        {t('myApplies.slot.title')}
      </h2>
      {body}
      <ApplyRefusal codes={refused} title={t('myApplies.refused')} />
    </section>
  );
}
