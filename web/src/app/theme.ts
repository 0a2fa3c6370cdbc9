import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

/** A palette colour whose shade 9 is replaced by a darker one (white text and light badges reach 4.5:1). */
const deepened = (name: keyof typeof DEFAULT_THEME.colors, shade9: string) =>
  [...DEFAULT_THEME.colors[name]!.slice(0, 9), shade9] as unknown as MantineColorsTuple;

const DIALOG_HEADER = { header: { role: "none" } };

/**
 * Filled buttons, badges and links use shade 9 of their colour: with white text every
 * palette colour but yellow reaches 4.5:1 there (cyan 6, Mantine's default, gave 2.78:1).
 */
export const theme = createTheme({
  primaryColor: "cyan",
  primaryShade: { light: 9, dark: 8 },
  // Mantine's shade 9 of these gives 3.0–4.4:1 against white and their light backgrounds.
  colors: {
    teal: deepened("teal", "#06694b"),
    green: deepened("green", "#1f6e31"),
    lime: deepened("lime", "#4a6b0c"),
    yellow: deepened("yellow", "#7a5300"),
    orange: deepened("orange", "#b23c06"),
  },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "md",
  // Filled colours light enough (yellow) get dark text instead of white.
  autoContrast: true,
  components: {
    // A screen reader and a test find the close button by its name. Plain objects, not
    // Modal.extend: importing Modal here would put it in the chunk /login downloads.
    // A dialog's <header> (its title and close button) is no page banner: outside a section it
    // would read as a second banner landmark beside the app's (axe landmark-no-duplicate-banner).
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Cerrar" }, attributes: DIALOG_HEADER } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Cerrar" }, attributes: DIALOG_HEADER } },
    // A notice with a title draws its message in gray 6 (3.3:1 on white): dimmed keeps 4.5:1.
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Cerrar aviso" } },
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
    // A spinner is a status: its label (where it has one) is then allowed and read out.
    Loader: { defaultProps: { role: "status" } },
  },
});

/**
 * Dimmed text at gray 7 and placeholders at #6b7178 keep 4.5:1 on white (Mantine's gray 6 and 5
 * gave 3.3:1 and 2.2:1); field errors at red 9 likewise (red 6 gave 3.6:1), now that the edit
 * dialog shows a missing email or birthday as soon as it opens. The primary colour's light
 * variant (the menu's current page, light buttons) writes its text darker than cyan 9: hovered,
 * its background is cyan 2, where cyan 9 gave 4.06:1; #0a6170 gives 5.2:1. A filled colour,
 * hovered, darkens its shade 9 instead of taking the lighter shade 8 Mantine gives a shade-9
 * theme: the white text of a hovered 'Calcular' read 4.0:1 on cyan 8.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-filled-hover`,
        darken(shades[9], 0.1),
      ]),
    ),
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-placeholder": "#6b7178",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-cyan-light-color": "#0a6170",
  },
  dark: {},
});
