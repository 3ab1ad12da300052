import { useT, useLocale } from '../../i18n/index.ts';
import { currentJalaliYear, localDigits } from '../../lib/format.ts';
import { LogoMark } from '../ui/Logo.tsx';
import { LocaleLink } from './LocaleLink.tsx';
import type { MessageKey } from '../../i18n/index.ts';

interface FooterMenu {
  title: MessageKey;
  items: Array<{ id: string; title: MessageKey; url: string }>;
}

const MENUS: FooterMenu[] = [
  {
    title: 'footer.jobSeekers',
    items: [
      { id: 'create-resume', title: 'footer.createResume', url: '/applicants/resumes/add/personal' },
      { id: 'find-career', title: 'footer.findCareer', url: '/applicants/recruitments' },
      { id: 'faq-applicants', title: 'footer.faqSeekers', url: '/faq/job-seekers' },
      { id: 'companies', title: 'footer.companies', url: '/applicants/companies' },
    ],
  },
  {
    title: 'footer.employers',
    items: [
      { id: 'create-ad', title: 'footer.createAd', url: `/login?backURL=${encodeURIComponent('/recruitments/add')}` },
      { id: 'faq-employers', title: 'footer.faqEmployers', url: '/faq/employers' },
      {
        id: 'employer-login',
        title: 'footer.employerLogin',
        url: `/login?backURL=${encodeURIComponent('/employers')}`,
      },
      { id: 'pricing', title: 'footer.pricing', url: '/pricing' },
    ],
  },
  {
    title: 'footer.site',
    items: [
      { id: 'contact', title: 'footer.contact', url: '/contact-us' },
      { id: 'about', title: 'footer.about', url: '/about-us' },
      { id: 'blog', title: 'nav.blog', url: '/blog' },
    ],
  },
];

const SOCIAL = [
  {
    id: 'instagram',
    label: 'footer.instagram',
    href: 'https://instagram.com/darmankar',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  {
    id: 'telegram',
    label: 'footer.telegram',
    href: 'https://t.me/darmankar',
    path: 'M21 4 3 11l5 2 2 6 3-4 5 4 3-15zM9 13l8-6-6 7',
  },
  {
    id: 'linkedin',
    label: 'footer.linkedin',
    href: 'https://www.linkedin.com/company/darmankar',
    path: 'M4 9h4v11H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2c1-1.5 2.5-2.3 4.5-2.3 3 0 3.5 2 3.5 4.8V20h-4v-5.5c0-1.5-.3-2.5-1.8-2.5S14 13 14 14.6V20h-4z',
  },
] as const;

/** The college's own site (spec §2): an external link, opened in the same tab. */
export const COLLEGE_URL = 'https://college.darmankar.ir';

/** The year of the first copyright line (spec §9); the range runs to the current Jalali year. */
const FOUNDED_JALALI_YEAR = 1403;

/** The site footer (spec §2): three menus, social links, trust seal, Jalali copyright. */
export function Footer() {
  const t = useT();
  const locale = useLocale();
  return (
    <footer className="mt-16 border-t border-line bg-surface" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)_auto]">
        <div className="flex flex-col gap-3">
          <span className="flex items-center gap-2">
            <LogoMark />
            <span className="text-lg font-extrabold text-brand-900">{t('app.name')}</span>
          </span>
          <p className="text-sm text-muted">{t('app.tagline')}</p>
          <p className="mt-2 text-sm font-semibold">{t('footer.social')}</p>
          <ul className="flex gap-2">
            {SOCIAL.map((social) => (
              <li key={social.id}>
                <a
                  href={social.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={t(social.label)}
                  className="flex size-10 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm hover:bg-brand-50"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="size-5"
                    aria-hidden="true"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                  >
                    <path d={social.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {MENUS.map((menu) => (
          <nav key={menu.title} aria-label={t(menu.title)}>
            <h2 className="mb-3 text-sm font-bold text-ink">{t(menu.title)}</h2>
            <ul className="flex flex-col gap-2">
              {menu.items.map((item) => (
                <li key={item.id}>
                  <LocaleLink to={item.url} className="text-sm text-muted hover:text-brand-700">
                    {t(item.title)}
                  </LocaleLink>
                </li>
              ))}
              {menu.title === 'footer.site' && (
                <li>
                  <a
                    href={COLLEGE_URL}
                    rel="noopener"
                    className="text-sm text-muted hover:text-brand-700"
                    data-testid="college-link"
                  >
                    {t('footer.college')}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        ))}
        <div className="flex flex-col items-start gap-2">
          {/* The trust seal (Enamad) is an embed issued to the live domain; its slot keeps the layout until then. */}
          <div
            className="flex h-24 w-24 items-center justify-center rounded-xl border border-dashed border-line bg-white p-2 text-center text-[11px] leading-snug text-muted"
            role="img"
            aria-label={t('footer.trustSeal')}
            data-testid="trust-seal"
            title={t('footer.trustSealPending')}
          >
            {t('footer.trustSeal')}
          </div>
        </div>
      </div>
      <p className="border-t border-line py-4 text-center text-xs text-muted" data-testid="copyright">
        {t('footer.copyright', {
          from: localDigits(FOUNDED_JALALI_YEAR, locale),
          year: localDigits(currentJalaliYear(), locale),
        })}
      </p>
    </footer>
  );
}
