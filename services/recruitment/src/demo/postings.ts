// Realistic Persian postings, deterministic for a seed: the demo data `make dev` seeds and the
// 100,000 postings of the search benchmark (bench/search.ts). A posting is drawn from a job of
// ./roles.ts that fits its employer's facility, placed in the employer's city or (for employers
// with branches) a city weighted towards the big ones, paid from the job's 1405 range (hidden as
// "agreed" for about one in five), and published at a time within the last 30 days. Every value
// is one the posting rules accept: closed-list and suggestion ids, min below max, times as HH:MM
// with the end after the start, experience 0 to 29.
import { closedList, closedListItem } from '@darmankar/platform/closed-lists';
import { toPersianDigits } from '@darmankar/platform/persian';
import benefitData from '../../data/benefits.json' with { type: 'json' };
import languageData from '../../data/languages.json' with { type: 'json' };
import skillData from '../../data/skills.json' with { type: 'json' };
import type { PostingForm } from '../domain/posting-rules.ts';
import { seededRandom, type Random } from './random.ts';
import { ROLES, type Role, type ShiftPattern } from './roles.ts';

const MILLION = 1_000_000n;
const DAY_MS = 86_400_000;

export type GeneratedStatus = 'draft' | 'published' | 'archived' | 'closed';

export interface GeneratorEmployer {
  id: string;
  slug: string;
  brand: string;
  /** The logo's public path, if any. */
  logo?: string;
  /** `facilityTypes` id: which jobs it advertises. */
  facilityType: string;
  province: string;
  city: string;
  /** A chain or network with branches advertises in other cities too. */
  branches?: boolean;
  /** How many of the postings are its own, relative to the others (default 1). */
  weight?: number;
}

/** The fields of a posting as its employer's form sends them (the domain's PostingForm: the seed writes them through the service's own rules). */
export type GeneratedFields = PostingForm;

export interface GeneratedPosting {
  /** Stable for the seed and position: a re-run generates the same ids. */
  id: string;
  employer: GeneratorEmployer;
  fields: GeneratedFields;
  status: GeneratedStatus;
  /** When it was published (drafts: when it was written). */
  publishedAt: Date;
  featured: boolean;
}

export interface GenerateOptions {
  count: number;
  employers: readonly GeneratorEmployer[];
  seed?: number;
  /** The end of the 30 days the postings are published over (default: now). */
  now?: Date;
  /**
   * 'published' (the demo: every posting open), or 'mixed' (the benchmark: about 90%
   * published, the rest drafts, archived and closed, as a live board holds).
   */
  statuses?: 'published' | 'mixed';
}

// The biggest cities by population carry most postings; any other city of the list is possible.
const CITY_WEIGHTS: [string, number][] = [
  ['tehran', 30],
  ['mashhad', 7],
  ['isfahan', 6],
  ['karaj', 4],
  ['shiraz', 5],
  ['tabriz', 4],
  ['qom', 2],
  ['ahvaz', 3],
  ['kermanshah', 2],
  ['urmia', 2],
  ['rasht', 2],
  ['kerman', 2],
  ['yazd', 1.5],
  ['hamadan', 1.5],
  ['sari', 1.5],
  ['arak', 1],
  ['zahedan', 1],
  ['bandar-abbas', 1],
  ['gorgan', 1],
  ['qazvin', 1],
];
const OTHER_CITIES_WEIGHT = 20;
const REGIONS: Record<string, string[]> = {
  tehran: [
    'ونک',
    'تجریش',
    'سعادت‌آباد',
    'پونک',
    'نارمک',
    'یوسف‌آباد',
    'میدان انقلاب',
    'شهرک غرب',
    'تهرانپارس',
    'جنت‌آباد',
  ],
  mashhad: ['احمدآباد', 'سجاد', 'وکیل‌آباد', 'کوهسنگی'],
  isfahan: ['چهارباغ', 'خیابان نظر', 'هشت بهشت'],
  shiraz: ['معالی‌آباد', 'خیابان زند', 'قصردشت'],
  tabriz: ['ولیعصر', 'آبرسان'],
  karaj: ['عظیمیه', 'گوهردشت', 'مهرشهر'],
};
const SKILL_LEVELS = ['intermediate', 'advanced', 'expert'];
const LANGUAGE_LEVELS = ['intermediate', 'advanced'];
const benefitIds = benefitData.map((item) => item.id);
const skillTitles = new Map(skillData.map((item) => [item.id, item.title]));
const languageIds = new Set(languageData.map((item) => item.id));

