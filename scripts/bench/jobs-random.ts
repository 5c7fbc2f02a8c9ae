// The `jobs` scenario's draws: one seeded generator shared by the plan and the rows made from it,
// so that every run stores the same history and runs on either database compare.

/** Mulberry32: the same sequence for the same seed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
export const random = randomFrom(20_260_101);
/** One of `values`, the first ones more often for `skew` > 1. */
export const pick = <T>(values: readonly T[], skew = 1): T =>
  values[Math.floor(values.length * Math.pow(random(), skew))]!;
/** A whole number from `min` to `max`, both included. */
export const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const chance = (probability: number) => random() < probability;
export const minutes = (count: number) => count * 60_000;
