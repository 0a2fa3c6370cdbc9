import { z } from "zod";
import { text } from "./text";
import { checkUsername, USERNAME_REQUIRED } from "../usernames";
import { recordId } from "./catalog-common";

export const LoginRequest = z.object({
  username: text().trim().min(1, "Ingresá tu usuario.").max(150),
  password: text().min(1, "Ingresá tu contraseña.").max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenPair = z.object({ access: text(), refresh: text() });
export type TokenPair = z.infer<typeof TokenPair>;

export const RefreshRequest = z.object({ refresh: text().min(1).max(512) });
export const LogoutRequest = z.object({ refresh: text().max(512).optional() });

export const CurrentUser = z.object({
  id: z.number().int(),
  username: text(),
  first_name: text(),
  last_name: text(),
  email: text(),
  profile_image: text().nullable(),
  groups: z.array(text()),
  group: text(),
  display_name: text(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const AccountGroup = z.object({ id: z.number().int(), name: text() });
export const AccountGroupsResponse = z.object({ results: z.array(AccountGroup) });
export type AccountGroup = z.infer<typeof AccountGroup>;

/** Which challenge /register-request shows: the one the server checks (ALTCHA or reCAPTCHA). */
export const CaptchaConfig = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("altcha") }),
  z.object({ provider: z.literal("recaptcha"), site_key: text(), script_url: text() }),
]);
export type CaptchaConfig = z.infer<typeof CaptchaConfig>;
export const CAPTCHA_MESSAGES = {
  loadFailed: "No se pudo cargar reCAPTCHA",
  initTimeout: "reCAPTCHA no se inicializó a tiempo",
} as const;

export const CAPTCHA_REQUIRED = "Por favor, completa el reCAPTCHA.";
export const GROUP_REQUIRED = "Selecciona un grupo.";
export const USERNAME_UNAVAILABLE = "Ese nombre de usuario no está disponible. Elegí otro.";
export const TOO_MANY_PENDING_REQUESTS =
  "Hay demasiadas solicitudes esperando aprobación. Probá de nuevo más tarde o avisá a un administrador.";

/** A new username (domain/usernames.ts), given back as stored: lower case. The register form checks it too. */
export const Username = text({ error: USERNAME_REQUIRED }).transform((raw, context) => {
  const checked = checkUsername(raw);
  if (checked.ok) return checked.username;
  context.addIssue({ code: "custom", message: checked.message });
  return z.NEVER;
});

export const RegisterRequest = z.object({
  username: Username,
  email: z.email("Ingresá un email válido.").max(254),
  password: text().min(8, "La contraseña debe tener al menos 8 caracteres.").max(256),
  group_id: recordId(GROUP_REQUIRED),
  recaptcha: text({ error: CAPTCHA_REQUIRED }).min(1, CAPTCHA_REQUIRED).max(4096),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({ success: z.boolean(), error: text().optional() });

export { LOGIN_FAILED } from "./auth-messages";
