import { Button } from "@mantine/core";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { usePendingOrderCount, usePendingOrders } from "./use-pending-orders";

/** Mantine darkens shade 9 on hover to shade 8 (3.6:1 under white text): hover goes darker instead. */
const DARKER_ON_HOVER = { "--button-hover": "#8a2e04" } as CSSProperties;

/** "Pendientes (N)" in the header while the phone keeps any order of the seller's (sent ones for a day). */
export function PendingOrdersBadge() {
  const orders = usePendingOrders();
  const count = usePendingOrderCount();
  if (!orders.length) return null;
  return (
    <Button component={Link} to="/orders/pending" size="compact-sm" color="orange" style={DARKER_ON_HOVER}>
      Pendientes ({count})
    </Button>
  );
}
