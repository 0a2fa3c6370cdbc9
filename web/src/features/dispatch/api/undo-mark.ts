import { useMutation } from "@tanstack/react-query";
import { post } from "../../../api/http";

const undoMark = (orderId: number) => post<{ message: string }>("/dispatch/undo/", { order_id: orderId });

/** Any courier's mark of the day; its events put the order back under its courier on every board and phone. */
export const useUndoMark = () => useMutation({ mutationFn: undoMark });
