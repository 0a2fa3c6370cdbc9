import { z } from "zod";
import { text } from "./text";
import { recordId } from "./catalog-common";

export const ActiveUser = z.object({
  id: z.number().int(),
  username: text(),
  email: text(),
  groups: z.array(text()),
});
export const PendingRegistration = z.object({
  id: z.number().int(),
  username: text(),
  email: text(),
  group: text(),
});
export const ApprovalsResponse = z.object({
  active_users: z.array(ActiveUser),
  registration_requests: z.array(PendingRegistration),
});
export type ApprovalsResponse = z.infer<typeof ApprovalsResponse>;

export const RegistrationDecision = z.object({ id: recordId() });
export const DeactivateUserRequest = z.object({ user_id: recordId() });

export const ProfileImageResponse = z.object({ success: z.literal(true), profile_image: text() });

export const PROFILE_IMAGE_REQUIRED = "Seleccione una imagen de perfil.";
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A 0.7 MB PNG can claim 16000×16000 px and cost gigabytes to decode: refused from its header. */
export const PROFILE_IMAGE_MAX_PIXELS = 40_000_000;
export const PROFILE_IMAGE_TOO_LARGE = "La imagen es demasiado grande: el máximo es de 40 megapíxeles.";
