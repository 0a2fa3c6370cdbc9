import { Center, Loader } from "@mantine/core";
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { can, type Capability } from "@domain/permissions";
import { eventStream } from "../api/socket";
import { useCurrentUser } from "../api/session";
import { useAfterFirstPaint } from "../components/after-first-paint";
import { useSession } from "../stores/session";

const SessionBackground = lazy(() => import("./session-background").then((m) => ({ default: m.SessionBackground })));

/** Signed-in routes: no token goes to /login; the event stream and the sending of orders kept offline run while signed in. */
export function RequireSession() {
  const access = useSession((s) => s.access);
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (access) eventStream.start();
  }, [access]);
  if (!access) return <Navigate to="/login" replace />;
  return (
    <>
      <Suspense fallback={null}>{painted && <SessionBackground />}</Suspense>
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
