// The employer contract's shapes (gateway /api/v1/employers…), as the screens read them.
export const EMPLOYER_ACTIONS = ['EmployerEdit', 'RecruitmentCreate', 'RecruitmentEdit', 'ApplyManage', 'AgentManage', 'Billing'] as const;
export type EmployerAction = (typeof EMPLOYER_ACTIONS)[number];

export const EMPLOYEE_COUNTS = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;
export const STEP_KINDS = ['in_review', 'interview', 'offer', 'accepted', 'rejected'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export interface PublicEmployer {
  id: string;
  slug: string;
  isSelfEmployed: boolean;
  brand: string | null;
  registeredName: string | null;
  logo: string | null;
  employerType: string | null;
  industry: string | null;
  ownershipType: string | null;
  province: string | null;
  city: string | null;
  address: string | null;
  phone: string | null;
  website: string | null;
  numberOfEmployees: string | null;
  establishmentDate: string | null;
  about: string | null;
  benefits: string[] | null;
  isPromoted: boolean;
}

export interface Employer extends PublicEmployer {
  nationalId: string | null;
  registrationNumber: string | null;
  medicalRegistrationNumber: string | null;
  cellphone: string | null;
  officialGazetteFileId: string | null;
  nationalCardFileId: string | null;
  medicalDocumentFileIds: string[] | null;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactEmail: string | null;
  isProfileCompleted: boolean;
  createdAt: string;
}

export interface Agent {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  title: string | null;
  cellphone: string;
  permissions: EmployerAction[];
  createdAt: string;
}

export interface Step {
  id: string;
  name: string;
  kind: StepKind;
  position: number;
}

export interface Template {
  id: string;
  name: string;
  isDefault: boolean;
  steps: Step[];
}

/** The text fields of the profile form, in the order the form shows them. */
export const PROFILE_TEXT_FIELDS = [
  'brand',
  'registeredName',
  'employerType',
  'industry',
  'ownershipType',
  'nationalId',
  'registrationNumber',
  'medicalRegistrationNumber',
  'province',
  'city',
  'address',
  'phone',
  'cellphone',
  'website',
  'contactFirstName',
  'contactLastName',
  'contactEmail',
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

export function logoUrl(logo: string | null | undefined, width: 64 | 128 | 256 = 64): string | null {
  return logo ? `/api/v1/files/${encodeURIComponent(logo)}?width=${width}` : null;
}

/** `nationalId` → `NATIONAL_ID`: the part of `EXC_EMPLOYERS_<FIELD>_<RULE>` a field answers to. */
export function fieldCodePart(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The first code of `codes` about `field`, if any. */
export function codeForField(codes: readonly string[] | undefined, field: string): string | undefined {
  const prefix = `EXC_EMPLOYERS_${fieldCodePart(field)}_`;
  return codes?.find((code) => code.startsWith(prefix));
}
