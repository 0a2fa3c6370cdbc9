// Mantine's base; each component's own stylesheet comes with the chunk that uses it
// (web/vite.config.ts, mantineCssPerComponent).
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./app/responsive.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { router } from "./app/router";
import { applyDeferredStylesheets } from "./app/stylesheets";

// The first screen is built as a transition, which yields to the browser every few
// milliseconds: on a slow phone a tap during start-up is not held behind the whole build.
void applyDeferredStylesheets().then(() =>
  startTransition(() => {
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  }),
);
