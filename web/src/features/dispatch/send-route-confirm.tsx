import { Button, Group, List, Loader, Modal, Text } from "@mantine/core";
import { courierName } from "@domain/contracts/boards";
import type { DispatchCard } from "@domain/contracts/dispatch";
import { useRoute } from "./api/get-route";

interface SendRouteConfirmProps {
  column: number;
  courier: string;
  cards: DispatchCard[];
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * 'Enviar ruta' asks first: whose phone the stops go to and which stops, in the order the
 * courier will drive them (the route 'Mostrar ruta' plans; the column's order until it loads).
 */
export function SendRouteConfirm({ column, courier, cards, sending, onConfirm, onCancel }: SendRouteConfirmProps) {
  const route = useRoute(cards.map((c) => c.PK_Orders));
  const byId = new Map(cards.map((c) => [c.PK_Orders, c]));
  const order = route.data
    ? [...route.data.stops.map((s) => s.order_id), ...route.data.without_coordinates]
    : cards.map((c) => c.PK_Orders);
  return (
    <Modal opened onClose={onCancel} title={`Enviar ruta de ${courierName(column)}`} centered>
      <Text mb="xs">
        {cards.length === 1 ? "Esta parada va" : `Estas ${cards.length} paradas van`} al teléfono de <b>{courier}</b>:
      </Text>
      <List type="ordered" mb="lg" data-testid="send-route-stops">
        {order.map((id) => (
          <List.Item key={id}>
            #{id} {byId.get(id)?.FK_Clients__Name} — {byId.get(id)?.Address}
          </List.Item>
        ))}
      </List>
      {route.isLoading && <Loader size="sm" mb="sm" aria-label="Ordenando la ruta" />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button loading={sending} onClick={onConfirm}>
          Enviar a {courier}
        </Button>
      </Group>
    </Modal>
  );
}
