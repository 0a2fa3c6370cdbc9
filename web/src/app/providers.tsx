import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { cssVariablesResolver, theme } from "./theme";

// The notice container (with its transitions and swipe handling) loads after the first paint;
// notices shown before it arrives wait in the store and appear with it.
const Notifications = lazy(() => import("@mantine/notifications").then((m) => ({ default: m.Notifications })));

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* SPEC.md §9: notices close after 5 s. Bottom left: dialogs keep their close button at the
          top right and their actions at the bottom right, so a notice never covers either. */}
      <Suspense fallback={null}>
        <Notifications position="bottom-left" autoClose={5000} />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
