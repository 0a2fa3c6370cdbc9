import { Badge, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { courierName } from "@domain/contracts/boards";
import type { DispatchCard } from "@domain/contracts/dispatch";
import { OrderCard } from "./order-card";
import { formatIsoDate } from "@domain/calendar";

export const SORT_MODES = ["Asignaciones", "Fecha y horario", "Zona de envio"] as const;
export type SortMode = (typeof SORT_MODES)[number];

const groupOf = (mode: SortMode, card: DispatchCard) =>
  mode === "Zona de envio"
    ? (card.FK_Shipments__Name ?? "Sin zona")
    : `${formatIsoDate(card.Delivery_Date)} · ${card.FK_TimesShipping__Name ?? "Sin horario"}`;
const sortKey = (mode: SortMode, card: DispatchCard) =>
  mode === "Zona de envio"
    ? groupOf(mode, card)
    : `${card.Delivery_Date}|${String(card.FK_TimesShipping__PK_TimesShipping ?? 0).padStart(4, "0")}`;

/** The 'Fecha y horario' and 'Zona de envio' views: the same cards grouped, each showing its courier. */
export function GroupedCards({ mode, cards }: { mode: SortMode; cards: DispatchCard[] }) {
  const groups = new Map<string, { title: string; cards: DispatchCard[] }>();
  for (const card of [...cards].sort(
    (a, b) => sortKey(mode, a).localeCompare(sortKey(mode, b)) || a.PK_Orders - b.PK_Orders,
  )) {
    const key = sortKey(mode, card);
    const group = groups.get(key) ?? { title: groupOf(mode, card), cards: [] };
    group.cards.push(card);
    groups.set(key, group);
  }
  return (
    <Stack>
      {[...groups.entries()].map(([key, group]) => (
        <section key={key} aria-label={group.title}>
          <Title order={2} size="h4" mb="xs">
            {group.title}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3, xl: 4 }}>
            {group.cards.map((card) => (
              <Stack key={card.PK_Orders} gap={2}>
                <OrderCard order={card} />
                <Badge variant="outline" size="sm">
                  {courierName(card.courier)}
                </Badge>
              </Stack>
            ))}
          </SimpleGrid>
        </section>
      ))}
      {groups.size === 0 && <Text c="dimmed">Sin pedidos para estos filtros.</Text>}
    </Stack>
  );
}
