import { useMutation } from "@tanstack/react-query";
import { post } from "../../../api/http";

/** 'Actualizar Software!': its output arrives as deploy.log events. */
const startDeploy = () => post("/deploy/");

export const useStartDeploy = () => useMutation({ mutationFn: startDeploy });
