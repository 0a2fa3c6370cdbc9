/** SPEC.md §8: how a failed call becomes the sentence a user reads. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }

  get fieldErrors(): Record<string, string> {
    const errors = (this.data as { errors?: Record<string, string> } | null)?.errors;
    return errors ?? {};
  }
}

export function messageFromBody(statusText: string, body: unknown): string {
  if (body && typeof body === "object") {
    const { detail, error, message } = body as Record<string, unknown>;
    for (const candidate of [detail, error, message]) if (typeof candidate === "string" && candidate) return candidate;
  }
  return statusText || "Error del servidor";
}

export const NO_RESPONSE = "Sin respuesta del servidor";
/** What a 403 says on every screen, instead of the screen's generic failure. */
const FORBIDDEN = "No tenés permiso para realizar esta acción.";
export const UNKNOWN_ERROR = "Error desconocido";
export const nonJson = (status: number) => `Error ${status}: respuesta no-JSON del servidor`;

/** The message to show: the server's own when it gave one (a refusal, or a dependency down: 503), else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 403) return FORBIDDEN;
  if (error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 503))
    return error.message || fallback;
  return fallback;
}

/**
 * SPEC.md §8: a failed action reads the screen's own sentence; the server's reason goes beneath
 * it when it adds something (a refusal 4xx, or a dependency down 503), never instead of it.
 */
export function failureNotice(error: unknown, fallback: string): { message: string; reason: string | null } {
  if (error instanceof ApiError && error.status === 403) return { message: FORBIDDEN, reason: null };
  const told =
    error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 503)
      ? error.message.trim()
      : "";
  return { message: fallback, reason: told && told !== fallback ? told : null };
}
