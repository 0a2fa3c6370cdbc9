/**
 * One colour per courier column (1–12) for the plan's map and its legend: dark enough that a
 * white number on a pin reads at 4.5:1 or more, and apart from one another in hue.
 */
const COLORS = [
  "#1864ab",
  "#c92a2a",
  "#1f6b2f",
  "#862e9c",
  "#9c3d06",
  "#0b7285",
  "#a61e4d",
  "#364fc7",
  "#5c6100",
  "#5f3dc4",
  "#087f5b",
  "#7b5800",
] as const;

export const courierColor = (column: number) => COLORS[(column - 1) % COLORS.length]!;
