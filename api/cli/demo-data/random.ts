/** The demo data's randomness: deterministic, so every run (and every developer) sees the same contacts. */

export /** mulberry32: a tiny deterministic generator, so the demo data are the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  };
  const chance = (probability: number) => next() < probability;
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, weighted, chance, integer };
}

export type Random = ReturnType<typeof generator>;
