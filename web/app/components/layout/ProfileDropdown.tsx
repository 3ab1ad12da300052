import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import { fullName, mayAct, type ClientType, type EmployerSummary, type Viewer } from '../../lib/viewer.ts';
import { Dropdown } from '../ui/Dropdown.tsx';
import { LocaleLink } from './LocaleLink.tsx';

interface ProfileDropdownProps {
  viewer: Viewer;
  variant: ClientType;
  selectedEmployer: EmployerSummary | undefined;
  canEditEmployer: boolean;
}

const itemClass = 'block rounded-xl px-3 py-2 text-sm text-ink hover:bg-brand-50 hover:text-brand-700';

function Item({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <li>
      <LocaleLink to={to} className={itemClass} data-testid={testId}>
        {children}
      </LocaleLink>
    </li>
  );
}

function Avatar({ src, alt, gender }: { src?: string | null; alt: string; gender?: string | null }) {
  if (src) return <img src={src} alt={alt} width={40} height={40} className="size-10 rounded-full object-cover" />;
  // Gender-based placeholder: a neutral silhouette tinted per gender.
  const tint = gender === 'female' ? '#be185d' : gender === 'male' ? '#1d4ed8' : '#0f6f65';
  return (
    <svg viewBox="0 0 40 40" className="size-10 rounded-full bg-brand-50" role="img" aria-label={alt}>
      <circle cx="20" cy="15" r="7" fill={tint} opacity="0.8" />
      <path d="M6 36c2-8 8-12 14-12s12 4 14 12" fill={tint} opacity="0.55" />
    </svg>
  );
}