/** Published times lean towards the last days, as a board with steady traffic has them. */
function publishedWithin30Days(random: Random, now: Date): Date {
  const daysAgo = 30 * random.next() ** 1.6;
  // On the minute: postings written by people, not a script.
  return new Date(Math.floor((now.getTime() - daysAgo * DAY_MS) / 60_000) * 60_000);
}

function chooseCity(random: Random): { province: string; city: string } {
  const others = closedList('cities');
  const id = random.weighted<string | null>([...CITY_WEIGHTS, [null, OTHER_CITIES_WEIGHT]]) ?? random.pick(others).id;
  return { province: closedListItem('cities', id)!.parent!, city: id };
}

/** A monthly range within the job's: a minimum from its lower two thirds, a maximum 15–60% above, on 10 million rials. */
function salaryRange(random: Random, [low, high]: [number, number]): [bigint, bigint] {
  const round = (millions: number) => Math.round(millions / 10) * 10;
  const min = Math.max(round(low), round(low + (high - low) * (2 / 3) * random.next()));
  const max = Math.min(round(high), Math.max(min + 10, round(min * (1.15 + 0.45 * random.next()))));
  return [BigInt(min) * MILLION, BigInt(max > min ? max : min + 10) * MILLION];
}

const DAY_SHIFTS: Partial<Record<ShiftPattern, [string, string]>> = {
  morning: ['07:30', '14:30'],
  evening: ['14:00', '20:00'],
};

/** Hours per weekday (0 Saturday … 6 Friday) for day work; shifts through the night are stated by their pattern alone. */
function workingHours(random: Random, shifts: ShiftPattern[], office: boolean) {
  if (office) {
    const days = [0, 1, 2, 3, 4].map((weekday) => ({ weekday, from: '08:00', to: '16:00' }));
    return random.chance(0.5) ? [...days, { weekday: 5, from: '08:00', to: '12:00' }] : days;
  }
  const day = shifts.filter((shift) => DAY_SHIFTS[shift]);
  if (day.length === 0 || shifts.includes('rotating') || random.chance(0.25)) return [];
  const from = DAY_SHIFTS[day[0]!]![0];
  const to = DAY_SHIFTS[day[day.length - 1]!]![1];
  const lastDay = random.chance(0.6) ? 5 : 4;
  return Array.from({ length: lastDay + 1 }, (_, weekday) => ({
    weekday,
    from,
    // Thursdays end early in most places.
    to: weekday === 5 && day[day.length - 1] === 'morning' ? '13:00' : to,
  }));
}

const SHIFT_WORDS: Record<ShiftPattern, string> = {
  morning: 'صبح',
  evening: 'عصر',
  night: 'شب',
  'on-call': 'کشیک و آنکال',
  rotating: 'در گردش',
};
const OPENINGS = [
  (who: string, title: string, city: string) => `${who} در ${city} برای تکمیل کادر خود ${title} استخدام می‌کند.`,
  (who: string, title: string, city: string) =>
    `به یک ${title} متعهد و باانگیزه برای همکاری در ${who} (${city}) نیازمندیم.`,
  (who: string, title: string, city: string) => `${who} واقع در ${city} از ${title} واجد شرایط دعوت به همکاری می‌کند.`,
  (who: string, title: string, city: string) => `استخدام ${title} در ${who}، ${city}.`,
];
const CLOSINGS = [
  'لطفاً رزومه خود را از طریق درمانکار ارسال کنید؛ با داوطلبان منتخب برای مصاحبه تماس می‌گیریم.',
  'پس از بررسی رزومه‌ها، از افراد واجد شرایط برای مصاحبه حضوری دعوت می‌شود.',
  'محیط کاری صمیمی و امکان رشد شغلی از ویژگی‌های این موقعیت است.',
  'اولویت با داوطلبان ساکن همین شهر است.',
  'تمدید قرارداد پس از دوره آزمایشی سه‌ماهه انجام می‌شود.',
];

