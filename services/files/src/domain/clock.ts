// Time as the domain sees it: injectable, so tests move it instead of sleeping.
export type { Clock } from '@darmankar/platform/caller-identity';

export const systemClock = (): number => Date.now();
