import { useElementSize, useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { labelled, niceTicks } from "@domain/chart-scale";
import { formatMoney } from "@domain/money";
import type { DailySales } from "@domain/contracts/home";

const HEIGHT = 220;
// Where the bars go: the value axis's labels on the left, the days' below (where recharts put them).
const PLOT = { left: 90, right: 0, top: 0, bottom: 30 };
// The labels' distance from the plot, on both axes.
const GAP = 18;
const BAR_SHARE = 0.8;
const BAR_COLOR = "var(--mantine-color-blue-9)";
const GRID_COLOR = "rgba(173, 181, 189, 0.6)";
const TEXT_COLOR = "var(--mantine-color-dimmed)";

const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const money = (value: number) => formatMoney(Math.round(value * 100));
const axisMoney = (value: number) => money(value).replace(/,00$/, "");

/** The day under the pointer: its value in a card above the bars, as the chart's tooltip. */
function DayCard({ day, x, width }: { day: DailySales["days"][number]; x: number; width: number }) {
  const left = Math.min(Math.max(x, 0), Math.max(width - 150, 0));
  return (
    <div
      role="tooltip"
      style={{
        position: "absolute",
        top: 0,
        left,
        pointerEvents: "none",
        padding: "6px 10px",
        fontSize: "var(--mantine-font-size-sm)",
        background: "var(--mantine-color-body)",
        border: "1px solid var(--mantine-color-default-border)",
        borderRadius: "var(--mantine-radius-default)",
        boxShadow: "var(--mantine-shadow-md)",
        whiteSpace: "nowrap",
      }}
    >
      <div style={{ fontWeight: 500, marginBottom: 4 }}>{dayMonth(day.date)}</div>
      <div style={{ display: "flex", alignItems: "center", gap: 8 }}>
        <span style={{ width: 12, height: 12, borderRadius: 12, background: BAR_COLOR }} />
        <span style={{ color: TEXT_COLOR }}>Ventas</span>
        <span style={{ fontWeight: 500, marginLeft: "auto" }}>{money(Number(day.sales))}</span>
      </div>
    </div>
  );
}

/**
 * The last 14 days of sales as bars, drawn as plain SVG (docs/decisions/home/0053-home-sales-chart.md).
 * Screen readers read the table beside it (home-day.tsx): the drawing is an image to them.
 */
export function SalesChart({ days }: { days: DailySales["days"] }) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const [pointed, setPointed] = useState<number | null>(null);
  // Every day's label from a tablet up, every second one on a phone, every third on a narrow one.
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
  const narrow = useMediaQuery("(max-width: 29.99em)", false, { getInitialValueInEffect: false });
  const every = wide ? 1 : narrow ? 3 : 2;

  const values = days.map((d) => Number(d.sales));
  const ticks = niceTicks(Math.max(0, ...values));
  const top = ticks.at(-1) || 1;
  const plotWidth = Math.max(width - PLOT.left - PLOT.right, 0);
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const band = days.length ? plotWidth / days.length : 0;
  const y = (value: number) => PLOT.top + plotHeight * (1 - value / top);
  const bottom = y(0);

  const point = (clientX: number, box: DOMRect) => {
    const index = Math.floor((clientX - box.left - PLOT.left) / band);
    setPointed(index >= 0 && index < days.length ? index : null);
  };

  return (
    <div ref={ref} style={{ position: "relative", height: HEIGHT }}>
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label="Gráfico de barras de las ventas por día; las cifras están en la tabla que sigue."
          style={{ display: "block", overflow: "visible", color: TEXT_COLOR }}
          onPointerMove={(e) => point(e.clientX, e.currentTarget.getBoundingClientRect())}
          onPointerLeave={() => setPointed(null)}
        >
          {ticks.map((value) => (
            <g key={value}>
              <line
                x1={PLOT.left}
                x2={width - PLOT.right}
                y1={y(value)}
                y2={y(value)}
                stroke={GRID_COLOR}
                strokeDasharray="5 5"
              />
              <text x={PLOT.left - GAP} y={y(value)} dy="0.355em" textAnchor="end" fontSize={12} fill="currentColor">
                {axisMoney(value)}
              </text>
            </g>
          ))}
          {pointed !== null && (
            <rect
              x={PLOT.left + pointed * band}
              y={PLOT.top}
              width={band}
              height={plotHeight}
              fill="var(--mantine-color-gray-light)"
            />
          )}
          {days.map((d, i) => {
            const x = PLOT.left + i * band;
            const barTop = y(Math.max(0, values[i]!));
            return (
              <g key={d.date}>
                <rect
                  x={x + (band * (1 - BAR_SHARE)) / 2}
                  y={barTop}
                  width={band * BAR_SHARE}
                  height={bottom - barTop}
                  fill={BAR_COLOR}
                  data-day={d.date}
                />
                {labelled(i, every) && (
                  <text
                    x={x + band / 2}
                    y={bottom + GAP}
                    dy="0.71em"
                    textAnchor="middle"
                    fontSize={12}
                    fill="currentColor"
                  >
                    {dayMonth(d.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {pointed !== null && days[pointed] && (
        <DayCard day={days[pointed]} x={PLOT.left + (pointed + 1) * band + 8} width={width} />
      )}
    </div>
  );
}
