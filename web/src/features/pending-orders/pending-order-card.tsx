import { Badge, Button, Card, Group, List, Stack, Text } from "@mantine/core";
import { formatDateTime } from "@domain/calendar";
import { formatLineQuantity, formatMoneyWizard } from "@domain/money";
import type { PendingStatus } from "@domain/pending-orders";
import type { PendingOrder } from "./pending-store";

const STATUS_LABEL: Record<Exclude<PendingStatus, "sent">, { label: string; color: string }> = {
  pending: { label: "Pendiente", color: "orange" },
  review: { label: "Revisar", color: "red" },
  editing: { label: "En edición", color: "blue" },
};

/** A status never shrinks below its text. */
const WHOLE = { flexShrink: 0, overflow: "visible" } as const;

function StatusBadge({ order }: { order: PendingOrder }) {
  if (order.status === "sent")
    return (
      <Badge color="teal" style={WHOLE}>
        Enviado #{order.orderId}
      </Badge>
    );
  const { label, color } = STATUS_LABEL[order.status];
  return (
    <Badge color={color} style={WHOLE}>
      {label}
    </Badge>
  );
}

/** A refused order's lines, each with the server's reason under it; reasons on the whole order first. */
function Reasons({ order }: { order: PendingOrder }) {
  const general = order.reasons.filter((r) => r.productId === null);
  return (
    <Stack gap={4}>
      {general.map((r) => (
        <Text key={r.message} size="sm" c="red.9" fw={600} role="alert">
          ⚠ {r.message}
        </Text>
      ))}
      <List size="sm" spacing={4} aria-label={`Productos del pedido de ${order.clientName}`}>
        {order.draft.items.map((line) => {
          const reason = order.reasons.find((r) => r.productId === line.productId);
          return (
            <List.Item key={`${line.productId}-${line.virtual_freezer}`}>
              {line.productName} · {formatLineQuantity(line.units, line.type)}
              {reason && (
                <Text size="sm" c="red.9" fw={600}>
                  ⚠ {reason.message}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

interface PendingOrderCardProps {
  order: PendingOrder;
  onOpen(): void;
  onDiscard(): void;
}

/** One kept order: client, total, when it was taken, its state, and what the seller can do with it. */
export function PendingOrderCard({ order, onOpen, onDiscard }: PendingOrderCardProps) {
  return (
    <Card withBorder component="article" aria-label={`Pedido de ${order.clientName}`}>
      <Stack gap="xs">
        {/* A long name takes the line and the status goes under it, whole: a cut 'ENVIADO #…' loses the number. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700} style={{ flex: "1 1 12rem", minWidth: 0, overflowWrap: "anywhere" }}>
            {order.clientName}
          </Text>
          <StatusBadge order={order} />
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="gray.7">
            Tomado el {formatDateTime(order.takenAt)}
          </Text>
          <Text fw={700}>{formatMoneyWizard(order.total)}</Text>
        </Group>
        {order.status === "review" && <Reasons order={order} />}
        {order.status !== "sent" && (
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="sm" onClick={onDiscard}>
              Descartar
            </Button>
            <Button size="sm" onClick={onOpen}>
              {order.status === "review" ? "Revisar y corregir" : "Abrir"}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
