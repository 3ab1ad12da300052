// The field rules of a resume (spec §5): each broken rule is its own EXC_RESUMES_<FIELD>_<RULE>
// code and every broken rule of one request is answered together. Values arrive as typed:
// digits in Persian, Arabic-Indic or Latin script are accepted and stored Latin, any other
// digit is refused. Free text is stored as typed (cleanText: digits, Arabic letters, ZWNJ and
// marks kept; docs/conventions.md). "Today" and the current Jalali year are judged in
// Asia/Tehran with the service's clock.
import { closedListItem, isValid, type ClosedListName } from '@darmankar/platform/closed-lists';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { currentJalaliYear, tehranIsoDate } from '@darmankar/platform/jalali';
import { cleanText, toLatinDigits } from '@darmankar/platform/persian';

export const GENDERS = ['male', 'female'] as const;
// Marital and military statuses, degree levels, industries, employment types, provinces and cities
// are closed lists (@darmankar/platform/closed-lists, docs/adr/023): stored as the item's id.
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const LANGUAGE_LEVELS = ['beginner', 'intermediate', 'advanced', 'native'] as const;

/** Lengths, in characters of the cleaned text. */
export const LIMITS = {
  name: 50,
  short: 100,
  email: 254,
  link: 300,
  long: 2000,
  authors: 20,
  phoneDigits: 15,
} as const;
/** Years of education are accepted this far back from the current Jalali year. */
const YEARS_BACK = 100;
const EARLIEST_DATE = '1900-01-01';

export interface PersonalInfo {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  gender: string | null;
  maritalStatus: string | null;
  militaryStatus: string | null;
  hasDisability: boolean;
  isForeigner: boolean;
  province: string | null;
  city: string | null;
  url: string | null;
  jobTitle: string | null;
  about: string | null;
}

export interface Education {
  university: string;
  fieldOfStudy: string;
  degreeLevel: string;
  gpa: number | null;
  startYear: number;
  endYear: number | null;
  currentlyEnrolled: boolean;
}
export interface Job {
  jobTitle: string;
  companyName: string;
  industry: string | null;
  employmentType: string | null;
  province: string | null;
  city: string | null;
  currentlyEmployed: boolean;
  description: string | null;
  startDate: string;
  endDate: string | null;
}
export interface Skill {
  name: string;
  level: string;
}
export interface Language {
  name: string;
  level: string;
}
export interface Certificate {
  title: string;
  issuedBy: string;
  link: string | null;
  durationHours: number | null;
  completionDate: string | null;
}
export interface Publication {
  title: string;
  publisher: string | null;
  authors: string[];
  date: string | null;
  link: string | null;
  description: string | null;
}

export type SectionName = 'educations' | 'jobs' | 'skills' | 'certificates' | 'publications' | 'languages';
export const SECTIONS: readonly SectionName[] = [
  'educations',
  'jobs',
  'skills',
  'certificates',
  'publications',
  'languages',
];
export interface SectionItems {
  educations: Education;
  jobs: Job;
  skills: Skill;
  certificates: Certificate;
  publications: Publication;
  languages: Language;
}

/** A field as it came: text (any digits), a flag, or nothing. */
export type Raw<T> = {
  [K in keyof T]?: T[K] extends boolean ? boolean : T[K] extends string[] ? string[] : string | null;
};

/** What "today" means for the rules: the calendar date and Jalali year in Tehran at the clock's now. */
export interface Today {
  date: string;
  jalaliYear: number;
}

export function today(nowMs: number): Today {
  const now = new Date(nowMs);
  return { date: tehranIsoDate(now), jalaliYear: currentJalaliYear(now) };
}

/** Collects broken rules; `done()` throws them all at once. */
class Check {
  readonly codes: ExcCode[] = [];
  constructor(readonly today: Today) {}

  fail(field: string, rule: string): null {
    const code = `EXC_RESUMES_${field}_${rule}` as ExcCode;
    if (!this.codes.includes(code)) this.codes.push(code);
    return null;
  }

  /** Free text as typed (cleanText); the long texts keep their line breaks; empty is null. */
  text(field: string, value: string | null | undefined, max: number, required: boolean): string | null {
    const text = value == null ? '' : normalizeText(value, max >= LIMITS.long);
    if (text === '') return required ? this.fail(field, 'IS_REQUIRED') : null;
    if ([...text].length > max) return this.fail(field, 'IS_TOO_LONG');
    return text;
  }

  /** Digits in the accepted scripts, made Latin; null (after a failure) when another script's digit is there. */
  digits(field: string, value: string): string | null {
    const latin = toLatinDigits(value.trim()).replace(/٫/g, '.');
    if (/[^\P{Nd}0-9]/u.test(latin)) return this.fail(field, 'IS_INVALID');
    return latin;
  }

