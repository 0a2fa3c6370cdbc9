import type { Database } from "../../db/types";
import { ensureAdmin } from "./ensure-admin";
import { createProfileImages } from "./profile-images";
import { createRegistrations } from "./registrations";
import { createUserChanges } from "./user-changes";

export interface UsersServiceDeps {
  db: Database;
  uploadsDir: string;
  /** After a change to what a user's requests see of the user (deactivation, photo). */
  onUserChanged?(userId: number): void;
  /** After every session of the user ended (password reset, group change): refused on every instance. */
  onSessionsEnded?(userId: number): void;
}

/** The users feature's service, one object for its routes and the boot: registrations, an Admin's changes, profile photos. */
export function createUsersService({
  db,
  uploadsDir,
  onUserChanged = () => {},
  onSessionsEnded = () => {},
}: UsersServiceDeps) {
  return {
    ...createRegistrations({ db }),
    ...createUserChanges({ db, onUserChanged, onSessionsEnded }),
    ...createProfileImages({ db, uploadsDir, onUserChanged }),
    ensureAdmin: (username: string, password: string) => ensureAdmin(db, username, password, onUserChanged),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
