import { useMutation } from "@tanstack/react-query";
import type { RegisterRequest } from "@domain/contracts/auth";
import { post } from "../../../api/http";

const sendRegistration = (request: RegisterRequest) => post<{ success: boolean }>("/register-request/", request);

export const useSendRegistration = () => useMutation({ mutationFn: sendRegistration });
