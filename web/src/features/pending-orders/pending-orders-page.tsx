import { Button, Group, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PENDING_MESSAGES } from "@domain/pending-orders";
import { Confirm } from "../../components/confirm";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { useOrderWizard } from "../../stores/order-wizard";
import { discardPendingOrder, openPendingOrder } from "./pending-actions";
import { PendingOrderCard } from "./pending-order-card";
import type { PendingOrder } from "./pending-store";
import { sendPendingOrders } from "./send-pending";
import { usePendingOrders } from "./use-pending-orders";

/** "Pendientes": the orders kept on this phone, oldest first, until the server takes them. */
export function PendingOrdersPage() {
  const orders = usePendingOrders();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [discarding, setDiscarding] = useState<PendingOrder | null>(null);
  const [sending, setSending] = useState(false);

  async function open(order: PendingOrder) {
    const opened = await openPendingOrder(order.key);
    if (!opened) return notifyError(PENDING_MESSAGES.notOpenable);
    useOrderWizard.getState().loadPending(opened.draft, opened.key);
    void navigate(`/orders/${opened.clientId}/products`);
  }

  async function discard() {
    if (!discarding) return;
    await discardPendingOrder(discarding.key);
    setDiscarding(null);
    notifySuccess(PENDING_MESSAGES.discarded);
  }

  async function sendNow() {
    setSending(true);
    await sendPendingOrders(queryClient).finally(() => setSending(false));
  }

  return (
    <>
      <PageTitle>Pedidos pendientes</PageTitle>
      <Group justify="space-between" mb="md">
        <Text size="sm" c="gray.7">
          Se envían solos, en el orden en que se tomaron, al recuperar la señal.
        </Text>
        <Button
          variant="light"
          onClick={sendNow}
          loading={sending}
          disabled={!orders.some((o) => o.status === "pending")}
        >
          Enviar ahora
        </Button>
      </Group>
      {!orders.length && <Text>No hay pedidos pendientes.</Text>}
      <Stack gap="sm" maw={720}>
        {orders.map((order) => (
          <PendingOrderCard
            key={order.key}
            order={order}
            onOpen={() => void open(order)}
            onDiscard={() => setDiscarding(order)}
          />
        ))}
      </Stack>
      <Confirm
        opened={!!discarding}
        message={discarding ? PENDING_MESSAGES.discard(discarding.clientName) : ""}
        confirmLabel="Sí, descartar"
        cancelLabel="No, conservar"
        onConfirm={() => void discard()}
        onCancel={() => setDiscarding(null)}
      />
    </>
  );
}
