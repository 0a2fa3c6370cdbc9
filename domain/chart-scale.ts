/**
 * The home's sales chart's value axis: round steps (1, 2, 2.5 or 5 times a power of ten)
 * from 0 to at least the highest value, in at most `intervals` steps, as a reader expects
 * money axes to read ($ 0, $ 2.500, $ 5.000 …).
 */
const STEPS = [1, 2, 2.5, 5, 10];

export function niceTicks(max: number, intervals = 4): number[] {
  if (!(max > 0)) return [0];
  const rough = max / intervals;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = STEPS.map((s) => s * power).find((s) => s >= rough)!;
  const count = Math.ceil(max / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** Whether the day at `index` gets its label, when one in `every` days has one (the first always does). */
export const labelled = (index: number, every: number) => index % every === 0;