function CompaniesList({ employers }: { employers: EmployerSummary[] }) {
  const t = useT();
  return (
    <li>
      <details className="group rounded-xl">
        <summary className={clsx(itemClass, 'cursor-pointer list-none')}>
          <span className="flex items-center justify-between">
            {t('dropdown.myCompanies')}
            <span aria-hidden="true" className="transition group-open:rotate-180">
              ▾
            </span>
          </span>
        </summary>
        {employers.length === 0 ? (
          <p className="px-3 py-2 text-xs text-muted">{t('dropdown.noCompanies')}</p>
        ) : (
          <ul className="ps-3">
            {employers.map((employer) => (
              <Item key={employer.id} to={`/employers/${employer.slug}/recruitments`}>
                {employer.brand ?? employer.registeredName ?? t('dropdown.noBrand')}
              </Item>
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}

function SignOut() {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="mt-1 border-t border-line pt-1">
      <Form method="post" action={localePath(locale, '/logout')}>
        <button
          type="submit"
          className={clsx(itemClass, 'w-full text-start text-danger hover:text-danger')}
          data-testid="sign-out"
        >
          {t('dropdown.signOut')}
        </button>
      </Form>
    </li>
  );
}

/** The logged-in profile dropdown, applicant or employer variant (spec §2). */
export function ProfileDropdown({ viewer, variant, selectedEmployer, canEditEmployer }: ProfileDropdownProps) {
  const t = useT();
  const locale = useLocale();
  const resume = viewer.resume;

  if (variant === 'employers' && selectedEmployer) {
    const slug = selectedEmployer.slug;
    // The summary holds the logo's file id; the files service serves it at the width asked for.
    const logo = selectedEmployer.logo ? `/api/v1/files/${encodeURIComponent(selectedEmployer.logo)}?width=64` : null;
    return (
      <Dropdown
        label={t('header.profileMenu')}
        testId="profile-dropdown"
        trigger={<Avatar src={logo} alt={t('dropdown.logoAlt')} />}
      >
        <div className="flex items-center gap-3 px-3 py-3">
          <Avatar src={logo} alt={t('dropdown.logoAlt')} />
          <div className="min-w-0">
            <p className="truncate font-bold">{selectedEmployer.brand ?? t('dropdown.noBrand')}</p>
            <p className="truncate text-xs text-muted">{selectedEmployer.registeredName ?? t('dropdown.noJobTitle')}</p>
          </div>
        </div>
        <ul className="border-t border-line pt-1">
          {canEditEmployer && (
            <Item to={`/employers/${slug}/edit`} testId="dropdown-edit-profile">
              {t('dropdown.editProfile')}
            </Item>
          )}
          <CompaniesList employers={viewer.employers} />
          <Item to="/employers/add">{t('dropdown.addOrganisation')}</Item>
          <Item to="/applicants/recruitments">{t('dropdown.jobSearch')}</Item>
          <Item to={`/employers/${slug}/settings`} testId="dropdown-settings">
            {t('dropdown.settings')}
          </Item>
          <Item to="/applicants/settings/notification" testId="dropdown-notification-settings">
            {t('notifications.settings')}
          </Item>
          {/* Only what the member may use: buying and the history need the Billing permission. */}
          {mayAct(selectedEmployer, 'Billing') && (
            <Item to={`/employers/${slug}/orders`} testId="dropdown-orders">
              {t('dropdown.orders')}
            </Item>
          )}
          {mayAct(selectedEmployer, 'Billing') && (
            <Item to={`/employers/${slug}/wallet`} testId="dropdown-wallet">
              {t('billing.nav.wallet')}
            </Item>
          )}
          {mayAct(selectedEmployer, 'Billing') && (
            <Item to={`/employers/${slug}/pricing`} testId="dropdown-pricing">
              {t('dropdown.buyPackage')}
            </Item>
          )}
          <SignOut />
        </ul>
      </Dropdown>
    );
  }

  if (variant === 'employers') {
    // Employer area without a selected employer: settings is greyed, the rest hidden.
    return (
      <Dropdown
        label={t('header.profileMenu')}
        testId="profile-dropdown"
        trigger={<Avatar alt={t('dropdown.logoAlt')} />}
      >
        <ul>
          <CompaniesList employers={viewer.employers} />
          <Item to="/employers/add">{t('dropdown.addOrganisation')}</Item>
          <Item to="/applicants/recruitments">{t('dropdown.jobSearch')}</Item>
          <li>
            <span
              aria-disabled="true"
              className={clsx(itemClass, 'cursor-default text-slate-500 hover:bg-transparent hover:text-slate-500')}
            >
              {t('dropdown.settings')}
            </span>
          </li>
          <Item to="/applicants/settings/notification" testId="dropdown-notification-settings">
            {t('notifications.settings')}
          </Item>
          <SignOut />
        </ul>
      </Dropdown>
    );
  }

  const name = fullName(resume);
  // The resume holds the picture's file id; the files service serves it at the width asked for.
  const photo = resume?.pic ? `/api/v1/files/${encodeURIComponent(resume.pic)}?width=64` : null;
  return (
    <Dropdown
      label={t('header.profileMenu')}
      testId="profile-dropdown"
      trigger={<Avatar src={photo} gender={resume?.gender} alt={t('dropdown.photoAlt')} />}
    >
      <div className="flex items-center gap-3 px-3 py-3">
        <Avatar src={photo} gender={resume?.gender} alt={t('dropdown.photoAlt')} />
        <div className="min-w-0">
          <p className="truncate font-bold">{name ?? t('dropdown.noName')}</p>
          <p className="truncate text-xs text-muted">{resume?.jobTitle ?? t('dropdown.noJobTitle')}</p>
          {viewer.cellphone && (
            <p className="text-xs text-muted" dir="ltr" data-testid="viewer-cellphone">
              {localDigits(viewer.cellphone, locale)}
            </p>
          )}
        </div>
      </div>
      <ul className="border-t border-line pt-1">
        {resume ? (
          <>
            <Item to={`/applicants/resumes/${resume.slug}`}>{t('dropdown.viewResume')}</Item>
            <Item to="/applicants/resumes/edit">{t('dropdown.editResume')}</Item>
          </>
        ) : (
          <Item to="/applicants/resumes/add/personal" testId="add-resume">
            {t('dropdown.addResume')}
          </Item>
        )}
        <Item to="/applicants/recruitments/saved" testId="dropdown-saved">
          {t('recruitments.dropdown.saved')}
        </Item>
        <CompaniesList employers={viewer.employers} />
        <Item to="/employers/add">{t('dropdown.addOrganisation')}</Item>
        <Item to="/applicants/settings" testId="dropdown-account-settings">
          {t('dropdown.accountSettings')}
        </Item>
        <SignOut />
      </ul>
    </Dropdown>
  );
}
