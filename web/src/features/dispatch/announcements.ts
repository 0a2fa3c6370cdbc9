import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { courierName } from "@domain/contracts/boards";
import type { DropTarget } from "./courier-column";

const orderOf = (id: string | number) => `el pedido #${String(id).replace("card-", "")}`;
const placeOf = (target: DropTarget | undefined) =>
  !target
    ? "fuera de las columnas"
    : target.beforeId
      ? `en ${courierName(target.courier)}, antes del pedido #${target.beforeId}`
      : `en ${courierName(target.courier)}`;

/** dnd-kit reads these to screen readers; its own are in English. */
export const DISPATCH_ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Tomaste ${orderOf(active.id)}.`,
  onDragOver: ({ active, over }) =>
    `${orderOf(active.id)} está ${placeOf(over?.data.current as DropTarget | undefined)}.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `Soltaste ${orderOf(active.id)} ${placeOf(over.data.current as DropTarget | undefined)}.`
      : `Soltaste ${orderOf(active.id)} sin moverlo.`,
  onDragCancel: ({ active }) => `Cancelaste el movimiento de ${orderOf(active.id)}.`,
};

export const DISPATCH_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    "Para mover un pedido, presioná Espacio o Enter. Con las flechas izquierda y derecha pasás de un cadete a otro, con arriba y abajo cambiás su lugar. Espacio o Enter lo suelta, Escape cancela.",
};
