import { Alert } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { useOffline } from "./connection";
import { keptDataTime } from "./kept-data";
import { offlineNotice } from "./messages";

/**
 * The time of the newest kept fetch, read again on every cache change: on a start with no
 * signal the banner shows before the kept data is read back from the device, and the restore
 * that follows only changes the cache.
 */
function useKeptDataTime() {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  return useSyncExternalStore(subscribe, () => keptDataTime(client));
}

function OfflineNotice() {
  return (
    <Alert color="orange" variant="light" py={6} mb="sm" role="status">
      {offlineNotice(useKeptDataTime())}
    </Alert>
  );
}

/** "Sin conexión · datos de las 14:32" while the server cannot be reached: what is on screen is kept data. */
export function OfflineBanner() {
  return useOffline() ? <OfflineNotice /> : null;
}
