// Time as the domain sees it: injectable, so tests move it instead of sleeping.
export { systemClock, type Clock } from '@darmankar/platform/clock';

export const HOUR_MS = 3600_000;
export const DAY_MS = 24 * HOUR_MS;
