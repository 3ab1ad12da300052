// The employer profile's rules (§5): free text stored as typed (cleanText; docs/conventions.md),
// numbers, dates and choices parsed (digits in any script), each broken rule one code, all of
// them reported together.
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { closedListItem, isValid, type ClosedListName } from '@darmankar/platform/closed-lists';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { tehranIsoDate } from '@darmankar/platform/jalali';
import {
  cleanText,
  isValidLegalNationalId,
  isValidNationalId,
  normalizeCellphone,
  normalizeForSearch,
  normalizePersian,
  toLatinDigits,
} from '@darmankar/platform/persian';
import { isUuid } from '@darmankar/platform/input';

const BRAND_MAX = 100;
export const NUMBER_OF_EMPLOYEES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;

/** What a caller sends: every field, empty or absent meaning none. */
export interface ProfileInput {
  brand: string;
  registeredName?: string;
  logo?: string;
  employerType?: string;
  nationalId?: string;
  registrationNumber?: string;
  medicalRegistrationNumber?: string;
  industry?: string;
  ownershipType?: string;
  province?: string;
  city?: string;
  address?: string;
  phone?: string;
  cellphone?: string;
  website?: string;
  numberOfEmployees?: string;
  establishmentDate?: string;
  about?: string;
  officialGazetteFileId?: string;
  nationalCardFileId?: string;
  medicalDocumentFileIds: string[];
  benefits: string[];
  contactFirstName?: string;
  contactLastName?: string;
  contactEmail?: string;
}

type Nullable<T> = { [K in keyof T]-?: Exclude<T[K], undefined> | (undefined extends T[K] ? null : never) };
export type Profile = Nullable<ProfileInput>;

/** Free text as typed (cleanText): one line unless `multiline`; empty is none. */
const text = (value: string | undefined, multiline = false): string | null => {
  if (value === undefined) return null;
  const cleaned = cleanText(value, { singleLine: !multiline });
  return cleaned === '' ? null : cleaned;
};

/** A value the service parses (a date, a choice, an email): digits Latin, letters normalised. */
const parsed = (value: string | undefined): string | null => {
  if (value === undefined) return null;
  const normalised = normalizePersian(value);
  return normalised === '' ? null : normalised;
};

/** Today's date in Tehran, as YYYY-MM-DD. */
export function parseBrand(input: string, errors: ExcCode[]): string {
  const brand = text(input) ?? '';
  if (brand === '') errors.push('EXC_EMPLOYERS_BRAND_IS_REQUIRED');
  else if ([...brand].length > BRAND_MAX) errors.push('EXC_EMPLOYERS_BRAND_IS_TOO_LONG');
  return brand;
}

