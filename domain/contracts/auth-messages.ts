/** SPEC.md §2: what /login says on a refusal. Apart from the schemas so /login loads without zod. */
export const LOGIN_FAILED = "Error al iniciar sesion. Verifica tus credenciales.";
