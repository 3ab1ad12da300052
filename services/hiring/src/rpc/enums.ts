// The contract's enums and the domain's words, both ways.
import { ApplicationChange, ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import type { ApplicationChange as ChangeWord, ApplicationState as StateWord } from '../domain/application-rules.ts';

const STATES: Record<StateWord, ApplicationState> = {
  in_progress: ApplicationState.IN_PROGRESS,
  accepted: ApplicationState.ACCEPTED,
  rejected: ApplicationState.REJECTED,
  cancelled: ApplicationState.CANCELLED,
};

const CHANGES: Record<ChangeWord, ApplicationChange> = {
  applied: ApplicationChange.APPLIED,
  read: ApplicationChange.READ,
  unread: ApplicationChange.UNREAD,
  moved: ApplicationChange.MOVED,
  rejected: ApplicationChange.REJECTED,
  cancelled: ApplicationChange.CANCELLED,
};

export const stateValue = (word: StateWord): ApplicationState => STATES[word];
export const changeValue = (word: ChangeWord): ApplicationChange => CHANGES[word];

/** A state filter: UNSPECIFIED for every state. */
export function stateWordOf(value: ApplicationState): StateWord | undefined {
  return (Object.entries(STATES) as [StateWord, ApplicationState][]).find(([, v]) => v === value)?.[0];
}
