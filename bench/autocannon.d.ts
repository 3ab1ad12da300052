// The part of autocannon 8's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }

  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers counted, whatever their status. */
    requests: { total: number };
  }

  type Instance = EventEmitter & PromiseLike<Result>;

  export default function autocannon(options: Options): Instance;
}
