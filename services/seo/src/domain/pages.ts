// The site's pages as search engines and link previews see them: a title and a description in
// Persian and English, the canonical path (without the /en prefix: the web adds it and the
// fa/en alternates) and whether the page may be listed. Private pages (a signed-in person's, a
// form's step, an error) are "noindex, nofollow".
import type { Locale } from './locale.ts';

export interface PageCopy {
  title: string;
  description: string;
}

export interface PageEntry {
  path: string;
  /** Listed by search engines and in the static sitemap's neighbourhood; false: noindex, nofollow. */
  indexed: boolean;
  fa: PageCopy;
  en: PageCopy;
}

/** The site's name, after every title but home's. */
export const SITE_NAME: Record<Locale, string> = { fa: 'درمانکار', en: 'Darmankar' };

/** The first crumb of every breadcrumb. */
export const HOME_CRUMB: Record<Locale, string> = { fa: 'خانه', en: 'Home' };

/** Bump when the static pages' copy changes: the static sitemap's lastmod of its pages. */
export const PAGES_REVISED_ON = new Date('2026-11-25T00:00:00Z');

export const HOME: PageEntry = {
  path: '/',
  indexed: true,
  fa: {
    title: 'درمانکار | استخدام پزشک، پرستار و کادر درمان',
    description:
      'درمانکار، بازار کار حوزهٔ درمان: جدیدترین آگهی‌های استخدام پزشک، پرستار، ماما، داروساز و کادر درمان را ببینید و با رزومهٔ خود درخواست دهید.',
  },
  en: {
    title: 'Darmankar | Healthcare jobs for doctors, nurses and medical staff',
    description:
      'Darmankar, the healthcare job market: the latest openings for doctors, nurses, midwives, pharmacists and medical staff. Apply with your resume.',
  },
};

const step = (slug: string, fa: PageCopy, en: PageCopy): [string, PageEntry] => [
  slug,
  { path: `/applicants/resumes/add/${slug}`, indexed: false, fa, en },
];

