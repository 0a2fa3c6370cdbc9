import { Badge } from "@mantine/core";
import { addDays, todayInBuenosAires } from "@domain/calendar";

/**
 * How close a lot is to its expiry: 'Vencido' the day after it (a lot is usable through its
 * expiry date), 'Vence hoy', 'Vence mañana'; nothing further away.
 */
export function ExpiryBadge({ expiry, expired }: { expiry: string; expired?: boolean }) {
  const today = todayInBuenosAires();
  if (expired || expiry < today)
    return (
      <Badge color="red" variant="filled" tt="none">
        Vencido
      </Badge>
    );
  if (expiry === today)
    return (
      <Badge color="orange" variant="light" tt="none" c="orange.9">
        Vence hoy
      </Badge>
    );
  if (expiry === addDays(today, 1))
    return (
      <Badge color="yellow" variant="light" tt="none" c="yellow.9">
        Vence mañana
      </Badge>
    );
  return null;
}
