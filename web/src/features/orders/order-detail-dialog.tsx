import { Alert, Anchor, Button, Group, Loader, Modal, SimpleGrid, Table, Text, Timeline, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { OrderDetail } from "@domain/contracts/orders";
import { formatDateTime, formatIsoDate } from "@domain/calendar";
import { finalAmountMessage } from "@domain/catch-weight";
import { formatCelsius } from "@domain/cold-chain";
import { whatsappNumber } from "@domain/courier";
import { formatMoney, toCentavos } from "@domain/money";
import { lineFigures } from "@domain/remito";
import { STATUS } from "@domain/order-status";
import { whatsappShareUrl } from "@domain/routing";
import { can } from "@domain/permissions";
import { useCurrentUser } from "../../api/session";
import { useOrderWizard } from "../../stores/order-wizard";
import { notifySuccess, notifyFailure } from "../../components/notify";
import { LineLots } from "../lots";
import { useCancelOrder } from "./api/cancel-order";
import { useOrder } from "./api/get-order";
import { useReturnToPending } from "./api/return-to-pending";
import { OrderLineCell } from "../../components/order-line-cell";

/** The client's chat with the order's final amount; none when the client has no phone. */
function WhatsAppTotal({ detail }: { detail: OrderDetail }) {
  const to = whatsappNumber(detail.client_phone ?? "");
  if (!to) return null;
  const weighed = detail.products.some((p) => p.Picked_Weight !== null);
  const message = finalAmountMessage(detail.order_id, toCentavos(detail.final_price), weighed);
  return (
    <Anchor href={whatsappShareUrl(message, to)} target="_blank" rel="noreferrer" mr="auto">
      Enviar total por WhatsApp
    </Anchor>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value || "-"}</Text>
    </div>
  );
}

