/** What the seller reads about the app working offline (docs/decisions/offline/). */
export const OFFLINE_MESSAGES = {
  /** Shown once the page runs a new version of the app. */
  updateApplied: "Hay una versión nueva de Frío: se aplicó.",
  offline: "Sin conexión",
  /** 'Repetir último pedido' with no signal, for a client whose last order the phone never read. */
  lastOrderNotKept: "Sin conexión: el último pedido de este cliente no está guardado en el teléfono.",
} as const;

const TIME = new Intl.DateTimeFormat("es-AR", {
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "America/Argentina/Buenos_Aires",
});

/** "Sin conexión · datos de las 14:32" (Buenos Aires time), or just "Sin conexión" with nothing kept. */
export const offlineNotice = (fetchedAt: number) =>
  fetchedAt ? `${OFFLINE_MESSAGES.offline} · datos de las ${TIME.format(fetchedAt)}` : OFFLINE_MESSAGES.offline;
