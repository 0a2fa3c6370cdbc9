import { createTheme } from "@mantine/core";

/**
 * Filled buttons, badges and links use shade 9 of their colour: with white text every
 * palette colour but yellow reaches 4.5:1 there (cyan 6, Mantine's default, gave 2.78:1).
 */
export const theme = createTheme({
  primaryColor: "cyan",
  primaryShade: { light: 9, dark: 8 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "md",
  components: {
    // A screen reader and a test find the close button by its name. Plain objects, not
    // Modal.extend: importing Modal here would put it in the chunk /login downloads.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Cerrar" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Cerrar" } } },
  },
});
