// Demo data for `make dev`: a few employers (two promoted) so the home page and the companies
// list show something, each with a completed profile (the recruitment seed posts jobs for them), and the demo user (09120000000, see the auth seed) as an agent of the
// first, with every permission, linked when the auth service's UserRegistered arrives.
// Idempotent: an employer whose slug exists is left as it is. Closed-list fields (province, city,
// industry, the types) hold the lists' ids (docs/adr/023).
import { systemClock } from '@darmankar/platform/clock';
import { createLogger } from '@darmankar/platform/log';
import { runSeed } from '@darmankar/platform/seed';
import { createDatabase } from './db/client.ts';
import { Agents } from './domain/agents.ts';
import { ACTIONS } from './domain/access.ts';
import { withoutFiles } from './domain/employer-files.ts';
import { Employers } from './domain/employers.ts';
import { isProfileCompleted, type ProfileInput } from './domain/profile.ts';
import { slugBase } from './domain/slug.ts';
import { KnownUsers } from './domain/users.ts';

const DEMO_OWNER = '00000000-0000-4000-8000-0000000000e1';
const DEMO_AGENT_CELLPHONE = '09120000000';

interface Demo {
  profile: Partial<ProfileInput> & { brand: string };
  isSelfEmployed?: boolean;
  promoted?: boolean;
}

const DEMOS: Demo[] = [
  {
    promoted: true,
    profile: {
      brand: 'بیمارستان نمونه آرمان',
      registeredName: 'شرکت خدمات درمانی آرمان سلامت',
      nationalId: '10380284790',
      registrationNumber: '45821',
      employerType: 'organization',
      ownershipType: 'private',
      industry: 'healthcare',
      province: 'tehran',
      city: 'tehran',
      address: 'تهران، خیابان ولیعصر',
      phone: '02188776655',
      website: 'https://arman.example.ir',
      numberOfEmployees: '201-500',
      establishmentDate: '2009-05-01',
      about: 'بیمارستان عمومی با بخش‌های اورژانس، جراحی و مراقبت‌های ویژه.',
      benefits: ['بیمه تکمیلی', 'سرویس رفت و آمد', 'غذای گرم'],
      contactFirstName: 'مریم',
      contactLastName: 'رضایی',
      contactEmail: 'hr@arman.example.ir',
    },
  },
  {
    promoted: true,
    profile: {
      brand: 'کلینیک تخصصی یاس',
      nationalId: '10320456783',
      registrationNumber: '31207',
      industry: 'healthcare',
      province: 'isfahan',
      city: 'isfahan',
      numberOfEmployees: '11-50',
      about: 'کلینیک تخصصی زنان و زایمان و اطفال.',
      benefits: ['ساعت کاری منعطف'],
    },
  },
  {
    profile: {
      brand: 'داروخانه شبانه‌روزی سینا',
      nationalId: '10861234565',
      registrationNumber: '88412',
      industry: 'pharmaceutical',
      province: 'tehran',
      city: 'tehran',
      numberOfEmployees: '1-10',
    },
  },
  {
    profile: {
      brand: 'آزمایشگاه تشخیص طبی پارس',
      nationalId: '14109876546',
      registrationNumber: '12093',
      industry: 'diagnostics',
      province: 'fars',
      city: 'shiraz',
      numberOfEmployees: '51-200',
    },
  },
  {
    isSelfEmployed: true,
    profile: {
      brand: 'مطب دکتر کریمی',
      employerType: 'self-employed',
      medicalRegistrationNumber: '123456',
      province: 'khorasan-razavi',
      city: 'mashhad',
    },
  },
];

await runSeed(createDatabase, async (db) => {
  const users = new KnownUsers(db, systemClock);
  const employers = new Employers(db, users, withoutFiles(createLogger('employer-seed')), systemClock);
  const agents = new Agents(db, users, systemClock);
  let created = 0;
  let completed = 0;
  for (const [index, demo] of DEMOS.entries()) {
    const existing = await db.employer.findUnique({ where: { slug: slugBase(demo.profile.brand) } });
    if (existing) {
      // Seeded before demo profiles were complete: completed now, as the recruitment seed needs.
      if (!isProfileCompleted(existing)) {
        await employers.update(DEMO_OWNER, existing.id, demo.isSelfEmployed ?? false, {
          medicalDocumentFileIds: [],
          benefits: [],
          ...demo.profile,
        });
        completed++;
      }
      continue;
    }
    const employer = await employers.create(DEMO_OWNER, {
      brand: demo.profile.brand,
      isSelfEmployed: demo.isSelfEmployed ?? false,
    });
    await employers.update(DEMO_OWNER, employer.id, demo.isSelfEmployed ?? false, {
      medicalDocumentFileIds: [],
      benefits: [],
      ...demo.profile,
    });
    if (demo.promoted) await employers.setPromoted(employer.slug, true);
    if (index === 0)
      await agents.invite(DEMO_OWNER, employer.id, {
        firstName: 'کاربر',
        lastName: 'نمونه',
        title: 'مدیر منابع انسانی',
        cellphone: DEMO_AGENT_CELLPHONE,
        permissions: [...ACTIONS],
      });
    created++;
  }
  console.log(
    `employer: ${created} demo employers created, ${DEMOS.length - created} already present${completed ? ` (${completed} profiles completed)` : ''}`,
  );
});
