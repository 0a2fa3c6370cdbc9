import { Alert, Loader, Paper, Stack, Title, VisuallyHidden } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { formatIsoDate } from "@domain/calendar";
import { formatMoney, toCentavos } from "@domain/money";
import { can } from "@domain/permissions";
import type { DailySales, HomeFigures } from "@domain/contracts/home";
import { useCurrentUser } from "../../api/session";
import { useDailySales } from "./api/get-daily-sales";
import { useFigures } from "./api/get-figures";
import { homeKeys } from "./keys";
import { useLiveFigures } from "./live-figures";
import { SalesChart } from "./sales-chart";
import { TodayFigures } from "./today-figures";

// Only an Admin's home shows what clients owe: the accounts' code is not on anyone else's first screen.
const TotalOwed = lazy(() => import("../accounts").then((accounts) => ({ default: accounts.TotalOwed })));
// 'Lotes por vencer' for the groups that receive lots (Admin, Preparador); loaded only for them too.
const ExpiringLots = lazy(() => import("../lots").then((lots) => ({ default: lots.ExpiringLots })));

/** The chart's today is the live figure: the sales of today follow every event without asking for 14 days again. */
function withToday(days: DailySales["days"], home: HomeFigures): DailySales["days"] {
  const { figures } = home;
  if (figures.kind !== "sales") return days;
  return days.map((d) =>
    d.date === home.date ? { ...d, orders: figures.orders_today, sales: figures.sales_today } : d,
  );
}

/** The chart's figures for screen readers, which read nothing useful from the bars. */
function SalesTable({ days }: { days: DailySales["days"] }) {
  return (
    <VisuallyHidden>
      <table>
        <thead>
          <tr>
            <th>Día</th>
            <th>Pedidos</th>
            <th>Ventas</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{formatIsoDate(d.date)}</td>
              <td>{d.orders}</td>
              <td>{formatMoney(toCentavos(d.sales))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/** Issue 16 §2: the signed-in group's day at a glance, live, and the last 14 days of sales. */
export function HomeDay() {
  const group = useCurrentUser().data?.group;
  const figures = useFigures();
  const sales = useDailySales(can(group, "home.sales"));
  const client = useQueryClient();
  useLiveFigures();
  // Past midnight the chart's days move on.
  const today = figures.data?.date;
  const lastDay = sales.data?.days.at(-1)?.date;
  useEffect(() => {
    if (today && lastDay && today !== lastDay) void client.invalidateQueries({ queryKey: homeKeys.dailySales });
  }, [today, lastDay, client]);

  const days = sales.data && figures.data ? withToday(sales.data.days, figures.data) : [];
  if (figures.isError) return <Alert color="red">No se pudieron cargar las cifras del día.</Alert>;
  if (!figures.data) return <Loader aria-label="Cargando las cifras del día" />;
  return (
    <Stack gap="lg">
      <section aria-labelledby="home-today">
        <Title order={2} size="h4" mb="sm" id="home-today">
          Hoy
        </Title>
        <TodayFigures figures={figures.data.figures} date={figures.data.date} />
      </section>
      {can(group, "accounts.manage") && (
        <Suspense fallback={null}>
          <TotalOwed />
        </Suspense>
      )}
      {can(group, "lots.receive") && (
        <Suspense fallback={null}>
          <ExpiringLots />
        </Suspense>
      )}
      {sales.data && (
        <Paper component="section" withBorder p="md" radius="md" aria-labelledby="home-sales">
          <Title order={2} size="h4" mb="sm" id="home-sales">
            {sales.data.own ? "Tus ventas de los últimos 14 días" : "Ventas de los últimos 14 días"}
          </Title>
          <SalesChart days={days} />
          <SalesTable days={days} />
        </Paper>
      )}
    </Stack>
  );
}
