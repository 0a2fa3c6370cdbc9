import { describe, expect, it } from "vitest";
import {
  LAST_ADMIN_DEACTIVATE,
  LAST_ADMIN_DEMOTE,
  SELF_DEACTIVATE,
  SELF_GROUP,
  SELF_PASSWORD,
  userChangeRefusal,
} from "@domain/user-admin";

const admin = { id: 2, group: "Admin" };
const seller = { id: 3, group: "Vendedor" };

describe("what an Admin may change of a user", () => {
  it("never their own account", () => {
    const self = { actorId: 2, target: admin, activeAdmins: 3 };
    expect(userChangeRefusal("deactivate", self)).toBe(SELF_DEACTIVATE);
    expect(userChangeRefusal("change_group", { ...self, newGroup: "Vendedor" })).toBe(SELF_GROUP);
    expect(userChangeRefusal("reset_password", self)).toBe(SELF_PASSWORD);
  });

  it("never deactivates or demotes the last active Admin, and may keep them Admin", () => {
    const last = { actorId: 1, target: admin, activeAdmins: 1 };
    expect(userChangeRefusal("deactivate", last)).toBe(LAST_ADMIN_DEACTIVATE);
    expect(userChangeRefusal("change_group", { ...last, newGroup: "Despachante" })).toBe(LAST_ADMIN_DEMOTE);
    expect(userChangeRefusal("change_group", last)).toBe(LAST_ADMIN_DEMOTE);
    expect(userChangeRefusal("change_group", { ...last, newGroup: "Admin" })).toBeNull();
    expect(userChangeRefusal("reset_password", last)).toBeNull();
  });

  it("lets another Admin or any other user be changed", () => {
    expect(userChangeRefusal("deactivate", { actorId: 1, target: admin, activeAdmins: 2 })).toBeNull();
    expect(
      userChangeRefusal("change_group", { actorId: 1, target: admin, activeAdmins: 2, newGroup: "Vendedor" }),
    ).toBeNull();
    expect(userChangeRefusal("deactivate", { actorId: 1, target: seller, activeAdmins: 1 })).toBeNull();
    expect(
      userChangeRefusal("change_group", { actorId: 1, target: seller, activeAdmins: 1, newGroup: "Admin" }),
    ).toBeNull();
  });
});
