import { Paper, SimpleGrid, Text } from "@mantine/core";
import type { ClientAccount } from "@domain/contracts/accounts";
import { toCentavos } from "@domain/money";
import { money } from "./money";

/** Balance, limit, available and what is taken and not delivered yet, one card each. */
export function AccountFigures({ account }: { account: ClientAccount }) {
  const available = account.available;
  const figures = [
    { label: "Saldo", value: money(account.balance), testId: "account-balance" },
    { label: "Límite de crédito", value: account.credit_limit === null ? "Sin límite" : money(account.credit_limit) },
    {
      label: "Disponible",
      value: available === null ? "-" : money(available),
      warn: available !== null && toCentavos(available) <= 0,
    },
    { label: "Pedidos sin entregar", value: money(account.open_orders_total) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} mb="md">
      {figures.map((f) => (
        <Paper component="li" withBorder p="sm" key={f.label}>
          <Text size="sm" c="gray.7">
            {f.label}
          </Text>
          <Text fw={700} size="lg" c={f.warn ? "red.9" : undefined} data-testid={f.testId}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
