import { Center, Loader } from "@mantine/core";
import { useEffect, type ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { can, type Capability } from "../../../domain/permissions";
import { eventStream } from "../api/socket";
import { PendingOrdersSync, usePendingOrderCount } from "../features/pending-orders";
import { useCurrentUser } from "../api/session";
import { useSession } from "../stores/session";
import { useAppUpdates, usePersistentStorage } from "../features/offline";

/** Signed-in routes: no token goes to /login; the event stream and the sending of orders kept offline run while signed in. */
export function RequireSession() {
  const access = useSession((s) => s.access);
  // A new version waits while an order is open or any order taken offline has not been sent.
  useAppUpdates(usePendingOrderCount());
  usePersistentStorage();
  useEffect(() => {
    if (access) eventStream.start();
  }, [access]);
  if (!access) return <Navigate to="/login" replace />;
  return (
    <>
      <PendingOrdersSync />
      <Outlet />
    </>
  );
}

/** SPEC.md §6: a user whose group may not open a page is sent to /. */
export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading && !user)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!can(user?.group, capability)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
