import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { PayMethod } from "../../../../../domain/contracts/orders";
import { get } from "../../../api/http";
import { wizardKeys } from "./keys";

const getPayMethods = async () => z.array(PayMethod).parse(await get("/get-pay-methods-jwt/"));

const payMethodsOptions = () => queryOptions({ queryKey: wizardKeys.payMethods, queryFn: getPayMethods });

export const usePayMethods = () => useQuery(payMethodsOptions());
