import { can, type Capability } from "@domain/permissions";
import { useCurrentUser } from "./session";

/** Whether the signed-in user's group holds the capability (domain/permissions.ts); the server checks it again. */
export function useCan(capability: Capability): boolean {
  const { data: user } = useCurrentUser();
  return can(user?.group, capability);
}
