/** Typed errors thrown by services; one handler maps them to the DESIGN.md §3 envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class Invalid extends AppError {
  constructor(message: string, errors?: Record<string, string>, extra?: Record<string, unknown>) {
    super(400, message, errors, extra);
  }
}
export class Unauthorized extends AppError {
  constructor(message = "Credenciales inválidas o sesión vencida.") {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = "No tenés permiso para realizar esta acción.") {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = "No se encontró el recurso solicitado.") {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(409, message, undefined, extra);
  }
}
/** Well-formed, but it contradicts what the server already holds (an Idempotency-Key reused for another order). */
export class Unprocessable extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}
export class TooMany extends AppError {
  constructor(
    message = "Demasiados intentos. Esperá un momento y volvé a intentar.",
    /** Sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}
export class Unavailable extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
