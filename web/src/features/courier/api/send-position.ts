import { useMutation } from "@tanstack/react-query";
import { post } from "../../../api/http";

interface PositionInput {
  latitude: number;
  longitude: number;
  /** Metres, whole. */
  accuracy: number;
}

const sendPosition = (body: PositionInput) => post("/courier/position/", body);

/** The board hears of it from its own event; nothing on this phone to invalidate. */
export const useSendPosition = () => useMutation({ mutationFn: sendPosition });
