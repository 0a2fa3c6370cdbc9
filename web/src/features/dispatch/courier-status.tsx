import { Anchor, Badge, Group, Image, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { BoardStop, CourierColumn, CourierColumns } from "@domain/contracts/courier";
import { formatMoney, toCentavos } from "@domain/money";
import { notifyError, notifySuccess } from "../../components/notify";
import type { RouteStopPoint } from "../../components/route-map";
import { stopPhotoUrl } from "./api/get-stop-photo";
import { useLinkCourier } from "./api/link-courier";
import { useUndoMark } from "./api/undo-mark";
import { todayInBuenosAires } from "@domain/calendar";
import { UndoMarkConfirm } from "../../components/undo-mark";

const STATE = {
  pendiente: ["pendiente", "blue"],
  entregado: ["entregado", "teal"],
  no_entregado: ["no entregado", "red"],
} as const;

/** "hace 3 min": how old the courier's last shared position is. */
function positionAge(at: string, now = Date.now()) {
  const minutes = Math.max(0, Math.round((now - new Date(at).getTime()) / 60_000));
  return minutes < 1
    ? "hace menos de 1 min"
    : minutes < 60
      ? `hace ${minutes} min`
      : `hace ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The linked courier's last position as a map marker for the column's route, if shared. */
export function courierPoint(data: CourierColumns | undefined, column: number): RouteStopPoint | null {
  const courier = data?.couriers.find((c) => c.column === column);
  if (!courier?.position || !courier.user) return null;
  return {
    lat: courier.position.latitude,
    lng: courier.position.longitude,
    label: `${courier.user.display_name}: ubicación ${positionAge(courier.position.at)}`,
  };
}

function PhotoLink({ stopId, label }: { stopId: number; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const open = () => stopPhotoUrl(stopId).then(setUrl, () => notifyError("No se pudo cargar la foto."));
  return (
    <>
      <Anchor component="button" size="xs" onClick={() => void open()}>
        foto
      </Anchor>
      {url && (
        <Modal
          opened
          onClose={() => {
            URL.revokeObjectURL(url);
            setUrl(null);
          }}
          title={label}
          size="lg"
        >
          <Image src={url} alt={label} />
        </Modal>
      )}
    </>
  );
}

/** The office undoes any courier's mark made today (Buenos Aires): the stop is pending again on every screen. */
function UndoStop({ stop }: { stop: BoardStop }) {
  const [asking, setAsking] = useState(false);
  const undo = useUndoMark();
  return (
    <>
      <Anchor component="button" size="xs" onClick={() => setAsking(true)} data-testid={`undo-${stop.order_id}`}>
        deshacer #{stop.order_id}
      </Anchor>
      <UndoMarkConfirm
        opened={asking}
        orderId={stop.order_id}
        state={stop.state}
        outcome=" y el pedido a Enviado"
        undo={undo}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** Under a Cadete column: its linked courier, today's stops with their state, progress and position. */
export function CourierStatus({
  column,
  data,
  date,
}: {
  column: number;
  data: CourierColumns | undefined;
  date: string;
}) {
  const link = useLinkCourier();
  const courier: CourierColumn | undefined = data?.couriers.find((c) => c.column === column);
  const choose = (value: string | null) =>
    link.mutateAsync({ column, userId: value ? Number(value) : null }).then(
      (r) => notifySuccess(r.message),
      (e: Error) => notifyError(e.message),
    );
  return (
    <Stack gap={4} mb="xs" data-testid={`courier-status-${column}`}>
      <Select
        size="xs"
        aria-label={`Cadete de la columna ${column}`}
        placeholder="Vincular cadete…"
        data={(data?.cadetes ?? []).map((c) => ({ value: String(c.id), label: c.display_name }))}
        value={courier?.user ? String(courier.user.id) : null}
        onChange={(value) => void choose(value)}
        clearable
      />
      {courier && courier.progress.total > 0 && (
        <Group gap={6} wrap="wrap">
          <Badge variant="filled" color="dark" data-testid={`progress-${column}`}>
            {courier.progress.done}/{courier.progress.total}
          </Badge>
          {courier.stops.map((stop) => (
            <Badge
              key={stop.stop_id}
              color={STATE[stop.state][1]}
              variant="light"
              data-testid={`stop-badge-${stop.order_id}`}
              data-state={stop.state}
              title={stop.reason ?? undefined}
            >
              #{stop.order_id} {STATE[stop.state][0]}
            </Badge>
          ))}
          {/* The cash difference beside its badge, whole: a badge cuts its label with an ellipsis. */}
          {courier.stops.map((stop) =>
            stop.difference && stop.difference !== "0.00" ? (
              <Text
                key={`dif-${stop.stop_id}`}
                size="sm"
                fw={600}
                c="red.9"
                data-testid={`stop-difference-${stop.order_id}`}
              >
                #{stop.order_id} dif. {formatMoney(toCentavos(stop.difference))}
              </Text>
            ) : null,
          )}
          {courier.stops
            .filter(
              (s, _i, all) =>
                s.closed_at &&
                todayInBuenosAires(new Date(s.closed_at)) === todayInBuenosAires() &&
                !all.some((o) => o.order_id === s.order_id && o.stop_id > s.stop_id),
            )
            .map((s) => (
              <UndoStop key={`undo-${s.stop_id}`} stop={s} />
            ))}
          {courier.stops
            .filter((s) => s.has_photo)
            .map((s) => (
              <PhotoLink key={s.stop_id} stopId={s.stop_id} label={`Entrega del pedido #${s.order_id}`} />
            ))}
        </Group>
      )}
      {courier?.stops.some((s) => s.state === "pendiente") && (
        <Anchor component={Link} to={`/imprimir/ruta/${column}?fecha=${date}`} size="sm" fw={600}>
          Hoja de ruta
        </Anchor>
      )}
      {courier?.position && (
        <Text size="xs" c="dimmed" data-testid={`position-${column}`}>
          Ubicación {positionAge(courier.position.at)}
        </Text>
      )}
    </Stack>
  );
}
