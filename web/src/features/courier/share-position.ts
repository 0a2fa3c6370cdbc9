import { useEffect, useRef, useState } from "react";
import { POSITION_INTERVAL_MS } from "@domain/courier";
import { useSendPosition } from "./api/send-position";

const CONSENT_KEY = "frio.courier.share-position";

/**
 * Position sharing, only after the courier says yes (remembered on this phone) and only while
 * a route is open: the browser's fixes are sent at most once every 30 s.
 */
export function useSharePosition(routeOpen: boolean) {
  const [consent, setConsentState] = useState(() => localStorage.getItem(CONSENT_KEY) === "yes");
  const [lastSent, setLastSent] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lastAt = useRef(0);
  const { mutateAsync: send } = useSendPosition();

  const setConsent = (value: boolean) => {
    localStorage.setItem(CONSENT_KEY, value ? "yes" : "no");
    setConsentState(value);
  };

  useEffect(() => {
    if (!consent || !routeOpen || !("geolocation" in navigator)) return;
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        if (Date.now() - lastAt.current < POSITION_INTERVAL_MS) return;
        lastAt.current = Date.now();
        const body = {
          latitude: fix.coords.latitude,
          longitude: fix.coords.longitude,
          accuracy: Math.round(fix.coords.accuracy),
        };
        send(body).then(
          () => {
            setLastSent(new Date());
            setError(null);
          },
          () => setError("No se pudo enviar la ubicación."),
        );
      },
      () => setError("El teléfono no da la ubicación: revisá el permiso del navegador."),
      { enableHighAccuracy: true, maximumAge: 15_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [consent, routeOpen, send]);

  return { consent, setConsent, lastSent, error };
}
