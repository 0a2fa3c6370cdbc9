import { z } from "zod";
import { text } from "./text";
import { recordId } from "./catalog-common";
import { PageCount, PageQuery } from "./paging";

export const ActiveUser = z.object({
  id: z.number().int(),
  username: text(),
  email: text(),
  groups: z.array(text()),
  group_id: z.number().int(),
});
export type ActiveUser = z.infer<typeof ActiveUser>;
const UserGroup = z.object({ id: z.number().int(), name: text() });
const PendingRegistration = z.object({
  id: z.number().int(),
  username: text(),
  email: text(),
  group: text(),
});
/** The requests awaiting approval come a page at a time, oldest first (docs/decisions/users/0167-approvals-paged.md). */
export const ApprovalsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional().default(100),
  ...PageQuery,
});
export type ApprovalsQuery = z.infer<typeof ApprovalsQuery>;
export const ApprovalsResponse = z.object({
  active_users: z.array(ActiveUser),
  registration_requests: z.array(PendingRegistration),
  /** With `with_count=true`: every request awaiting approval, over all pages. */
  ...PageCount,
  /** Every group, Admin included: what the users screen offers to move a user to. */
  groups: z.array(UserGroup),
});
export type ApprovalsResponse = z.infer<typeof ApprovalsResponse>;

export const RegistrationDecision = z.object({ id: recordId() });
export const DeactivateUserRequest = z.object({ user_id: recordId() });
export const ResetPasswordRequest = z.object({ user_id: recordId() });
/** The new password, in this answer only: it is stored hashed and never shown again. */
export const ResetPasswordResponse = z.object({ success: z.literal(true), password: text() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;
export const GROUP_INVALID = "Elegí un grupo válido.";
export const ChangeGroupRequest = z.object({ user_id: recordId(), group_id: recordId(GROUP_INVALID) });

export const ProfileImageResponse = z.object({ success: z.literal(true), profile_image: text() });

export const PROFILE_IMAGE_REQUIRED = "Seleccione una imagen de perfil.";
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A 0.7 MB PNG can claim 16000×16000 px and cost gigabytes to decode: refused from its header. */
export const PROFILE_IMAGE_MAX_PIXELS = 40_000_000;
export const PROFILE_IMAGE_TOO_LARGE = "La imagen es demasiado grande: el máximo es de 40 megapíxeles.";
