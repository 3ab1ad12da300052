// Navbar items per client type (spec §2). Paths without locale; the UI prefixes them.
import type { MessageKey } from '../i18n/index.ts';
import type { ClientType, Viewer } from './viewer.ts';

export interface NavItem {
  id: string;
  title: MessageKey;
  /** null: shown but not a link (e.g. "my opportunities" before a resume exists). */
  url: string | null;
  /** Active only on exactly its URL, not on the pages under it (the profile under its pricing page). */
  end?: boolean;
}

export function navItemsFor(clientType: ClientType, viewer: Viewer, employerSlug: string | undefined): NavItem[] {
  if (clientType === 'employers' && employerSlug) {
    return [
      { id: 'ads', title: 'nav.employerAds', url: `/employers/${employerSlug}/recruitments` },
      { id: 'new-ad', title: 'nav.employerNewAd', url: '/recruitments/add' },
      { id: 'profile', title: 'nav.employerProfile', url: `/employers/${employerSlug}`, end: true },
      { id: 'pricing', title: 'nav.employerPricing', url: `/employers/${employerSlug}/pricing` },
      { id: 'orders', title: 'nav.employerOrders', url: `/employers/${employerSlug}/orders` },
    ];
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
