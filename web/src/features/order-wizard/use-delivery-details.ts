import { useCallback, useEffect, useMemo, useState } from "react";
import { todayInBuenosAires } from "@domain/calendar";
import { MAP_MESSAGES } from "@domain/contracts/map";
import type { DeliveryDetails } from "@domain/contracts/order-request";
import { firstDelivery } from "@domain/delivery-rules";
import { useReferences } from "../../api/references";
import { useMapPick } from "../../components/map-picker";
import { useOrderWizard } from "../../stores/order-wizard";
import { useUsualChoices } from "./api/get-usual-order";
import type { useWizardClient } from "./api/get-wizard-client";

/**
 * The delivery step's details being edited: those kept for this order, else on the first visit
 * the zone from the client (else a pick-up zone, else the first), today, home delivery, and the
 * slot and payment method of the client's last order (docs/decisions/order-wizard/0151-quick-order.md).
 * A point picked on the map (another tab) lands in them.
 */
export function useDeliveryDetails(clientId: number, client: ReturnType<typeof useWizardClient>) {
  const wizard = useOrderWizard();
  const listed = useReferences();
  // The client's detail brings the cities and zones too: with no signal and the lists never
  // read on this phone, the step opens on those instead of waiting.
  const detail = client.data?.detail;
  const references = useMemo(
    () => listed.data ?? (detail ? { cities: detail.cities, shipments: detail.shipments } : undefined),
    [listed.data, detail],
  );
  const usual = useUsualChoices(detail?.last_order_id);
  const [details, setDetails] = useState<DeliveryDetails | null>(wizard.details);

  useEffect(() => {
    if (details || !detail || !references || !usual.settled) return;
    const first = firstDelivery(detail, references.shipments, todayInBuenosAires());
    setDetails({ ...first, time: usual.time ?? first.time, payment_method: usual.payment ?? first.payment_method });
  }, [details, detail, references, usual]);

  const update = (patch: Partial<DeliveryDetails>) => setDetails((d) => d && { ...d, ...patch });
  const onPick = useCallback(
    (p: { lat: number; lng: number }) => setDetails((d) => d && { ...d, latitude: p.lat, longitude: p.lng }),
    [],
  );
  useMapPick(`order-${clientId}`, onPick, MAP_MESSAGES.deliveryCoordinatesSaved);
  return { details, setDetails, update, references };
}