export function OrderDetailDialog({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const order = useOrder(orderId);
  const cancelling = useCancelOrder();
  const navigate = useNavigate();
  const loadForModify = useOrderWizard((s) => s.loadForModify);
  const [confirming, setConfirming] = useState(false);
  const [unpreparing, setUnpreparing] = useState(false);
  const toPending = useReturnToPending();
  const { data: user } = useCurrentUser();
  // The server refuses another seller's order (403); the buttons only mirror it.
  const mayChange = (detail: OrderDetail) => can(user?.group, "orders.manage_any") || detail.seller_id === user?.id;

  async function cancel() {
    try {
      await cancelling.mutateAsync(orderId);
      notifySuccess("Pedido cancelado correctamente.");
      onClose();
    } catch (failure) {
      notifyFailure(failure, "No se pudo cancelar el pedido.");
    }
    setConfirming(false);
  }

  async function returnToPending() {
    try {
      notifySuccess((await toPending.mutateAsync(orderId)).message);
    } catch (failure) {
      notifyFailure(failure, "No se pudo volver el pedido a Pendiente.");
    }
    setUnpreparing(false);
  }

  function modify(detail: OrderDetail) {
    loadForModify(detail);
    void navigate(`/orders/${detail.client_id}/products?modifying_order=true`);
  }

  const detail = order.data;
  return (
    <Modal opened onClose={onClose} title={`Pedido #${orderId}`} size="xl">
      {order.isLoading && <Loader />}
      {order.isError && <Alert color="red">No se pudo cargar el pedido.</Alert>}
      {detail && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mb="md">
            <Field label="Cliente" value={detail.client_name} />
            <Field label="Entrega" value={`${formatIsoDate(detail.delivery_date)} ${detail.shipping_time ?? ""}`} />
            <Field label="Estado" value={detail.status} />
            <Field label="Dirección" value={detail.address} />
            <Field label="Zona" value={detail.zone} />
            <Field label="Forma de pago" value={detail.payment_method} />
            <Field label="Envío" value={formatMoney(toCentavos(detail.shipping_cost))} />
            <Field label="Total" value={formatMoney(toCentavos(detail.final_price))} />
            <Field label="Notas" value={detail.notes} />
            {detail.delivery_temperature_c !== null && (
              <Field
                label="Temperatura al entregar"
                value={[formatCelsius(detail.delivery_temperature_c), detail.delivery_temperature_note]
                  .filter(Boolean)
                  .join(" · ")}
              />
            )}
          </SimpleGrid>
          {/* Phones: type, quantity and weight go under the product, so the price and its amounts show whole. */}
          <Table aria-label="Productos del pedido">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Producto</Table.Th>
                <Table.Th visibleFrom="xs">Tipo</Table.Th>
                <Table.Th visibleFrom="xs">Cantidad</Table.Th>
                <Table.Th visibleFrom="xs" ta="right">
                  Peso
                </Table.Th>
                <Table.Th ta="right">Precio por kg</Table.Th>
                <Table.Th visibleFrom="sm" ta="right">
                  Subtotal
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.products.map((p) => {
                const figures = lineFigures(p);
                return (
                  <Table.Tr key={p.detailed_product_id}>
                    <OrderLineCell
                      name={p.product_name}
                      freezer={!!p.Virtual_Freezer}
                      phoneFigures={`${figures.quantity} · ${figures.weight} · ${p.Type}`}
                    >
                      <LineLots line={p} />
                    </OrderLineCell>
                    <Table.Td visibleFrom="xs">{p.Type}</Table.Td>
                    <Table.Td visibleFrom="xs">{figures.quantity}</Table.Td>
                    <Table.Td visibleFrom="xs" ta="right" style={{ whiteSpace: "nowrap" }}>
                      {figures.weight}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      {formatMoney(toCentavos(p.Unit_Price))}
                      {p.Type === "PROMO" ? " por promo" : ""}
                    </Table.Td>
                    <Table.Td visibleFrom="sm" ta="right" style={{ whiteSpace: "nowrap" }}>
                      {figures.subtotal}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h5" mt="md" mb="xs">
            Historial
          </Title>
          <Timeline bulletSize={14} lineWidth={2}>
            {detail.history.map((h) => (
              <Timeline.Item key={h.id} title={h.title}>
                {h.notes.map((note) => (
                  <Text key={note} size="sm">
                    {note}
                  </Text>
                ))}
                <Text size="xs" c="dimmed">
                  {formatDateTime(h.at)} {h.actor ? `· ${h.actor}` : ""}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          <Group justify="flex-end" mt="md" gap="xs">
            <WhatsAppTotal detail={detail} />
            <Button component={Link} to={`/imprimir/remito/${detail.order_id}`} variant="default">
              Imprimir remito
            </Button>
            <Button component={Link} to={`/imprimir/remito/${detail.order_id}?papel=80mm`} variant="default">
              Remito 80 mm
            </Button>
          </Group>
          {detail.status_id === STATUS.prepared && can(user?.group, "preparation.work") && (
            <Group justify="flex-end" mt="lg">
              <Button color="yellow" variant="light" onClick={() => setUnpreparing(true)}>
                Volver a Pendiente
              </Button>
            </Group>
          )}
          {detail.status_id === STATUS.confirmed && mayChange(detail) && (
            <Group justify="flex-end" mt="lg">
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                Cancelar pedido
              </Button>
              <Button onClick={() => modify(detail)}>Modificar Pedido</Button>
            </Group>
          )}
        </>
      )}
      <Modal opened={unpreparing} onClose={() => setUnpreparing(false)} title="Volver a Pendiente" centered>
        <Text mb="lg">
          {`¿Volver el pedido #${orderId} a Pendiente? Se borran los pesos reales: el precio y el stock vuelven a lo pedido.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setUnpreparing(false)}>
            No, mantener
          </Button>
          <Button color="yellow.9" onClick={() => void returnToPending()} loading={toPending.isPending}>
            Sí, volver a Pendiente
          </Button>
        </Group>
      </Modal>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Confirmación" centered>
        <Text mb="lg">{`Deseas cancelar el pedido #${orderId}? El stock volvera al inventario.`}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            No, mantener
          </Button>
          <Button color="red" onClick={cancel}>
            Si, cancelar
          </Button>
        </Group>
      </Modal>
    </Modal>
  );
}