function describe(
  random: Random,
  role: Role,
  employer: GeneratorEmployer,
  title: string,
  fields: Pick<GeneratedFields, 'city' | 'experienceYears' | 'educations' | 'skills' | 'shiftPatterns' | 'benefits'>,
): string {
  const city = closedListItem('cities', fields.city)!.title;
  const sentences = [random.pick(OPENINGS)(employer.brand, title, city)];
  const duties = random.sample(role.duties, random.int(2, 3));
  sentences.push(`شرح وظایف: ${duties.slice(0, -1).join('، ')}${duties.length > 1 ? ' و ' : ''}${duties.at(-1)}.`);
  const education = fields.educations[0];
  const needs: string[] = [];
  if (education) needs.push(`داشتن مدرک ${closedListItem('degreeLevels', education.degreeLevel)!.title}`);
  if (fields.experienceYears === 0) needs.push('بدون نیاز به سابقه کار (آموزش داده می‌شود)');
  else if (fields.experienceYears !== undefined)
    needs.push(`دست‌کم ${toPersianDigits(fields.experienceYears)} سال سابقه کار مرتبط`);
  if (fields.skills.length > 0) needs.push(`آشنایی با ${fields.skills.map((skill) => skill.name).join('، ')}`);
  if (needs.length > 0) sentences.push(`شرایط: ${needs.join('؛ ')}.`);
  if (fields.shiftPatterns.length > 0)
    sentences.push(`شیفت کاری: ${fields.shiftPatterns.map((shift) => SHIFT_WORDS[shift as ShiftPattern]).join('، ')}.`);
  if (fields.benefits.length > 0)
    sentences.push('بیمه از روز اول و پرداخت منظم حقوق؛ مزایای دیگر در فهرست مزایا آمده است.');
  sentences.push(random.pick(CLOSINGS));
  return sentences.join(' ');
}

function pickRole(random: Random, facilityType: string): Role {
  const fitting = ROLES.filter((role) => role.facilities.includes(facilityType));
  return random.weighted((fitting.length > 0 ? fitting : ROLES).map((role) => [role, role.weight] as const));
}

function generateOne(random: Random, employer: GeneratorEmployer, now: Date): Omit<GeneratedPosting, 'id' | 'status'> {
  const role = pickRole(random, employer.facilityType);
  const modifier = role.modifiers && random.chance(0.7) ? random.pick(role.modifiers) : undefined;
  const specialty = modifier?.[1] ?? (role.specialties ? random.pick(role.specialties) : '');
  const specialtyTitle = specialty && role.specialties ? closedListItem('medicalSpecialties', specialty)!.title : '';
  const title = [random.pick(role.titles), specialtyTitle, modifier?.[0]].filter(Boolean).join(' ');
  const place = employer.branches && random.chance(0.5) ? chooseCity(random) : employer;
  const [minSalary, maxSalary] = salaryRange(random, role.salary);
  const shiftPatterns = random.pick(role.shifts);
  const [leastYears, mostYears] = role.experience;
  const experienceYears = random.chance(0.12) ? undefined : random.int(leastYears, Math.min(29, mostYears));
  const office = role.shifts.every((set) => set.length === 1 && set[0] === 'morning') && random.chance(0.7);
  const degreeLevel = random.pick(role.degrees);
  const fieldsOfStudy = role.fields.length > 0 ? random.sample(role.fields, random.int(1, 2)) : [''];
  const withAge = random.chance(0.3);
  const minAge = random.int(20, 28);
  const region = REGIONS[place.city] && random.chance(0.6) ? random.pick(REGIONS[place.city]!) : '';
  const partial = {
    city: place.city,
    experienceYears,
    educations: fieldsOfStudy.map((fieldOfStudy) => ({ degreeLevel, fieldOfStudy })),
    skills: random
      .sample(role.skills, random.int(2, 4))
      .map((id) => ({ name: skillTitles.get(id)!, level: random.pick(SKILL_LEVELS) })),
    shiftPatterns,
    benefits: random.sample(benefitIds, random.int(2, 5)),
  };
  const gender = role.gender ?? (random.chance(0.15) ? random.pick(['female', 'male'] as const) : 'any');
  const fields: GeneratedFields = {
    ...partial,
    title,
    description: describe(random, role, employer, title, partial),
    jobCategory: role.category,
    employmentType: random.weighted(role.employment.map((type, rank) => [type, 1 / (rank + 1)] as const)),
    workType: role.category === 'elderly-home-care' || title.includes('در منزل') ? 'home-visits' : 'on-site',
    gender,
    ...(withAge ? { minAge, maxAge: minAge + random.int(10, 25) } : {}),
    minSalary,
    maxSalary,
    // About one employer in five writes "agreed" rather than a figure.
    salaryVisible: !random.chance(0.2),
    ...(experienceYears === undefined ? {} : { experienceYears }),
    organizationalLevel: role.level,
    province: place.province,
    region,
    languages: random.chance(0.12)
      ? [{ id: languageIds.has('english') ? 'english' : 'persian', level: random.pick(LANGUAGE_LEVELS) }]
      : [],
    workingHours: workingHours(random, shiftPatterns, office),
    ...(role.category === 'sales-marketing' || role.category === 'medical-equipment'
      ? { businessTravelHours: random.int(4, 40) }
      : {}),
    militaryServiceRequired: gender === 'male' && random.chance(0.6),
    acceptsDisability: random.chance(0.1),
    acceptsInternship: random.chance(0.08),
    acceptsRelevantIndustry: random.chance(0.3),
    facilityType: employer.facilityType,
    medicalSpecialty: specialty,
    hiringTemplateId: '',
  };
  return { employer, fields, publishedAt: publishedWithin30Days(random, now), featured: random.chance(0.05) };
}

