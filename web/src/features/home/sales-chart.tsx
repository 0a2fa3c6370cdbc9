import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { useMediaQuery } from "@mantine/hooks";
import { formatMoney } from "../../../../domain/money";
import type { DailySales } from "../../../../domain/contracts/home";

const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const money = (value: number) => formatMoney(Math.round(value * 100));

interface TickProps {
  x: number | string;
  y: number | string;
  textAnchor: "start" | "middle" | "end" | "inherit";
  payload: { value: string | number };
}

/**
 * An axis label as plain SVG text. recharts' own label measures each word in the page (a
 * layout per word) and, with a string `interval`, each label again to pick which to show:
 * together most of the chart's first render, the home's longest task on a phone. The
 * offsets are the ones @mantine/charts gives its labels.
 */
const tick =
  (format: (value: string | number) => string, dx: number, dy: number, baseline: string) => (props: TickProps) => (
    <text
      x={Number(props.x) + dx}
      y={Number(props.y) + dy}
      dy={baseline}
      textAnchor={props.textAnchor}
      fontSize={12}
      fill="currentColor"
      className="recharts-cartesian-axis-tick-value"
    >
      {format(props.payload.value)}
    </text>
  );

const dayTick = tick(String, 0, 10, "0.71em");
// The grid draws no vertical lines (gridAxis "x"), but recharts still places them by measuring each day's label.
const noVerticalLines = () => [];
const moneyTick = tick((value) => money(Number(value)).replace(/,00$/, ""), -10, 0, "0.355em");

/** The last 14 days of sales as bars (recharts through @mantine/charts, loaded with this chunk only). */
export function SalesChart({ days }: { days: DailySales["days"] }) {
  // Every day's label from a tablet up, every second one on a phone, every third on a narrow one.
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
  const narrow = useMediaQuery("(max-width: 29.99em)", false, { getInitialValueInEffect: false });
  const data = days.map((d) => ({ día: dayMonth(d.date), Ventas: Number(d.sales), Pedidos: d.orders }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="día"
      series={[{ name: "Ventas", color: "blue.9" }]}
      valueFormatter={money}
      xAxisProps={{ interval: wide ? 0 : narrow ? 2 : 1, tick: dayTick }}
      yAxisProps={{ width: 90, interval: 0, tick: moneyTick }}
      gridProps={{ verticalCoordinatesGenerator: noVerticalLines }}
      withTooltip
      tooltipAnimationDuration={0}
    />
  );
}
