// Navbar items per client type (spec §2). Paths without locale; the UI prefixes them.
import type { MessageKey } from '../i18n/index.ts';
import { mayAct, type ClientType, type Viewer } from './viewer.ts';

export interface NavItem {
  id: string;
  title: MessageKey;
  /** null: shown but not a link (e.g. "my opportunities" before a resume exists). */
  url: string | null;
  /** Active only on exactly its URL, not on the pages under it (the profile under its pricing page). */
  end?: boolean;
}

/**
 * The employer's items go to its members only (whatever the URL), each one only when the member
 * may use it: the owner all, an agent what their permissions allow. Anyone else gets the
 * applicant's items.
 */
export function navItemsFor(clientType: ClientType, viewer: Viewer, employerSlug: string | undefined): NavItem[] {
  const membership = employerSlug ? viewer.employers.find((employer) => employer.slug === employerSlug) : undefined;
  if (clientType === 'employers' && membership) {
    const slug = membership.slug;
    const items: (NavItem | false)[] = [
      mayAct(membership, 'RecruitmentCreate', 'RecruitmentEdit', 'ApplyManage') && {
        id: 'ads',
        title: 'nav.employerAds',
        url: `/employers/${slug}/recruitments`,
      },
      // The new ad is for the employer the menu is (pages under /recruitments/* carry it in `employer`).
      mayAct(membership, 'RecruitmentCreate') && {
        id: 'new-ad',
        title: 'nav.employerNewAd',
        url: `/recruitments/add?employer=${encodeURIComponent(slug)}`,
      },
      { id: 'profile', title: 'nav.employerProfile', url: `/employers/${slug}`, end: true },
      mayAct(membership, 'Billing') && {
        id: 'pricing',
        title: 'nav.employerPricing',
        url: `/employers/${slug}/pricing`,
      },
      mayAct(membership, 'Billing') && { id: 'orders', title: 'nav.employerOrders', url: `/employers/${slug}/orders` },
      mayAct(membership, 'Billing') && { id: 'wallet', title: 'billing.nav.wallet', url: `/employers/${slug}/wallet` },
    ];
    return items.filter((item): item is NavItem => item !== false);
  }
  const items: NavItem[] = [{ id: 'jobs', title: 'nav.jobs', url: '/applicants/recruitments' }];
  if (viewer.isLoggedIn) {
    items.push({
      id: 'my-jobs',
      title: 'nav.myJobs',
      url: viewer.resume ? `/applicants/resumes/${viewer.resume.slug}/recruitments` : null,
    });
  }
  items.push(
    { id: 'resume-maker', title: 'nav.resumeMaker', url: '/applicants/resumes/add/personal' },
    { id: 'companies', title: 'nav.companies', url: '/applicants/companies' },
    { id: 'blog', title: 'nav.blog', url: '/blog' },
  );
  return items;
}
