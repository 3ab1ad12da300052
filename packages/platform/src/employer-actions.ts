// The actions an agent may be granted at an employer. The set is the employer contract's
// `EmployerAction` enum (proto/darmankar/employer/v1/employer.proto); the REST contract and the
// employer service's stored permissions name them in words. This table is the one place the
// two meet: the type check makes it name every value of the enum and nothing else, and every
// list of actions (the employer domain's, the gateway's schemas) is derived from it.
import { EmployerAction } from '@darmankar/proto/employer/v1/employer_pb';

const WORDS = {
  [EmployerAction.EMPLOYER_EDIT]: 'EmployerEdit',
  [EmployerAction.RECRUITMENT_CREATE]: 'RecruitmentCreate',
  [EmployerAction.RECRUITMENT_EDIT]: 'RecruitmentEdit',
  [EmployerAction.APPLY_MANAGE]: 'ApplyManage',
  [EmployerAction.AGENT_MANAGE]: 'AgentManage',
  [EmployerAction.BILLING]: 'Billing',
} as const satisfies Record<Exclude<EmployerAction, EmployerAction.UNSPECIFIED>, string>;

/** An action's word: what REST carries and the employer service stores. */
export type EmployerActionWord = (typeof WORDS)[keyof typeof WORDS];

/** Every action's word, in the enum's order. */
export const EMPLOYER_ACTIONS = Object.values(WORDS) as [EmployerActionWord, ...EmployerActionWord[]];

const VALUES = new Map<string, EmployerAction>(
  Object.entries(WORDS).map(([value, word]) => [word, Number(value) as EmployerAction]),
);

export function isEmployerAction(word: string): word is EmployerActionWord {
  return VALUES.has(word);
}

/** The enum value of a word; UNSPECIFIED for a word that names no action (the service refuses it). */
export function actionValue(word: string): EmployerAction {
  return VALUES.get(word) ?? EmployerAction.UNSPECIFIED;
}

/** The word of an enum value; undefined for UNSPECIFIED or a value this build does not know. */
export function actionWord(value: EmployerAction): EmployerActionWord | undefined {
  return (WORDS as Record<number, EmployerActionWord | undefined>)[value];
}

export { EmployerAction };
