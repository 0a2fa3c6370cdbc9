import type { Database } from "../../db/types";
import { findGroupByName, hashPassword } from "../auth";
import * as repo from "./repository";

/** Makes sure the configured Admin exists with the configured password. */
export async function ensureAdmin(
  db: Database,
  username: string,
  password: string,
  onUserChanged: (userId: number) => void,
): Promise<"created" | "updated"> {
  const admin = await findGroupByName(db, "Admin");
  if (!admin) throw new Error("reference data missing: group Admin");
  const passwordHash = await hashPassword(password);
  const existing = await repo.findUserByUsername(db, username);
  if (existing) {
    await repo.updateUser(db, existing.id, { passwordHash, groupId: admin.id, isActive: true });
    onUserChanged(existing.id);
    return "updated";
  }
  await repo.insertUser(db, { username, email: "", passwordHash, groupId: admin.id, firstName: "Administrador" });
  return "created";
}
