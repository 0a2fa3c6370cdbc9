import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { Shipment } from "@domain/contracts/clients";
import { get } from "../../../api/http";
import { settingsKeys } from "./keys";

const getShipments = async () => z.array(Shipment).parse(await get("/get-shipments-jwt/"));

const shipmentsOptions = () => queryOptions({ queryKey: settingsKeys.shipments, queryFn: getShipments });

export const useShipments = () => useQuery(shipmentsOptions());
