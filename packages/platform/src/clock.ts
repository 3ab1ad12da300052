// Time as services see it: milliseconds since the epoch, injectable so tests move it instead of
// sleeping (`testClock` in ./testing.ts).
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
