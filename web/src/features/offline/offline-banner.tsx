import { Alert } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useOffline } from "./connection";
import { keptDataTime } from "./kept-data";
import { offlineNotice } from "./messages";

/** "Sin conexión · datos de las 14:32" while the server cannot be reached: what is on screen is kept data. */
export function OfflineBanner() {
  const offline = useOffline();
  const client = useQueryClient();
  if (!offline) return null;
  return (
    <Alert color="orange" variant="light" py={6} mb="sm" role="status">
      {offlineNotice(keptDataTime(client))}
    </Alert>
  );
}
