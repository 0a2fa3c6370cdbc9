import { ADMIN_GROUP } from "./permissions";

/** What an Admin may do to an active user from the users screen (issue 29 §11). */
export type UserChange = "deactivate" | "change_group" | "reset_password";

export const SELF_DEACTIVATE = "No podés desactivar tu propio usuario.";
export const SELF_GROUP = "No podés cambiar tu propio grupo.";
export const SELF_PASSWORD = "Tu propia contraseña no se restablece desde esta pantalla.";
export const LAST_ADMIN_DEACTIVATE = "No se puede desactivar al último Admin activo.";
export const LAST_ADMIN_DEMOTE = "No se puede quitar el grupo Admin al último Admin activo.";

export interface UserChangeContext {
  actorId: number;
  target: { id: number; group: string };
  /** Active users of the Admin group, the target included when it is one. */
  activeAdmins: number;
  /** For a group change: the group asked for (unknown while the screen only asks whether it may). */
  newGroup?: string;
}

/**
 * Why an Admin may not make this change, or null when they may. Nobody changes their own
 * account here, and the last active Admin is never deactivated or moved out of the group:
 * someone must always be left to approve users.
 */
export function userChangeRefusal(change: UserChange, { actorId, target, activeAdmins, newGroup }: UserChangeContext) {
  const lastAdmin = target.group === ADMIN_GROUP && activeAdmins <= 1;
  switch (change) {
    case "deactivate":
      if (target.id === actorId) return SELF_DEACTIVATE;
      return lastAdmin ? LAST_ADMIN_DEACTIVATE : null;
    case "change_group":
      if (target.id === actorId) return SELF_GROUP;
      return lastAdmin && newGroup !== ADMIN_GROUP ? LAST_ADMIN_DEMOTE : null;
    case "reset_password":
      return target.id === actorId ? SELF_PASSWORD : null;
  }
}
