import type { StyleSpecification } from "maplibre-gl";

/** With no tiles reachable a map still works: a plain background, markers and lines. */
export const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": "#e8eef1" } }],
};