export function throwIfAny(errors: ExcCode[]): void {
  const unique = [...new Set(errors)];
  if (unique.length > 0) throw new DomainError(...(unique as [ExcCode, ...ExcCode[]]));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The profile as stored, or every broken rule's code at once. */
export function parseProfile(input: ProfileInput, isSelfEmployed: boolean, nowMs: number): Profile {
  const errors: ExcCode[] = [];
  const tooLong = (value: string | null, max: number, code: ExcCode) => {
    if (value !== null && [...value].length > max) errors.push(code);
    return value;
  };
  const fileId = (value: string | undefined) => {
    const id = text(value);
    if (id !== null && !isUuid(id)) errors.push('EXC_EMPLOYERS_FILE_ID_IS_INVALID');
    return id;
  };
  const digitsOnly = (value: string | undefined, max: number, code: ExcCode) => {
    const digits = value === undefined ? null : toLatinDigits(value).replace(/[\s-]/g, '') || null;
    if (digits !== null && (!/^\d+$/.test(digits) || digits.length > max)) errors.push(code);
    return digits;
  };

  const brand = parseBrand(input.brand, errors);
  const registeredName = tooLong(text(input.registeredName), 200, 'EXC_EMPLOYERS_REGISTERED_NAME_IS_TOO_LONG');
  // Closed lists (docs/adr/023): the item's id, checked against the list; a city against its province.
  const picked = (list: ClosedListName, value: string | undefined, code: ExcCode, parentId?: string | null) => {
    const id = value?.trim() ?? '';
    if (id === '') return null;
    if (!isValid(list, id, parentId)) {
      errors.push(code);
      return null;
    }
    return id;
  };

  const nationalId =
    input.nationalId === undefined ? null : toLatinDigits(input.nationalId).replace(/[\s-]/g, '') || null;
  if (nationalId !== null) {
    // Organisations have the 11-digit شناسه ملی; a self-employed clinician the personal 10-digit code.
    const valid = isSelfEmployed
      ? /^\d{10}$/.test(nationalId) && isValidNationalId(nationalId)
      : isValidLegalNationalId(nationalId);
    if (!valid) errors.push('EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID');
  }

  const phone = input.phone === undefined ? null : toLatinDigits(input.phone).replace(/[\s\-()]/g, '') || null;
  if (phone !== null && !/^\+?\d{5,15}$/.test(phone)) errors.push('EXC_EMPLOYERS_PHONE_IS_INVALID');

  let cellphone: string | null = null;
  if (text(input.cellphone) !== null) {
    cellphone = normalizeCellphone(input.cellphone!);
    if (cellphone === null) errors.push('EXC_EMPLOYERS_CELLPHONE_IS_INVALID');
  }

  const website = text(input.website);
  if (website !== null) {
    let ok = false;
    try {
      const url = new URL(website);
      ok =
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.hostname.includes('.') &&
        website.length <= 200 &&
        url.username === '' &&
        url.password === '';
    } catch {
      ok = false;
    }
    if (!ok) errors.push('EXC_EMPLOYERS_WEBSITE_IS_INVALID');
  }

  const numberOfEmployees = parsed(input.numberOfEmployees);
  if (numberOfEmployees !== null && !(NUMBER_OF_EMPLOYEES as readonly string[]).includes(numberOfEmployees))
    errors.push('EXC_EMPLOYERS_NUMBER_OF_EMPLOYEES_IS_INVALID');

  const establishmentDate = parsed(input.establishmentDate);
  if (establishmentDate !== null) {
    const match = DATE.exec(establishmentDate);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    const real = date !== null && date.toISOString().slice(0, 10) === establishmentDate && Number(match![1]) >= 1800;
    if (!real) errors.push('EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_INVALID');
    else if (establishmentDate > tehranIsoDate(new Date(nowMs)))
      errors.push('EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_IN_FUTURE');
  }

  const contactEmail = parsed(input.contactEmail)?.toLowerCase() ?? null;
  if (contactEmail !== null && (contactEmail.length > 254 || !EMAIL.test(contactEmail)))
    errors.push('EXC_EMPLOYERS_CONTACT_EMAIL_IS_INVALID');

  const medicalDocumentFileIds = [
    ...new Set(input.medicalDocumentFileIds.map((id) => text(id)).filter((id): id is string => id !== null)),
  ];
  if (medicalDocumentFileIds.length > 10 || medicalDocumentFileIds.some((id) => !isUuid(id)))
    errors.push('EXC_EMPLOYERS_FILE_ID_IS_INVALID');

  // One of each: two spellings of the same benefit (ی/ي, digits, ZWNJ) are one; the first is kept as typed.
  const benefits: string[] = [];
  const benefitKeys = new Set<string>();
  for (const typed of input.benefits) {
    const benefit = text(typed);
    if (benefit === null || benefitKeys.has(normalizeForSearch(benefit))) continue;
    benefitKeys.add(normalizeForSearch(benefit));
    benefits.push(benefit);
  }
  if (benefits.length > 30 || benefits.some((b) => [...b].length > 100))
    errors.push('EXC_EMPLOYERS_BENEFITS_ARE_INVALID');

  const province = picked('provinces', input.province, 'EXC_EMPLOYERS_PROVINCE_IS_INVALID');
  const city = picked('cities', input.city, 'EXC_EMPLOYERS_CITY_IS_INVALID', province);
  const profile: Profile = {
    brand,
    registeredName,
    logo: fileId(input.logo),
    employerType: picked('employerTypes', input.employerType, 'EXC_EMPLOYERS_EMPLOYER_TYPE_IS_INVALID'),
    nationalId,
    registrationNumber: digitsOnly(input.registrationNumber, 20, 'EXC_EMPLOYERS_REGISTRATION_NUMBER_IS_INVALID'),
    medicalRegistrationNumber: digitsOnly(
      input.medicalRegistrationNumber,
      10,
      'EXC_EMPLOYERS_MEDICAL_REGISTRATION_NUMBER_IS_INVALID',
    ),
    industry: picked('industries', input.industry, 'EXC_EMPLOYERS_INDUSTRY_IS_INVALID'),
    ownershipType: picked('ownershipTypes', input.ownershipType, 'EXC_EMPLOYERS_OWNERSHIP_TYPE_IS_INVALID'),
    // A city alone names its province.
    province: province ?? (city !== null ? (closedListItem('cities', city)?.parent ?? null) : null),
    city,
    address: tooLong(text(input.address, true), 500, 'EXC_EMPLOYERS_ADDRESS_IS_TOO_LONG'),
    phone,
    cellphone,
    website,
    numberOfEmployees,
    establishmentDate,
    about: tooLong(text(input.about, true), 5000, 'EXC_EMPLOYERS_ABOUT_IS_TOO_LONG'),
    officialGazetteFileId: fileId(input.officialGazetteFileId),
    nationalCardFileId: fileId(input.nationalCardFileId),
    medicalDocumentFileIds,
    benefits,
    contactFirstName: tooLong(text(input.contactFirstName), 50, 'EXC_EMPLOYERS_CONTACT_NAME_IS_TOO_LONG'),
    contactLastName: tooLong(text(input.contactLastName), 50, 'EXC_EMPLOYERS_CONTACT_NAME_IS_TOO_LONG'),
    contactEmail,
  };
  throwIfAny(errors);
  return profile;
}

/** §5: a medical registration number, or a national id with a registration number. */
export function isProfileCompleted(profile: {
  medicalRegistrationNumber: string | null;
  nationalId: string | null;
  registrationNumber: string | null;
}): boolean {
  return (
    profile.medicalRegistrationNumber !== null || (profile.nationalId !== null && profile.registrationNumber !== null)
  );
}
