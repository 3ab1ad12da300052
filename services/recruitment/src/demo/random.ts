// A seeded pseudo-random source, so the same seed gives the same postings on every machine:
// the demo data a newcomer sees and the benchmark's 100,000 postings are reproducible.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item chosen with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `count` distinct items in a random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4-shaped UUID drawn from this source (stable for a seed). */
  uuid(): string;
}

/**
 * mulberry32: 32 bits of state, fast and well spread for test data; not for anything secret.
 * Written out rather than imported: five lines, and no dependency for the service to ship.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => '0123456789abcdef'[Math.floor(next() * 16)]).join('');
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(items) {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let point = next() * total;
      for (const [item, weight] of items) {
        point -= weight;
        if (point < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    sample(items, count) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.max(0, count));
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}
