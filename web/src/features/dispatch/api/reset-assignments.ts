import { useMutation } from "@tanstack/react-query";
import { post } from "../../../api/http";

const resetAssignments = () => post<{ message: string }>("/dispatch/reset/");

/** Its dispatch.assignment_changed event moves the cards on every board, this one included. */
export const useResetAssignments = () => useMutation({ mutationFn: resetAssignments });