export const AREAS: Record<string, Record<string, PageEntry>> = {
  authentication: {
    login: {
      path: '/login',
      indexed: false,
      fa: {
        title: 'ورود یا ثبت‌نام',
        description: 'با شمارهٔ موبایل خود وارد درمانکار شوید یا در چند ثانیه حساب بسازید.',
      },
      en: {
        title: 'Log in or sign up',
        description: 'Log in to Darmankar with your cellphone number, or sign up in seconds.',
      },
    },
    verify: {
      path: '/login/verify',
      indexed: false,
      fa: { title: 'کد تأیید', description: 'کدی را که به موبایل شما پیامک شده است وارد کنید.' },
      en: { title: 'Verification code', description: 'Enter the code we texted to your cellphone.' },
    },
    role: {
      path: '/login/role',
      indexed: false,
      fa: { title: 'انتخاب نقش', description: 'بگویید درمانکار را برای یافتن کار می‌خواهید یا برای استخدام نیرو.' },
      en: { title: 'Choose your role', description: 'Tell us whether you are here to find a job or to hire.' },
    },
  },
  employers: {
    index: {
      path: '/employers',
      indexed: true,
      fa: {
        title: 'استخدام کادر درمان برای کارفرمایان',
        description:
          'آگهی استخدام پزشک، پرستار، ماما و کادر درمان را در درمانکار ثبت کنید و درخواست‌ها را از یک تابلو پیگیری کنید.',
      },
      en: {
        title: 'Hire healthcare staff',
        description:
          'Post job ads for doctors, nurses, midwives and medical staff on Darmankar and follow every application on one board.',
      },
    },
    add: {
      path: '/employers/add',
      indexed: false,
      fa: { title: 'افزودن سازمان', description: 'سازمان، مرکز درمانی یا مطب خود را بسازید تا آگهی استخدام ثبت کنید.' },
      en: {
        title: 'Add an organisation',
        description: 'Create your organisation, medical centre or practice to post job ads.',
      },
    },
    companies: {
      path: '/applicants/companies',
      indexed: true,
      fa: {
        title: 'شرکت‌ها و مراکز درمانی',
        description:
          'بیمارستان‌ها، کلینیک‌ها، داروخانه‌ها و شرکت‌های حوزهٔ سلامت را بشناسید و آگهی‌های استخدام هر کدام را ببینید.',
      },
      en: {
        title: 'Companies and medical centres',
        description:
          'Get to know the hospitals, clinics, pharmacies and health companies hiring on Darmankar and see their job ads.',
      },
    },
  },
  'resume-steps': Object.fromEntries([
    step(
      'personal',
      { title: 'ساخت رزومه: اطلاعات فردی', description: 'نام، راه‌های تماس و خلاصه‌ای از خود را در رزومه بنویسید.' },
      {
        title: 'Build your resume: personal details',
        description: 'Add your name, contact details and a short summary to your resume.',
      },
    ),
    step(
      'educations',
      {
        title: 'ساخت رزومه: تحصیلات',
        description: 'مدرک‌ها، رشته‌ها و دانشگاه‌هایی را که در آن‌ها درس خوانده‌اید اضافه کنید.',
      },
      { title: 'Build your resume: education', description: 'Add your degrees, fields of study and universities.' },
    ),
    step(
      'jobs',
      {
        title: 'ساخت رزومه: سوابق شغلی',
        description: 'بیمارستان‌ها و مراکزی را که در آن‌ها کار کرده‌اید با سمت و مدت کار بنویسید.',
      },
      {
        title: 'Build your resume: work experience',
        description: 'List the hospitals and centres you worked at, with your role and how long.',
      },
    ),
    step(
      'skills',
      {
        title: 'ساخت رزومه: مهارت‌ها',
        description: 'مهارت‌های بالینی، نرم‌افزاری و زبان‌هایی را که می‌دانید اضافه کنید.',
      },
      {
        title: 'Build your resume: skills',
        description: 'Add your clinical and software skills and the languages you speak.',
      },
    ),
    step(
      'certificates',
      { title: 'ساخت رزومه: گواهینامه‌ها', description: 'دوره‌ها، پروانه‌ها و گواهینامه‌های حرفه‌ای خود را ثبت کنید.' },
      {
        title: 'Build your resume: certificates',
        description: 'Record your courses, licences and professional certificates.',
      },
    ),
  ]),
  applicants: {
    recruitments: {
      path: '/applicants/recruitments',
      indexed: true,
      fa: {
        title: 'فرصت‌های شغلی حوزهٔ درمان',
        description:
          'آگهی‌های استخدام پزشک، پرستار، ماما، داروساز و کادر درمان در بیمارستان‌ها، کلینیک‌ها و داروخانه‌های سراسر ایران.',
      },
      en: {
        title: 'Healthcare job opportunities',
        description:
          'Jobs for doctors, nurses, midwives, pharmacists and healthcare staff in hospitals, clinics and pharmacies across Iran.',
      },
    },
    saved: {
      path: '/applicants/recruitments/saved',
      indexed: false,
      fa: {
        title: 'نشان‌شده‌ها و فیلترها',
        description: 'آگهی‌هایی که نشان کرده‌اید و جست‌وجوهایی که ذخیره کرده‌اید.',
      },
      en: {
        title: 'Bookmarks and saved filters',
        description: 'The job ads you bookmarked and the searches you saved.',
      },
    },
    settings: {
      path: '/applicants/settings',
      indexed: false,
      fa: { title: 'تنظیمات حساب کاربری', description: 'نام، شمارهٔ موبایل، ایمیل و اعلان‌های حساب شما.' },
      en: { title: 'Account settings', description: 'Your name, cellphone number, email and notifications.' },
    },
    notifications: {
      path: '/notifications',
      indexed: false,
      fa: { title: 'اعلان‌ها', description: 'پیام‌هایی که درمانکار برای شما فرستاده است.' },
      en: { title: 'Notifications', description: 'The messages Darmankar sent you.' },
    },
  },
  site: {
    'about-us': {
      path: '/about-us',
      indexed: true,
      fa: {
        title: 'دربارهٔ ما',
        description:
          'درمانکار کارجویان حوزهٔ سلامت را به بیمارستان‌ها، کلینیک‌ها و داروخانه‌هایی می‌رساند که به آن‌ها نیاز دارند.',
      },
      en: {
        title: 'About us',
        description:
          'Darmankar connects healthcare job seekers with the hospitals, clinics and pharmacies that need them.',
      },
    },
    'contact-us': {
      path: '/contact-us',
      indexed: true,
      fa: {
        title: 'تماس با ما',
        description: 'پرسش، پیشنهاد یا مشکلی دارید؟ پیام خود را بفرستید؛ پشتیبانی درمانکار پاسخ می‌دهد.',
      },
      en: {
        title: 'Contact us',
        description: 'A question, a suggestion or a problem? Send us a message and Darmankar support will answer.',
      },
    },
    blog: {
      path: '/blog',
      indexed: true,
      fa: {
        title: 'بلاگ درمانکار',
        description:
          'راهنمای رزومه‌نویسی، مصاحبهٔ شغلی و مسیر حرفه‌ای برای پزشکان، پرستاران و کادر درمان، و نکته‌های استخدام برای کارفرمایان.',
      },
      en: {
        title: 'Darmankar blog',
        description:
          'Guides to resumes, job interviews and careers for doctors, nurses and healthcare staff, and hiring advice for employers.',
      },
    },
    pricing: {
      path: '/pricing',
      indexed: true,
      fa: {
        title: 'تعرفهٔ آگهی استخدام',
        description: 'بسته‌های ثبت آگهی استخدام در درمانکار و قیمت هر بسته به تومان.',
      },
      en: { title: 'Job ad pricing', description: 'Job ad packages on Darmankar and the price of each in toman.' },
    },
    'faq-job-seekers': {
      path: '/faq/job-seekers',
      indexed: true,
      fa: {
        title: 'پرسش‌های پرتکرار کارجویان',
        description: 'پاسخ پرسش‌های رایج دربارهٔ ساخت رزومه، جست‌وجوی آگهی و پیگیری درخواست‌های شغلی در درمانکار.',
      },
      en: {
        title: 'Job seekers’ questions',
        description:
          'Answers to common questions about building a resume, finding jobs and following your applications.',
      },
    },
    'faq-employers': {
      path: '/faq/employers',
      indexed: true,
      fa: {
        title: 'پرسش‌های پرتکرار کارفرمایان',
        description: 'پاسخ پرسش‌های رایج دربارهٔ ثبت آگهی، بسته‌ها، پرداخت و بررسی درخواست‌های کارجویان.',
      },
      en: {
        title: 'Employers’ questions',
        description:
          'Answers to common questions about posting job ads, packages, payments and reviewing applications.',
      },
    },
    'not-found': {
      path: '/not-found',
      indexed: false,
      fa: {
        title: 'صفحه پیدا نشد',
        description: 'صفحه‌ای که دنبالش بودید پیدا نشد. از صفحهٔ اصلی یا جست‌وجوی آگهی‌ها ادامه دهید.',
      },
      en: {
        title: 'Page not found',
        description: 'The page you were looking for was not found. Carry on from the home page or the job search.',
      },
    },
    error: {
      path: '/something-went-wrong',
      indexed: false,
      fa: { title: 'خطایی رخ داد', description: 'مشکلی پیش آمد. چند لحظهٔ دیگر دوباره تلاش کنید.' },
      en: { title: 'Something went wrong', description: 'Something went wrong. Please try again in a moment.' },
    },
  },
};

/** The static sitemap's pages, in order (the blog's posts follow them). */
export const STATIC_SITEMAP_PATHS = [
  '/',
  '/applicants/recruitments',
  '/applicants/companies',
  '/employers',
  '/pricing',
  '/about-us',
  '/contact-us',
  '/blog',
  '/faq/job-seekers',
  '/faq/employers',
] as const;
