import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { AppEvent } from "@domain/contracts/events";
import { useCurrentUser } from "../../api/session";
import { todayInBuenosAires } from "@domain/calendar";
import { usePreparationEvents, useEvents } from "../../api/socket";
import { homeKeys } from "./keys";

/** A burst of events (a route of three stops, a busy morning) costs one read of the figures. */
const COALESCE_MS = 200;

/**
 * Today's figures follow the events the user's group receives (the server sends each group
 * only its own families): orders, batches, dispatch moves, and for a courier the changes that
 * name them. Each refetches just the figures, a few small counts.
 */
export function useLiveFigures() {
  const client = useQueryClient();
  const me = useCurrentUser().data?.id;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: homeKeys.figures });
    }, COALESCE_MS);
  };
  const mine = (event: AppEvent) => me !== undefined && ((event.data.user_ids ?? []) as number[]).includes(me);

  useEvents("order.", refresh);
  // The socket receives the preparation events of one date: the figures' (today's) batches.
  usePreparationEvents(todayInBuenosAires());
  useEvents("preparation.", refresh);
  // A courier's position moves no figure.
  useEvents("dispatch.", (event) => event.type !== "dispatch.courier_position" && refresh());
  useEvents("courier.stops_changed", (event) => mine(event) && refresh());
}
