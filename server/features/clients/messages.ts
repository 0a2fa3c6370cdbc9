/** Said by every feature that is given a client id pointing nowhere (or at a deleted client). */
export const CLIENT_NOT_FOUND = "El cliente no existe o fue eliminado.";
