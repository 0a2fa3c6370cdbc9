import { Button } from "@mantine/core";
import { useEffect, useState } from "react";
import type { CourierStop } from "@domain/contracts/courier";
import { COURIER_UNDO_MS } from "@domain/courier";
import { markLabel, UndoMarkConfirm } from "../../components/undo-mark";
import { useUndoMark } from "./api/undo-mark";

/** The ms left of the courier's 5 minutes to undo a mark; 0 when past or not theirs. */
const remaining = (stop: CourierStop) =>
  stop.closed_by_me && stop.closed_at
    ? Math.max(0, new Date(stop.closed_at).getTime() + COURIER_UNDO_MS - Date.now())
    : 0;

/** 'Deshacer' under a stop the courier closed in the last 5 minutes; it goes away when the time is up. */
export function UndoButton({ stop }: { stop: CourierStop }) {
  const [left, setLeft] = useState(() => remaining(stop));
  const [asking, setAsking] = useState(false);
  const undo = useUndoMark();
  useEffect(() => {
    const ms = remaining(stop);
    setLeft(ms);
    if (!ms) return;
    const timer = setTimeout(() => setLeft(0), ms);
    return () => clearTimeout(timer);
  }, [stop]);
  if (!left) return null;

  return (
    <>
      <Button mt="sm" variant="default" size="md" fullWidth onClick={() => setAsking(true)}>
        Deshacer “{markLabel(stop.state)}”
      </Button>
      <UndoMarkConfirm
        opened={asking}
        orderId={stop.order_id}
        state={stop.state}
        undo={undo}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
