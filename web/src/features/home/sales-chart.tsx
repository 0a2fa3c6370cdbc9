import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { formatMoney } from "../../../../domain/money";
import type { DailySales } from "../../../../domain/contracts/home";

const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** The last 14 days of sales as bars (recharts through @mantine/charts, loaded with this chunk only). */
export function SalesChart({ days }: { days: DailySales["days"] }) {
  const data = days.map((d) => ({ día: dayMonth(d.date), Ventas: Number(d.sales), Pedidos: d.orders }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="día"
      series={[{ name: "Ventas", color: "blue.9" }]}
      valueFormatter={(value) => formatMoney(Math.round(value * 100))}
      yAxisProps={{
        width: 90,
        tickFormatter: (value: number) => formatMoney(Math.round(value * 100)).replace(/,00$/, ""),
      }}
      withTooltip
      tooltipAnimationDuration={0}
    />
  );
}
