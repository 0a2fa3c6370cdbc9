import { Alert } from "@mantine/core";
import { useState } from "react";
import { useLocation } from "react-router";

/** What the client step says of the order just confirmed (or kept offline), carried by the move there. */
export type PlacedNotice = string;

export const placedNotice = (orderId: number | null): PlacedNotice =>
  orderId ? `Pedido confirmado · #${orderId}` : "Pedido confirmado";

/**
 * The order just confirmed, said on the page above the search: a notice over the top of the
 * screen covered the wizard's heading and steps on phones (docs/decisions/ui/0075-notifications-placement.md).
 */
export function PlacedStatus() {
  const notice = (useLocation().state as { notice?: PlacedNotice } | null)?.notice;
  const [closed, setClosed] = useState(false);
  if (!notice || closed) return null;
  return (
    <Alert
      color="teal"
      role="status"
      mb="md"
      withCloseButton
      closeButtonLabel="Cerrar aviso"
      onClose={() => setClosed(true)}
    >
      {notice}
    </Alert>
  );
}