  choice(
    field: string,
    value: string | null | undefined,
    allowed: readonly string[],
    required: boolean,
  ): string | null {
    const text = value?.trim() ?? '';
    if (text === '') return required ? this.fail(field, 'IS_REQUIRED') : null;
    return allowed.includes(text) ? text : this.fail(field, 'IS_INVALID');
  }

  /** An item of a closed list: its id (a city within `parentId`, its province, when given), else IS_INVALID. */
  listed(
    field: string,
    list: ClosedListName,
    value: string | null | undefined,
    required: boolean,
    parentId?: string | null,
  ): string | null {
    const id = value?.trim() ?? '';
    if (id === '') return required ? this.fail(field, 'IS_REQUIRED') : null;
    return isValid(list, id, parentId) ? id : this.fail(field, 'IS_INVALID');
  }

  /** A province and a city of it; a city alone names its province. */
  place(raw: { province?: string | null; city?: string | null }): { province: string | null; city: string | null } {
    const province = this.listed('PROVINCE', 'provinces', raw.province, false);
    const city = this.listed('CITY', 'cities', raw.city, false, province);
    return { province: province ?? (city !== null ? (closedListItem('cities', city)?.parent ?? null) : null), city };
  }

  /** A Gregorian YYYY-MM-DD, not in the future. */
  date(field: string, value: string | null | undefined, required: boolean): string | null {
    if (value == null || value.trim() === '') return required ? this.fail(field, 'IS_REQUIRED') : null;
    const date = this.digits(field, value);
    if (date === null) return null;
    if (!isCalendarDate(date) || date < EARLIEST_DATE) return this.fail(field, 'IS_INVALID');
    if (date > this.today.date) return this.fail(field, 'IS_IN_FUTURE');
    return date;
  }

  /** A Jalali year, not after the current one nor more than YEARS_BACK before it. */
  year(field: string, value: string | null | undefined, required: boolean): number | null {
    if (value == null || value.trim() === '') return required ? this.fail(field, 'IS_REQUIRED') : null;
    const text = this.digits(field, value);
    if (text === null) return null;
    if (!/^\d{4}$/.test(text)) return this.fail(field, 'IS_INVALID');
    const year = Number(text);
    if (year > this.today.jalaliYear) return this.fail(field, 'IS_IN_FUTURE');
    if (year < this.today.jalaliYear - YEARS_BACK) return this.fail(field, 'IS_INVALID');
    return year;
  }

  link(field: string, value: string | null | undefined): string | null {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    if (text.length > LIMITS.link) return this.fail(field, 'IS_INVALID');
    try {
      const url = new URL(text);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.'))
        return this.fail(field, 'IS_INVALID');
      return url.toString();
    } catch {
      return this.fail(field, 'IS_INVALID');
    }
  }

  done(): void {
    if (this.codes.length > 0) throw new DomainError(...(this.codes as [ExcCode, ...ExcCode[]]));
  }
}

