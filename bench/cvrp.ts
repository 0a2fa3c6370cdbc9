import { readdirSync, readFileSync } from "node:fs";
import type { Problem } from "@domain/day-plan/problem";

export interface CvrpInstance {
  name: string;
  optimum: number;
  problem: Problem;
}

const header = (text: string, key: string) => {
  const match = new RegExp(`^${key}\\s*:\\s*(.+)$`, "m").exec(text);
  if (!match) throw new Error(`${key} missing`);
  return match[1]!.trim();
};

/**
 * A TSPLIB CVRP file (EUC_2D, depot first) as a problem of one vehicle with unlimited trips:
 * distances rounded to the nearest integer (TSPLIB's nint), as the instances' optima were
 * computed; the optimum is read from the COMMENT line.
 */
export function readCvrp(path: string): CvrpInstance {
  const text = readFileSync(path, "utf8");
  const size = Number(header(text, "DIMENSION"));
  const capacity = Number(header(text, "CAPACITY"));
  const optimum = Number(/Optimal value: (\d+)/.exec(header(text, "COMMENT"))![1]);
  const lines = text.split("\n").map((l) => l.trim());
  const section = (name: string) => {
    const start = lines.indexOf(name) + 1;
    return lines.slice(start, start + size).map((l) => l.split(/\s+/).map(Number));
  };
  const points = section("NODE_COORD_SECTION");
  const demand = section("DEMAND_SECTION").map((row) => row[1]!);
  const distance = new Float64Array(size * size);
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++)
      distance[i * size + j] = Math.round(Math.hypot(points[i]![1]! - points[j]![1]!, points[i]![2]! - points[j]![2]!));
  return {
    name: header(text, "NAME"),
    optimum,
    problem: {
      size,
      distance,
      demand,
      minutesPerUnit: 0,
      serviceMinutes: 0,
      ready: Array(size).fill(Number.NEGATIVE_INFINITY),
      due: Array(size).fill(Number.POSITIVE_INFINITY),
      vehicles: [{ capacity, maxStops: Number.POSITIVE_INFINITY, shiftStart: 0, shiftEnd: Number.POSITIVE_INFINITY }],
    },
  };
}

export const cvrpInstances = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".vrp"))
    .map((f) => readCvrp(`${dir}/${f}`))
    .sort((a, b) => a.problem.size - b.problem.size);
