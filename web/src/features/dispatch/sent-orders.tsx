import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { BOARD_MESSAGES, type BoardOrderRow } from "@domain/contracts/boards";
import { errorMessage } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useMarkDelivered } from "./api/mark-delivered";

/** Enviado orders waiting for the courier's return, each marked Entregado from here. */
export function SentOrders({ orders }: { orders: BoardOrderRow[] }) {
  const delivering = useMarkDelivered();
  if (!orders.length) return null;

  async function deliver(id: number) {
    try {
      notifySuccess((await delivering.mutateAsync(id)).message);
    } catch (error) {
      notifyError(errorMessage(error, BOARD_MESSAGES.preparedLoadFailed));
    }
  }

  return (
    <section aria-label="Enviados">
      <Title order={2} size="h4" mt="xl" mb="xs">
        Enviados
      </Title>
      <Stack gap="xs">
        {orders.map((order) => (
          <Paper key={order.PK_Orders} withBorder p="xs">
            <Group justify="space-between">
              <Text size="sm">
                #{order.PK_Orders} {order.FK_Clients__Name} — {order.Address}
              </Text>
              <Button
                size="xs"
                variant="outline"
                loading={delivering.isPending && delivering.variables === order.PK_Orders}
                onClick={() => deliver(order.PK_Orders)}
              >
                Marcar entregado
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
