/**
 * The props of a box that scrolls sideways on a narrow screen: a keyboard reaches it with Tab and
 * scrolls it with the arrows, and a screen reader names it (axe: scrollable-region-focusable).
 */
export const scrollRegion = (label: string) => ({ tabIndex: 0, role: "region", "aria-label": label });