/** Free text as stored and shown: as typed, without invisible controls (cleanText). */
export function normalizeText(value: string, multiline = false): string {
  return cleanText(value, { singleLine: !multiline });
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validatePersonal(raw: Raw<PersonalInfo>, now: Today): PersonalInfo {
  const c = new Check(now);
  const email = raw.email?.trim() ? toLatinDigits(raw.email.trim()).toLowerCase() : null;
  if (email !== null && (email.length > LIMITS.email || !EMAIL.test(email))) c.fail('EMAIL', 'IS_INVALID');
  let phone: string | null = null;
  if (raw.phone?.trim()) {
    const digits = c.digits('PHONE', raw.phone);
    if (digits !== null) {
      const compact = digits.replace(/[\s\-()]/g, '');
      if (!/^\+?\d{7,15}$/.test(compact)) c.fail('PHONE', 'IS_INVALID');
      else phone = compact;
    }
  }
  const info: PersonalInfo = {
    firstName: c.text('FIRST_NAME', raw.firstName, LIMITS.name, true)!,
    lastName: c.text('LAST_NAME', raw.lastName, LIMITS.name, true)!,
    email,
    phone,
    birthday: c.date('BIRTHDAY', raw.birthday, false),
    gender: c.choice('GENDER', raw.gender, GENDERS, false),
    maritalStatus: c.listed('MARITAL_STATUS', 'maritalStatuses', raw.maritalStatus, false),
    militaryStatus: c.listed('MILITARY_STATUS', 'militaryServiceStatuses', raw.militaryStatus, false),
    hasDisability: raw.hasDisability === true,
    isForeigner: raw.isForeigner === true,
    ...c.place(raw),
    url: c.link('URL', raw.url),
    jobTitle: c.text('JOB_TITLE', raw.jobTitle, LIMITS.short, false),
    about: c.text('ABOUT', raw.about, LIMITS.long, false),
  };
  c.done();
  return info;
}

function validateEducation(raw: Raw<Education>, now: Today): Education {
  const c = new Check(now);
  let gpa: number | null = null;
  if (raw.gpa != null && String(raw.gpa).trim() !== '') {
    const text = c.digits('GPA', String(raw.gpa));
    if (text !== null) {
      if (!/^\d{1,2}(\.\d{1,2})?$/.test(text) || Number(text) > 20) c.fail('GPA', 'IS_INVALID');
      else gpa = Number(text);
    }
  }
  const currentlyEnrolled = raw.currentlyEnrolled === true;
  const startYear = c.year('START_YEAR', raw.startYear as string | null | undefined, true);
  // Still studying: there is no end year yet, whatever the form still holds.
  const endYear = currentlyEnrolled ? null : c.year('END_YEAR', raw.endYear as string | null | undefined, true);
  if (startYear !== null && endYear !== null && endYear < startYear) c.fail('END_YEAR', 'IS_BEFORE_START_YEAR');
  const education: Education = {
    university: c.text('UNIVERSITY', raw.university, LIMITS.short, true)!,
    fieldOfStudy: c.text('FIELD_OF_STUDY', raw.fieldOfStudy, LIMITS.short, true)!,
    degreeLevel: c.listed('DEGREE_LEVEL', 'degreeLevels', raw.degreeLevel, true)!,
    gpa,
    startYear: startYear!,
    endYear,
    currentlyEnrolled,
  };
  c.done();
  return education;
}

function validateJob(raw: Raw<Job>, now: Today): Job {
  const c = new Check(now);
  const currentlyEmployed = raw.currentlyEmployed === true;
  const startDate = c.date('START_DATE', raw.startDate, true);
  // Still working there: there is no end date yet, whatever the form still holds.
  const endDate = currentlyEmployed ? null : c.date('END_DATE', raw.endDate, true);
  if (startDate !== null && endDate !== null && endDate < startDate) c.fail('END_DATE', 'IS_BEFORE_START_DATE');
  const job: Job = {
    jobTitle: c.text('JOB_TITLE', raw.jobTitle, LIMITS.short, true)!,
    companyName: c.text('COMPANY_NAME', raw.companyName, LIMITS.short, true)!,
    industry: c.listed('INDUSTRY', 'industries', raw.industry, false),
    employmentType: c.listed('EMPLOYMENT_TYPE', 'employmentTypes', raw.employmentType, false),
    ...c.place(raw),
    currentlyEmployed,
    description: c.text('DESCRIPTION', raw.description, LIMITS.long, false),
    startDate: startDate!,
    endDate,
  };
  c.done();
  return job;
}

function validateSkill(raw: Raw<Skill>, now: Today): Skill {
  const c = new Check(now);
  const skill = {
    name: c.text('NAME', raw.name, LIMITS.short, true)!,
    level: c.choice('LEVEL', raw.level, SKILL_LEVELS, true)!,
  };
  c.done();
  return skill;
}

function validateLanguage(raw: Raw<Language>, now: Today): Language {
  const c = new Check(now);
  const language = {
    name: c.text('NAME', raw.name, LIMITS.short, true)!,
    level: c.choice('LEVEL', raw.level, LANGUAGE_LEVELS, true)!,
  };
  c.done();
  return language;
}

function validateCertificate(raw: Raw<Certificate>, now: Today): Certificate {
  const c = new Check(now);
  let durationHours: number | null = null;
  if (raw.durationHours != null && String(raw.durationHours).trim() !== '') {
    const text = c.digits('DURATION_HOURS', String(raw.durationHours));
    if (text !== null) {
      if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 10_000) c.fail('DURATION_HOURS', 'IS_INVALID');
      else durationHours = Number(text);
    }
  }
  const certificate: Certificate = {
    title: c.text('TITLE', raw.title, LIMITS.short, true)!,
    issuedBy: c.text('ISSUED_BY', raw.issuedBy, LIMITS.short, true)!,
    link: c.link('LINK', raw.link),
    durationHours,
    completionDate: c.date('COMPLETION_DATE', raw.completionDate, false),
  };
  c.done();
  return certificate;
}

function validatePublication(raw: Raw<Publication>, now: Today): Publication {
  const c = new Check(now);
  const authors = (raw.authors ?? []).map((author) => normalizeText(author)).filter((author) => author !== '');
  if (authors.length > LIMITS.authors || authors.some((author) => [...author].length > LIMITS.short))
    c.fail('AUTHORS', 'IS_INVALID');
  const publication: Publication = {
    title: c.text('TITLE', raw.title, LIMITS.short * 2, true)!,
    publisher: c.text('PUBLISHER', raw.publisher, LIMITS.short, false),
    authors,
    date: c.date('DATE', raw.date, false),
    link: c.link('LINK', raw.link),
    description: c.text('DESCRIPTION', raw.description, LIMITS.long, false),
  };
  c.done();
  return publication;
}

export const VALIDATORS: { [S in SectionName]: (raw: Raw<SectionItems[S]>, now: Today) => SectionItems[S] } = {
  educations: validateEducation,
  jobs: validateJob,
  skills: validateSkill,
  certificates: validateCertificate,
  publications: validatePublication,
  languages: validateLanguage,
};
