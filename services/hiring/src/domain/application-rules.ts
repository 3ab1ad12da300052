// The rules an application's input is held to before anything is read or written: ids, the
// employer's list filters and order, a rejection's reason and description, and the words and
// keys taken from the resume copy. Each broken rule answers its catalogue code.
import { isValid } from '@darmankar/platform/closed-lists';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid } from '@darmankar/platform/input';
import { cleanText, normalizeCellphone, normalizeForSearch, toLatinDigits } from '@darmankar/platform/persian';
import type { StepKind, StepRef, TemplateRef } from './ports.ts';

export type ApplicationState = 'in_progress' | 'accepted' | 'rejected' | 'cancelled';
export type ApplicationChange = 'applied' | 'read' | 'unread' | 'moved' | 'rejected' | 'cancelled';

/** Where an application on a step of `kind` stands, as its applicant sees it. */
export function stateOf(kind: StepKind | string, cancelled = false): ApplicationState {
  if (cancelled) return 'cancelled';
  if (kind === 'accepted') return 'accepted';
  if (kind === 'rejected') return 'rejected';
  return 'in_progress';
}

/** Decided (accepted or rejected) and cancelled applications cannot be cancelled. */
export const isCancellable = (state: ApplicationState): boolean => state === 'in_progress';

const MAX_IDS = 100;

/** 1–100 distinct application ids, else EXC_HIRING_APPLY_IDS_ARE_INVALID. */
export function parseApplicationIds(ids: readonly string[]): string[] {
  const unique = [...new Set(ids.map((id) => id.trim().toLowerCase()))];
  if (unique.length < 1 || unique.length > MAX_IDS || !unique.every((id) => isUuid(id)))
    throw new DomainError('EXC_HIRING_APPLY_IDS_ARE_INVALID');
  return unique;
}

export type ListOrder = 'asc' | 'desc';

/** applied_at (oldest first) or -applied_at (newest first, the default). */
export function parseOrder(order: string | undefined): ListOrder {
  const value = (order ?? '').trim();
  if (value === '' || value === '-applied_at' || value === '-appliedAt') return 'desc';
  if (value === 'applied_at' || value === 'appliedAt') return 'asc';
  throw new DomainError('EXC_PAGINATION_ORDER_IS_INVALID');
}

export interface FilterInput {
  stepId: string;
  read?: boolean;
  text: string;
  appliedFrom: string;
  appliedTo: string;
}

export interface ApplicationFilter {
  stepId: string;
  read: boolean | null;
  /** Words every match contains (normalizeForSearch). */
  words: string[];
  /** Tehran days, YYYY-MM-DD; null for no bound. */
  from: string | null;
  to: string | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(input: string, errors: ExcCode[]): string | null {
  const value = toLatinDigits(input.trim());
  if (value === '') return null;
  const match = ISO_DATE.exec(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    errors.push('EXC_HIRING_FILTER_IS_INVALID');
    return null;
  }
  return value;
}

/** The list's filters: a step id (EXC_HIRING_STEP_IS_INVALID), dates and text (EXC_HIRING_FILTER_IS_INVALID). */
export function parseFilter(input: FilterInput): ApplicationFilter {
  const errors: ExcCode[] = [];
  const stepId = input.stepId.trim().toLowerCase();
  if (!isUuid(stepId)) errors.push('EXC_HIRING_STEP_IS_INVALID');
  const text = cleanText(input.text, { singleLine: true });
  if ([...text].length > 200) errors.push('EXC_HIRING_FILTER_IS_INVALID');
  const from = parseIsoDate(input.appliedFrom, errors);
  const to = parseIsoDate(input.appliedTo, errors);
  if (from && to && from > to && !errors.includes('EXC_HIRING_FILTER_IS_INVALID'))
    errors.push('EXC_HIRING_FILTER_IS_INVALID');
  if (errors.length > 0) throw new DomainError(...([...new Set(errors)] as [ExcCode, ...ExcCode[]]));
  const words = normalizeForSearch(text).split(' ').filter(Boolean);
  return { stepId, read: input.read ?? null, words, from, to };
}

export interface Rejection {
  reason: string;
  description: string;
}

const MAX_DESCRIPTION = 1000;

/** A reason of the rejectionReasons list and a description (as typed, at most 1,000 characters). */
export function parseRejection(reasonInput: string, descriptionInput: string): Rejection {
  const errors: ExcCode[] = [];
  const reason = reasonInput.trim();
  if (reason === '') errors.push('EXC_HIRING_REJECTION_REASON_IS_REQUIRED');
  else if (!isValid('rejectionReasons', reason)) errors.push('EXC_HIRING_REJECTION_REASON_IS_INVALID');
  const description = cleanText(descriptionInput);
  if (description === '') errors.push('EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED');
  else if ([...description].length > MAX_DESCRIPTION) errors.push('EXC_HIRING_REJECTION_DESCRIPTION_IS_TOO_LONG');
  if (errors.length > 0) throw new DomainError(...(errors as [ExcCode, ...ExcCode[]]));
  return { reason, description };
}

/** The posting's template: its own, or the employer's default one; EXC_HIRING_TEMPLATE_NOT_FOUND when gone. */
export function templateOf(templates: readonly TemplateRef[], templateId: string | null): TemplateRef {
  const found = templateId
    ? templates.find((template) => template.id === templateId)
    : templates.find((template) => template.isDefault);
  if (!found) throw new DomainError('EXC_HIRING_TEMPLATE_NOT_FOUND');
  return found;
}

/** A step of the template, else EXC_HIRING_STEP_IS_INVALID. */
export function stepOf(template: TemplateRef, stepId: string): StepRef {
  const step = template.steps.find((candidate) => candidate.id === stepId.trim().toLowerCase());
  if (!step) throw new DomainError('EXC_HIRING_STEP_IS_INVALID');
  return step;
}

/** The step a rejection moves onto: the template's first of kind rejected. */
export function rejectedStepOf(template: TemplateRef): StepRef {
  const step = template.steps.find((candidate) => candidate.kind === 'rejected');
  if (!step) throw new DomainError('EXC_HIRING_STEP_IS_INVALID');
  return step;
}

/** The name and latest job title folded for the text filter. */
export function searchTextOf(firstName: string, lastName: string, latestJobTitle: string): string {
  return normalizeForSearch(`${firstName} ${lastName} ${latestJobTitle}`);
}

/**
 * A phone number compared across applications: a cellphone as 09XXXXXXXXX, any other number
 * as its digits; null when it has fewer than 5.
 */
export function phoneKeyOf(phone: string | null): string | null {
  if (!phone) return null;
  const cellphone = normalizeCellphone(phone);
  if (cellphone) return cellphone;
  const digits = toLatinDigits(phone).replace(/\D/g, '');
  return digits.length >= 5 ? digits : null;
}

/** An email address compared across applications: trimmed, lower case. */
export function emailKeyOf(email: string | null): string | null {
  const key = (email ?? '').trim().toLowerCase();
  return key === '' ? null : key;
}
