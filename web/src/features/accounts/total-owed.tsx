import { Paper, Text } from "@mantine/core";
import { useDebtors } from "./api/get-debtors";
import { money } from "./money";

/** The home's figure for an Admin: what all clients owe together, and how many owe. */
export function TotalOwed() {
  const debtors = useDebtors(1).data;
  if (!debtors) return null;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="home-owed">
      <Text size="sm" c="gray.7" id="home-owed">
        Total adeudado por clientes
      </Text>
      <Text fw={700} size="xl" data-testid="home-total-owed">
        {money(debtors.total_owed)}
      </Text>
      {/* Plain text: the home's links are its tiles; the list itself is 'Cuentas' in the menu. */}
      <Text size="sm">{debtors.count === 1 ? "1 cliente con saldo" : `${debtors.count} clientes con saldo`}</Text>
    </Paper>
  );
}