function chooseStatus(random: Random, statuses: GenerateOptions['statuses']): GeneratedStatus {
  if (statuses !== 'mixed') return 'published';
  return random.weighted<GeneratedStatus>([
    ['published', 90],
    ['closed', 5],
    ['archived', 3],
    ['draft', 2],
  ]);
}

/** `count` postings, one at a time (100,000 need not be held at once); the same seed yields the same postings. */
export function* generatePostings(options: GenerateOptions): Generator<GeneratedPosting> {
  if (options.employers.length === 0) throw new Error('generatePostings: at least one employer is needed');
  const random = seededRandom(options.seed ?? 1405);
  const now = options.now ?? new Date();
  const employers = options.employers.map((employer) => [employer, employer.weight ?? 1] as const);
  for (let i = 0; i < options.count; i++) {
    const id = random.uuid();
    const employer = random.weighted(employers);
    const status = chooseStatus(random, options.statuses);
    yield { id, status, ...generateOne(random, employer, now) };
  }
}

const BRAND_KINDS: Record<string, string> = {
  hospital: 'بیمارستان',
  clinic: 'درمانگاه',
  'specialty-clinic': 'کلینیک تخصصی',
  polyclinic: 'پلی‌کلینیک',
  'doctor-office': 'مطب دکتر',
  'dental-clinic': 'کلینیک دندانپزشکی',
  pharmacy: 'داروخانه دکتر',
  laboratory: 'آزمایشگاه',
  'imaging-center': 'مرکز تصویربرداری',
  'physiotherapy-clinic': 'کلینیک فیزیوتراپی',
  'rehabilitation-center': 'مرکز توانبخشی',
  'nursing-home': 'سرای سالمندان',
  'home-care-center': 'مرکز پرستاری در منزل',
  'day-surgery': 'مرکز جراحی محدود',
  'dialysis-center': 'مرکز دیالیز',
  'beauty-clinic': 'کلینیک زیبایی',
  'counseling-center': 'مرکز مشاوره',
  'pharmaceutical-company': 'شرکت داروسازی',
  'medical-equipment-company': 'شرکت تجهیزات پزشکی',
};
const BRAND_NAMES = [
  'آرمان',
  'یاس',
  'سینا',
  'پارس',
  'مهر',
  'امید',
  'نور',
  'البرز',
  'رازی',
  'شفا',
  'ابن سینا',
  'میلاد',
  'آتیه',
  'کسری',
  'پاستور',
  'دی',
  'صدف',
  'نیکان',
  'آریا',
  'بهار',
];
const SURNAMES = ['کریمی', 'احمدی', 'رضایی', 'موسوی', 'حسینی', 'محمدی', 'کاظمی', 'صادقی', 'جعفری', 'نوری'];

// How common each kind of employer is among those advertising.
const FACILITY_WEIGHTS: Record<string, number> = {
  hospital: 10,
  clinic: 4,
  'specialty-clinic': 4,
  polyclinic: 3,
  'doctor-office': 3,
  'dental-clinic': 3,
  pharmacy: 3,
  laboratory: 3,
};

/** Employers for a large data set (the benchmark): big facilities weighted up, spread over the cities. */
export function generateEmployers(count: number, seed = 1404): GeneratorEmployer[] {
  const random = seededRandom(seed);
  const kinds = Object.keys(BRAND_KINDS);
  return Array.from({ length: count }, (_, i) => {
    const facilityType = random.weighted(kinds.map((kind) => [kind, FACILITY_WEIGHTS[kind] ?? 1] as const));
    const kind = BRAND_KINDS[facilityType]!;
    const name = kind.endsWith('دکتر') ? random.pick(SURNAMES) : random.pick(BRAND_NAMES);
    const { province, city } = chooseCity(random);
    return {
      id: random.uuid(),
      slug: `employer-${i + 1}`,
      brand: `${kind} ${name} ${closedListItem('cities', city)!.title}`,
      facilityType,
      province,
      city,
      branches: facilityType === 'hospital' || facilityType === 'laboratory' ? random.chance(0.3) : false,
      weight: facilityType === 'hospital' ? 4 : 1,
    };
  });
}
