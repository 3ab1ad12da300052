// The employer contract's shapes (gateway /api/v1/employers…), as the screens read them: read
// from the contract's generated types, so the screens cannot drift from what the gateway answers.
import type { ApiAnswer } from '@darmankar/api-types';
import type { ClosedListName } from '@darmankar/platform/closed-lists';
import { everyValueOf } from '../contract.ts';

/** `GET /employers/{slug}`: the whole profile, as its owner and agents see it. */
export type Employer = ApiAnswer<'/employers/{slug}', 'get'>;
/** `GET /employers/{slug}/public`: what anyone may see. */
export type PublicEmployer = ApiAnswer<'/employers/{slug}/public', 'get'>;
export type Agent = ApiAnswer<'/employers/{id}/agents', 'get'>['items'][number];
export type Template = ApiAnswer<'/employers/{id}/templates', 'get'>['items'][number];
export type Step = Template['steps'][number];

export type EmployerAction = Agent['permissions'][number];
export const EMPLOYER_ACTIONS = everyValueOf<EmployerAction>()([
  'EmployerEdit',
  'RecruitmentCreate',
  'RecruitmentEdit',
  'ApplyManage',
  'AgentManage',
  'Billing',
]);
export type StepKind = Step['kind'];
export const STEP_KINDS = everyValueOf<StepKind>()(['in_review', 'interview', 'offer', 'accepted', 'rejected']);

/** The size brackets the profile form offers (the contract takes any text; the service checks these). */
export const EMPLOYEE_COUNTS = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;

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

/** The profile fields picked from a closed list (docs/adr/023), each with its list: the form offers the list, pages show titles. */
export const PROFILE_LIST_FIELDS = {
  employerType: 'employerTypes',
  industry: 'industries',
  ownershipType: 'ownershipTypes',
  province: 'provinces',
  city: 'cities',
} as const satisfies Partial<Record<ProfileTextField, ClosedListName>>;

export function isProfileListField(field: string): field is keyof typeof PROFILE_LIST_FIELDS {
  return Object.hasOwn(PROFILE_LIST_FIELDS, field);
}

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
