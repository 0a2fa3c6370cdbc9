import { Paper, SimpleGrid, Text } from "@mantine/core";
import type { HomeFigureSet } from "@domain/contracts/home";
import { formatKilos, formatMoney, toCentavos, toGrams } from "@domain/money";

interface Figure {
  label: string;
  value: string;
  /** Last week's same weekday, for the sales figures. */
  before?: string;
}

const money = (value: string) => formatMoney(toCentavos(value));
const weekday = new Intl.DateTimeFormat("es-AR", { weekday: "long", timeZone: "UTC" });
/** "el lunes pasado a esta hora": the comparison stops at the same time of day. */
const lastWeekLabel = (date: string) => `El ${weekday.format(new Date(`${date}T12:00:00Z`))} pasado a esta hora`;

function figuresOf(figures: HomeFigureSet, date: string): Figure[] {
  switch (figures.kind) {
    case "sales":
      return [
        {
          label: figures.own ? "Tus pedidos de hoy" : "Pedidos de hoy",
          value: String(figures.orders_today),
          before: `${lastWeekLabel(date)}: ${figures.orders_last_week}`,
        },
        {
          label: figures.own ? "Tus ventas de hoy" : "Ventas de hoy",
          value: money(figures.sales_today),
          before: `${lastWeekLabel(date)}: ${money(figures.sales_last_week)}`,
        },
      ];
    case "preparation":
      return [
        { label: "Pedidos por preparar", value: String(figures.orders_to_prepare) },
        { label: "Kilos por preparar", value: formatKilos(toGrams(figures.weight_to_prepare)) },
        { label: "Lotes pendientes", value: String(figures.batches_left) },
      ];
    case "dispatch":
      return [
        { label: "Preparados", value: String(figures.prepared) },
        { label: "En camino", value: String(figures.on_the_road) },
        { label: "Entregados", value: String(figures.delivered) },
        { label: "No entregados", value: String(figures.not_delivered) },
      ];
    case "courier":
      return [
        { label: "Paradas pendientes", value: String(figures.stops_left) },
        { label: "Efectivo a cobrar", value: money(figures.cash_to_collect) },
      ];
  }
}

/** Today's figures of the user's group, one card each. */
export function TodayFigures({ figures, date }: { figures: HomeFigureSet; date: string }) {
  const shown = figuresOf(figures, date);
  return (
    <SimpleGrid
      cols={{ base: 2, sm: Math.min(shown.length, 4) }}
      component="ul"
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {shown.map((figure) => (
        <Paper key={figure.label} component="li" withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text fz={{ base: 22, xs: 28 }} fw={700} lh={1.2}>
            {figure.value}
          </Text>
          {figure.before && (
            <Text size="xs" c="dimmed" mt={4}>
              {figure.before}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
