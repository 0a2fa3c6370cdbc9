import { MantineProvider } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { onlineManager, QueryCache, QueryClient } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { lazy, Suspense, type ReactNode } from "react";
import { ApiError } from "../api/messages";
import { useAfterFirstPaint } from "../components/after-first-paint";
import { hideNoticesWhenDialogsOpen, useNoticesWanted } from "../components/notify";
import { keepQueries, markReached, markUnreachable, persistOptions } from "../features/offline";
import { cssVariablesResolver, theme } from "./theme";

// The notice container (with its transitions and swipe handling) loads after the first paint,
// once notices are wanted (components/notify.ts); notices shown before it arrives wait in the
// store and appear with it.
const Notifications = lazy(() => import("@mantine/notifications").then((m) => ({ default: m.Notifications })));

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  // Whether the server answers at all, for the offline notice: a refusal is still an answer.
  queryCache: new QueryCache({
    onSuccess: markReached,
    onError: (error) => (error instanceof ApiError && error.status === 0 ? markUnreachable() : markReached()),
  }),
});
// The seller's data is kept on the device (IndexedDB) and read back on the next start.
keepQueries(queryClient);
// TanStack Query takes the browser as online until an 'offline' event: a start with no signal
// would send every query to fail. Told at once, they wait for the signal, showing the kept data.
onlineManager.setOnline(navigator.onLine);
// A dialog opening closes the notices of the step before (docs/decisions/ui/0075-notifications-placement.md).
hideNoticesWhenDialogsOpen();

/**
 * What was kept is shown at once and asked for again: it may predate events this device never
 * received (a price changed while no page was open). With no signal the queries wait, keeping it.
 */
const refreshKeptData = () => void queryClient.invalidateQueries();

/** Where the cart becomes a drawer behind a bar at the bottom (the products step's breakpoint). */
const NARROW = "(max-width: 74.99em)";

export function Providers({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const painted = useAfterFirstPaint();
  const notices = useNoticesWanted();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* SPEC.md §9: notices close after 5 s, at most 3 at once (the rest wait their turn).
          Wide screens: bottom left, clear of dialogs' close button (top right) and actions
          (bottom right). Phones and tablets: top centre under the header, clear of the bottom
          bar's 'Ver pedido' and the cart's 'Continuar' (docs/decisions/ui/0075-notifications-placement.md). */}
      <Suspense fallback={null}>
        {painted && notices && (
          <Notifications position={narrow ? "top-center" : "bottom-left"} limit={3} autoClose={5000} />
        )}
      </Suspense>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={refreshKeptData}>
        {children}
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
